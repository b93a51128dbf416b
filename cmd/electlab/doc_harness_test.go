package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// harnessDoc is a doc with one example whose output matches the tool,
// with elisions, and one trace path under /tmp/.
const harnessDoc = `# A doc

    $ electlab run -algo changroberts -ids 3,1,2,5,4
    algorithm    changroberts (variant swallow)
    ...
    messages     sends 19 (coord 5, elect ...), transmissions 19, ...
    ...
    violations   none

<!-- doc-test: slow -->

    $ electlab run -algo nosuch -ids 3,1,2 2>&1
    electlab: unknown algorithm "nosuch" (known: ...)
    (exit status 2)
`

// TestDocHarnessCatchesDrift: the harness passes a doc that agrees with
// the tool, fails one whose number, line or exit status drifted, and its
// update mode rewrites the drifted doc (keeping the elisions) so that it
// passes again.
func TestDocHarnessCatchesDrift(t *testing.T) {
	check := func(text string, short, update bool) (string, []string) {
		t.Helper()
		path := filepath.Join(t.TempDir(), "doc.md")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, problems, _, err := checkDocFile(path, t.TempDir(), short, update, map[string]bool{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b), problems
	}
	if _, problems := check(harnessDoc, false, false); len(problems) > 0 {
		t.Fatalf("a doc that agrees with the tool fails: %v", problems)
	}
	for name, broken := range map[string]string{
		"a number":          strings.Replace(harnessDoc, "sends 19", "sends 18", 1),
		"a line":            strings.Replace(harnessDoc, "violations   none", "violations   one", 1),
		"an elided line":    strings.Replace(harnessDoc, "    ...\n    violations", "    violations", 1),
		"an exit status":    strings.Replace(harnessDoc, "(exit status 2)", "(exit status 1)", 1),
		"no exit status":    strings.Replace(harnessDoc, "    (exit status 2)\n", "", 1),
		"a message":         strings.Replace(harnessDoc, "unknown algorithm", "unknown algo", 1),
		"a generated block": harnessDoc + "\n<!-- doc-gen: algorithms -->\nThe 3 algorithms today.\n<!-- /doc-gen -->\n",
	} {
		_, problems := check(broken, false, false)
		if len(problems) == 0 {
			t.Errorf("%s changed: the harness does not notice", name)
			continue
		}
		if name == "an exit status" || name == "a message" {
			// In the slow block: -short leaves it out.
			if _, p := check(broken, true, false); len(p) > 0 {
				t.Errorf("%s changed in a slow block: -short runs it: %v", name, p)
			}
		}
		fixed, problems := check(broken, false, true)
		if len(problems) > 0 {
			t.Errorf("%s changed: update mode reports %v", name, problems)
		}
		if _, problems := check(fixed, false, false); len(problems) > 0 {
			t.Errorf("%s changed: the updated doc still fails: %v\n%s", name, problems, fixed)
		}
		if name == "a number" && fixed != harnessDoc {
			t.Errorf("a changed number: update mode does not restore the doc with its elisions:\n%s", fixed)
		}
	}
}

// TestDocHarnessParts: the pieces of the harness that decide what counts
// as an example, a placeholder, a documented message and an elision.
func TestDocHarnessParts(t *testing.T) {
	for s, want := range map[string]bool{
		"electlab replay FILE -render svg":                true,
		"electlab explore -algo bully -n N -crashed N":    true,
		"electlab run -algo A (-ids … | -n N) [flags]":    true,
		"electlab run -algo changroberts -ids 3,1,2":      false,
		"electlab check -claim C-RING1-5 -out /tmp/ce":    false,
		"electlab reproduce -paper 000 -table 1 -runs 50": false,
	} {
		if got := placeholderRe.MatchString(s); got != want {
			t.Errorf("placeholder in %q: %v, want %v", s, got, want)
		}
	}
	corpus := "\x00-claim \x00: no such claim\x00 (see electlab list)\x00 for algorithm \x00\x00"
	for msg, want := range map[string]bool{
		`-claim "X": no such claim for algorithm A (see electlab list)`: true,
		`-claim "X": no such claim (see electlab list)`:                 true,
		`-claim "X": no claim for algorithm A (see electlab list)`:      false,
		`-claim "X": no such claim (see electlab help)`:                 false,
	} {
		got := true
		for _, p := range messagePieces(msg) {
			got = got && inMessages(corpus, p)
		}
		if got != want {
			t.Errorf("message %q found: %v, want %v", msg, got, want)
		}
	}
	pat := []string{"a 1", "...", "c ... 3"}
	for act, want := range map[string]bool{
		"a 1\nc x 3":         true,
		"a 1\nb\nb\nc xyz 3": true,
		"a 2\nc x 3":         false,
		"a 1\nc x 3\nd":      false,
		"a 1\nb\nc x 3\nc 4": false,
	} {
		if _, got := matchOutput(pat, strings.Split(act, "\n"), false); got != want {
			t.Errorf("match %q: %v, want %v", act, got, want)
		}
	}
	for args, ok := range map[string]bool{
		"./cmd/electlab -run TestDocHarnessParts":            true,
		"./checker/explore -run '^$' -bench . -benchtime 3x": true,
		"./cmd/electlab -run TestNoSuchTest":                 false,
		"./nosuchpackage -run TestX":                         false,
		"./model -run '^$' -bench NoSuchBenchmark":           false,
	} {
		words, _ := shellSplit(args)
		if got := checkGoTest(words) == ""; got != ok {
			t.Errorf("go test %s accepted: %v, want %v (%s)", args, got, ok, checkGoTest(words))
		}
	}
	if got := renumber("trace: x (17 events; ...)", "trace: x (18 events; replay it)"); got != "trace: x (18 events; ...)" {
		t.Errorf("renumber: %q", got)
	}
}
