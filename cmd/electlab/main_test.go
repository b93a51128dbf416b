package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// commandFlags lists every flag of every command, as the code defines
// them. TestHelp checks the list against each command's -h output, so a
// new flag must be added here (and to docs/CLI.md, which TestCLIDoc
// checks).
var commandFlags = map[string][]string{
	"list": {"json"},
	"run": {"algo", "variant", "ids", "n", "order", "initiators", "crashed", "absent", "timing", "timeouts", "net",
		"forwarding", "crash-budget", "recovery", "successive", "physical", "seed", "scenario",
		"json", "schedule", "staggered", "max-steps", "max-mem", "engine", "trace", "render", "bound"},
	"check": {"algo", "variant", "ids", "n", "order", "initiators", "crashed", "absent", "timing", "timeouts", "net",
		"forwarding", "crash-budget", "recovery", "successive", "physical", "seed", "scenario",
		"schedules", "schedule", "claim", "out", "staggered", "max-steps", "max-mem", "json", "bound", "part", "parts", "part-out", "merge"},
	"fit": {"algo", "variant", "n", "order", "initiators", "crashed", "counter", "timing", "timeouts", "net", "forwarding", "physical",
		"claim", "held-out", "max-states", "max-configs", "max-mem", "mean", "runs", "seed", "json"},
	"replay":    {"render", "o", "max-mem"},
	"shrink":    {"o", "budget", "max-steps", "max-mem"},
	"claims":    {"json", "md", "claim", "algo", "compare", "out", "seed", "cases", "growth-cases", "exhaustive-limit", "max-n", "max-steps", "explore-states", "reproduce", "part", "parts", "part-out", "merge"},
	"reproduce": {"paper", "table", "runs", "seed", "json", "out"},
}

var flagLine = regexp.MustCompile(`(?m)^  -([a-z0-9-]+)`)

// helpFlags returns the flags a command's -h output lists.
func helpFlags(t *testing.T, cmd string) (string, []string) {
	t.Helper()
	for _, h := range []string{"-h", "-help", "--help"} {
		r := cli(t, cmd, h).mustCode(t, 0)
		if h != "-h" {
			continue
		}
		usage := r.stdout + r.stderr
		if !strings.HasPrefix(usage, "usage: electlab "+cmd) {
			t.Errorf("%s -h does not start with its usage line:\n%s", cmd, r)
		}
		var flags []string
		for _, m := range flagLine.FindAllStringSubmatch(usage, -1) {
			flags = append(flags, m[1])
		}
		return usage, flags
	}
	return "", nil
}

func TestHelp(t *testing.T) {
	for cmd, want := range commandFlags {
		usage, got := helpFlags(t, cmd)
		for _, f := range want {
			if !slices.Contains(got, f) {
				t.Errorf("%s -h does not mention -%s:\n%s", cmd, f, usage)
			}
		}
		for _, f := range got {
			if !slices.Contains(want, f) {
				t.Errorf("%s -h lists -%s, which this test (and docs/CLI.md) does not know", cmd, f)
			}
		}
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		r := cli(t, args...).mustCode(t, 0)
		for cmd := range commandFlags {
			if !strings.Contains(r.stdout, "  "+cmd+" ") {
				t.Errorf("%v does not list the command %s:\n%s", args, cmd, r)
			}
		}
	}
}

// TestCLIDoc: docs/CLI.md documents every command and every flag, with
// its default as the code defines it.
func TestCLIDoc(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "CLI.md"))
	if err != nil {
		t.Fatalf("docs/CLI.md: %v", err)
	}
	sections := map[string]string{}
	for _, part := range strings.Split(string(doc), "\n## ")[1:] {
		title, body, _ := strings.Cut(part, "\n")
		if f := strings.Fields(title); len(f) > 0 {
			sections[strings.Trim(f[0], "`")] = body
		}
	}
	defaultRe := regexp.MustCompile(`\(default "?([^")]*)"?\)`)
	for cmd := range commandFlags {
		body, ok := sections[cmd]
		if !ok {
			t.Errorf("docs/CLI.md has no \"## %s\" section", cmd)
			continue
		}
		if cmd == "run" || cmd == "check" {
			// The shared configuration flags have their own section.
			body += "\n" + sections["Configuration"]
		}
		usage, flags := helpFlags(t, cmd)
		for _, f := range flags {
			if !strings.Contains(body, "`-"+f+"`") {
				t.Errorf("docs/CLI.md section %s does not document `-%s`", cmd, f)
			}
		}
		// Each default the code prints must appear on the flag's row.
		for _, block := range strings.Split(usage, "\n  -")[1:] {
			name := strings.Fields(block)[0]
			m := defaultRe.FindStringSubmatch(block)
			if m == nil {
				continue
			}
			row := ""
			for _, line := range strings.Split(body, "\n") {
				if row == "" && strings.HasPrefix(line, "| `-"+name+"`") {
					row = line
				}
			}
			if row == "" {
				t.Errorf("docs/CLI.md section %s has no table row for `-%s`", cmd, name)
			} else if !strings.Contains(row, "`"+m[1]+"`") {
				t.Errorf("docs/CLI.md section %s, -%s: the default `%s` is not on its row: %s", cmd, name, m[1], row)
			}
		}
	}
}

