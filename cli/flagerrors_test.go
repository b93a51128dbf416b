package cli

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// valuedFlag matches a flag line of a command's -h output that takes a
// value: "  -name type" (a bool flag has no type).
var valuedFlag = regexp.MustCompile(`(?m)^  -([a-z0-9-]+) (\w+)`)

// flagArgs are, per command, arguments that are valid on their own, so
// that a bad value of the one flag added is what the command refuses.
var flagArgs = map[string][]string{
	"run":       {"-algo", "changroberts", "-n", "3"},
	"check":     {"-algo", "changroberts", "-n", "3", "-schedules", "2"},
	"explore":   {"-algo", "changroberts", "-n", "3"},
	"fit":       {"-algo", "changroberts", "-n", "2..4"},
	"replay":    {"good.json"},
	"shrink":    {"good.json"},
	"claims":    {"-claim", "C-RING1-5", "-max-n", "3", "-cases", "1"},
	"reproduce": {"-paper", "000", "-runs", "1"},
}

// flagContext adjusts flagArgs for flags that conflict with them or need
// another flag.
var flagContext = map[string][]string{
	"run -ids":      {"-algo", "changroberts"},
	"check -ids":    {"-algo", "changroberts"},
	"explore -ids":  {"-algo", "changroberts"},
	"run -scenario": {}, "check -scenario": {}, "explore -scenario": {},
	"fit -runs": {"-algo", "changroberts", "-n", "2..4", "-mean"},
}

// pathFlags name a file or directory to write: any name is valid.
var pathFlags = map[string]bool{"run -trace": true, "replay -o": true, "shrink -o": true,
	"check -out": true, "explore -out": true, "claims -out": true, "reproduce -out": true}

// unnamedFlags are flags whose bad value is refused without naming the
// flag: the message names what is unknown and lists the known values
// instead: the same messages serve a scenario's algo and variant lines,
// and docs/ERRORS.md lists them as they are. (claims -algo names it.)
var unnamedFlags = map[string]string{
	"-algo":    `unknown algorithm "bogus" (known: `,
	"-variant": `unknown variant "bogus" for algorithm changroberts (known: `,
}

// TestBadFlagValuesNameTheFlag: every flag that takes a value, of every
// command (as its -h lists them, so a new flag is covered the day it is
// registered), refuses a value that means nothing ("bogus") and, for a
// number, a negative one: exit status 2, one line on stderr that names
// the flag, nothing run.
func TestBadFlagValuesNameTheFlag(t *testing.T) {
	good := t.TempDir()
	t.Chdir(good)
	if code, _, stderr := run([]string{"run", "-algo", "changroberts", "-ids", "3,1,2", "-trace", "good.json"}); code != 0 {
		t.Fatalf("recording a trace: %d %s", code, stderr)
	}
	tried := 0
	for _, c := range commands() {
		_, stdout, stderr := run([]string{c.name, "-h"})
		flags := valuedFlag.FindAllStringSubmatch(stdout+stderr, -1)
		if len(flags) == 0 && c.name != "list" {
			t.Errorf("%s -h lists no flag that takes a value:\n%s", c.name, stdout+stderr)
		}
		for _, m := range flags {
			name, typ := "-"+m[1], m[2]
			key := c.name + " " + name
			if pathFlags[key] {
				continue
			}
			values := []string{"bogus"}
			if typ == "int" {
				values = append(values, "-1")
			}
			for _, v := range values {
				base, ok := flagContext[key]
				if !ok {
					base = flagArgs[c.name]
				}
				args := append(append([]string{c.name}, base...), name, v)
				t.Chdir(good) // the trace to replay; nothing else is written
				code, stdout, stderr := run(args)
				tried++
				want := name
				if w, ok := unnamedFlags[name]; ok && c.name != "claims" {
					want = w
				}
				lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
				if code != 2 || len(lines) != 1 || !strings.HasPrefix(stderr, "electlab: ") || !strings.Contains(stderr, want) {
					t.Errorf("%s: exit status %d, stderr %q; want 2 and one line naming %s", strings.Join(args, " "), code, stderr, want)
				}
				if stdout != "" {
					t.Errorf("%s: printed on stdout: %q", strings.Join(args, " "), stdout)
				}
			}
		}
	}
	if tried < 100 {
		t.Errorf("only %d bad values tried: the flag lines of -h were not found", tried)
	}
	if ents, err := os.ReadDir(good); err != nil || len(ents) != 1 {
		t.Errorf("a refused command wrote into the working directory: %v %v", ents, err)
	}
}