// TestDeterminism: the same command gives the same bytes.
func TestDeterminism(t *testing.T) {
	for _, args := range [][]string{
		{"run", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-schedule", "random", "-seed", "7", "-json"},
		{"run", "-algo", "lelann", "-n", "9", "-order", "random", "-schedule", "newest", "-seed", "7", "-net", "unordered", "-json"},
		{"run", "-algo", "ringpoll", "-ids", "3,1,2,5,4", "-schedule", "random", "-staggered", "-crash-budget", "1", "-recovery", "-seed", "7", "-render", "text"},
		{"list", "-json"},
		{"claims", "-claim", "C-RING1-5", "-md"},
	} {
		a := cli(t, args...)
		b := cli(t, args...)
		if a.code != 0 || a.stdout != b.stdout || a.stderr != b.stderr || a.code != b.code {
			t.Errorf("%v is not deterministic (or failed):\n%s\n---\n%s", args, a, b)
		}
	}
	// A different seed gives a different random schedule.
	s7 := cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-schedule", "random", "-seed", "7", "-render", "text").mustCode(t, 0)
	s8 := cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-schedule", "random", "-seed", "8", "-render", "text").mustCode(t, 0)
	if s7.stdout == s8.stdout {
		t.Errorf("seeds 7 and 8 gave the same random schedule")
	}
	// Traces too.
	dir := t.TempDir()
	p1, p2 := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	cli(t, "run", "-algo", "lelann", "-ids", "3,1,2,5,4", "-schedule", "random", "-seed", "7", "-trace", p1).mustCode(t, 0)
	cli(t, "run", "-algo", "lelann", "-ids", "3,1,2,5,4", "-schedule", "random", "-seed", "7", "-trace", p2).mustCode(t, 0)
	if string(readFile(t, p1)) != string(readFile(t, p2)) {
		t.Errorf("two identical runs wrote different traces")
	}
}

// TestNoPanics: odd inputs give an ordinary exit status, never the panic
// handler's "internal error".
func TestNoPanics(t *testing.T) {
	for _, args := range [][]string{
		{"run", "-algo", "changroberts", "-ids", "2147483647,1"},
		{"run", "-algo", "changroberts", "-ids", " 3 , 1 ,2 "},
		{"run", "-algo", "lelann", "-ids", "1,2", "-crashed", "1", "-crash-budget", "1"},
		{"run", "-algo", "ringpoll", "-ids", "1,2", "-absent", "3,4,5", "-schedule", "random", "-staggered"},
		{"run", "-algo", "changroberts", "-n", "2", "-timing", "sync", "-timeouts", "early", "-net", "unordered", "-engine", "sim"},
		{"run", "-algo", "changroberts", "-ids", "3,1,2", "-max-steps", "0"},
		{"run", "-algo", "changroberts", "-ids", "3,1,2", "-max-steps", "1", "-engine", "sim"},
		{"run", "-algo", "changroberts", "-ids", "3,1,2", "-seed", "18446744073709551615", "-schedule", "random", "-order", "asc"},
		{"check", "-algo", "changroberts", "-ids", "3,1,2", "-seed", "18446744073709551615", "-schedules", "3", "-out", t.TempDir()},
		{"check", "-algo", "changroberts", "-ids", "3,1,2", "-max-steps", "1", "-schedules", "3", "-out", t.TempDir()},
		{"claims", "-claim", "C-RING1-6", "-max-n", "3", "-cases", "1"},
		{"list", "extra"},
	} {
		r := cli(t, args...)
		if r.code == 3 || strings.Contains(r.stderr, "internal error") {
			t.Errorf("%v:\n%s", args, r)
		}
		if r.code == 2 {
			r.oneErrorLine(t)
		}
	}
}
