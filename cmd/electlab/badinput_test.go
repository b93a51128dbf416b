package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// badCase is one kind of bad input: electlab must exit with status 2,
// print exactly one line on stderr starting with "electlab: " that
// contains every string of want (the offending value, the flag), and
// print nothing on stdout.
type badCase struct {
	name string
	args []string
	want []string
	// bug, when set, names a bug found earlier in the CLI's non-test code
	// and fixed; symptom reports whether the result shows it again (the
	// case then fails as a regression, see fixedBug).
	bug     string
	symptom func(r result) bool
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	good := recordTrace(t, dir)
	goodBytes := string(readFile(t, good))

	truncated := writeFile(t, dir, "truncated.json", goodBytes[:len(goodBytes)/3])
	version := writeFile(t, dir, "version.json", strings.Replace(goodBytes, `"electlab-trace/1"`, `"electlab-trace/9"`, 1))
	notJSON := writeFile(t, dir, "notjson.txt", "this is not a trace\n")
	empty := writeFile(t, dir, "empty.json", "")
	notEnabled := editTrace(t, good, dir, "notenabled.json", func(m map[string]any) {
		evs := traceEvents(t, m)
		evs[3].(map[string]any)["event"] = "deliver 2->3 #7"
	})
	unknownAlgo := editTrace(t, good, dir, "unknownalgo.json", func(m map[string]any) { m["algorithm"] = "nosuchalgo" })
	unknownField := editTrace(t, good, dir, "unknownfield.json", func(m map[string]any) { m["colour"] = "red" })
	nonMember := editTrace(t, good, dir, "nonmember.json", func(m map[string]any) {
		m["config"].(map[string]any)["initiators"] = []any{9}
	})
	unknownClaim := editTrace(t, good, dir, "unknownclaim.json", func(m map[string]any) {
		m["violation"] = map[string]any{"property": "C-NOPE-1/bound", "step": 0, "message": "made up"}
	})

	scen := func(name, body string) string { return writeFile(t, dir, name, body) }
	scNonMember := scen("nonmember.scenario", "algo changroberts\nids 3,1,2\ninitiators 9\n")
	scEventNonMember := scen("eventnonmember.scenario", "algo changroberts\nids 3,1,2\nevent detect 9\n")
	scUnknownKey := scen("unknownkey.scenario", "algo changroberts\nids 3,1,2\ncolour red\n")
	scNoAlgo := scen("noalgo.scenario", "ids 3,1,2\n")
	scNoIDs := scen("noids.scenario", "algo changroberts\n")
	scTwice := scen("twice.scenario", "algo changroberts\nids 3,1,2\nids 1,2,3\n")
	scBadEvent := scen("badevent.scenario", "algo changroberts\nids 3,1,2\nevent explode 3\n")
	scNotEnabled := scen("notenabled.scenario", "algo changroberts\nids 3,1,2\nevent crash 3\n")
	scBadBudget := scen("badbudget.scenario", "algo changroberts\nids 3,1,2\ncrash-budget many\n")
	scBadAlgo := scen("badalgo.scenario", "algo nosuchalgo\nids 3,1,2\n")
	scEvents := scen("events.scenario", "algo changroberts\nids 3,1,2\nevent detect 3\n")
	scOK := scen("ok.scenario", "algo changroberts\nids 3,1,2\n")
	missingScenario := filepath.Join(dir, "no-such.scenario")
	missingTrace := filepath.Join(dir, "no-such-trace.json")
	traceOut := filepath.Join(dir, "out.json")

	cr := []string{"-algo", "changroberts"}
	run := func(args ...string) []string { return append([]string{"run"}, args...) }
	runCR := func(args ...string) []string { return append(append([]string{"run"}, cr...), args...) }
	checkCR := func(args ...string) []string { return append(append([]string{"check"}, cr...), args...) }

	cases := []badCase{
		// The command itself.
		{name: "no command", args: []string{}, want: []string{"command"},
			bug:     "BUG-1: with no command, electlab prints the 10-line usage on stderr instead of one \"electlab: \" line",
			symptom: func(r result) bool { return r.code == 2 && len(r.stderrLines()) > 1 }},
		{name: "unknown command", args: []string{"frobnicate"}, want: []string{`"frobnicate"`}},
		{name: "unknown flag run", args: runCR("-ids", "1,2", "-bogus"), want: []string{"-bogus"}},
		{name: "unknown flag list", args: []string{"list", "-bogus"}, want: []string{"-bogus"}},
		{name: "unknown flag claims", args: []string{"claims", "-bogus"}, want: []string{"-bogus"}},
		{name: "flag without its value", args: []string{"run", "-algo"}, want: []string{"-algo", "needs an argument"}},
		{name: "bad boolean value", args: runCR("-ids", "1,2", "-json=maybe"), want: []string{`"maybe"`, "-json"}},
		{name: "flag value not an integer", args: runCR("-n", "five"), want: []string{`"five"`, "-n"}},
		{name: "unexpected argument", args: runCR("-ids", "1,2", "extra"), want: []string{`"extra"`}},

		// The configuration flags (run and check share them).
		{name: "missing -algo", args: run("-ids", "1,2"), want: []string{"-algo"}},
		{name: "unknown algorithm", args: run("-algo", "nosuchalgo", "-ids", "1,2"), want: []string{`"nosuchalgo"`}},
		{name: "unknown variant", args: runCR("-ids", "1,2", "-variant", "nosuchreading"), want: []string{`"nosuchreading"`}},
		{name: "two readings of one ambiguity", args: runCR("-ids", "1,2", "-variant", "swallow,resend"), want: []string{"swallow,resend"}},
		{name: "missing -ids and -n", args: runCR(), want: []string{"-ids", "-n"}},
		{name: "duplicate ids", args: runCR("-ids", "1,2,2"), want: []string{"duplicate", "2"}},
		{name: "non-numeric id", args: runCR("-ids", "1,x,3"), want: []string{`"x"`}},
		{name: "empty id in list", args: runCR("-ids", "1,,3"), want: []string{`""`, "-ids"}},
		{name: "id out of range", args: runCR("-ids", "1,99999999999"), want: []string{"-ids: process id 99999999999 is out of range (ids are 1..2147483647)"}},
		{name: "blank ids", args: runCR("-ids", " "), want: []string{"-ids is empty"}},
		{name: "zero id", args: runCR("-ids", "0,1,2"), want: []string{"0", "not positive"}},
		{name: "negative id", args: runCR("-ids", "-3,1,2"), want: []string{"-3"}},
		{name: "single id", args: runCR("-ids", "5"), want: []string{"at least 2", "-ids 5"}},
		{name: "n below 2", args: runCR("-n", "1"), want: []string{"-n 1"}},
		{name: "n zero", args: runCR("-n", "0"), want: []string{"-n 0"}},
		{name: "n too large", args: runCR("-n", "60000000"), want: []string{"n=60000000 needs about", "over -max-mem 1GiB"}},
		{name: "n too large, no bound", args: runCR("-n", "60000000", "-max-mem", "0"), want: []string{"-n 60000000: more than 50000000 processes is not supported"}},
		{name: "ids with n", args: runCR("-ids", "1,2,3", "-n", "3"), want: []string{"-ids", "-n"}},
		{name: "order with ids", args: runCR("-ids", "1,2,3", "-order", "desc"), want: []string{"-order"}},
		{name: "bad order", args: runCR("-n", "3", "-order", "sideways"), want: []string{`"sideways"`}},
		{name: "bad timing", args: runCR("-n", "3", "-timing", "eventually"), want: []string{"-timing", `"eventually"`}},
		{name: "bad timeouts", args: runCR("-n", "3", "-timeouts", "late"), want: []string{"-timeouts", `"late"`}},
		{name: "bad net", args: runCR("-n", "3", "-net", "lossy"), want: []string{"-net", `"lossy"`}},
		{name: "bad forwarding", args: runCR("-n", "3", "-forwarding", "maybe"), want: []string{"-forwarding", `"maybe"`}},
		{name: "initiator not a member", args: runCR("-ids", "3,1,2", "-initiators", "9"), want: []string{"initiator", "9"}},
		{name: "initiators empty", args: runCR("-ids", "3,1,2", "-initiators", ""), want: []string{"-initiators"}},
		{name: "initiator listed twice", args: runCR("-ids", "3,1,2", "-initiators", "1,1"), want: []string{"initiator", "1", "twice"}},
		{name: "crashed initiator", args: runCR("-ids", "3,1,2", "-crashed", "2", "-initiators", "2"), want: []string{"initiator 2", "crashed"}},
		{name: "absent initiator", args: runCR("-ids", "3,1,2", "-absent", "4", "-initiators", "4"), want: []string{"initiator 4", "absent"}},
		{name: "crashed not a member", args: runCR("-ids", "3,1,2", "-crashed", "7"), want: []string{"crashed", "7"}},
		{name: "crashed and absent", args: runCR("-ids", "3,1,2", "-absent", "4", "-crashed", "4"), want: []string{"4", "absent"}},
		{name: "bad absent id", args: runCR("-ids", "3,1,2", "-absent", "x"), want: []string{"-absent", `"x"`}},
		{name: "no live process", args: runCR("-ids", "3,1,2", "-crashed", "1,2,3"), want: []string{"no live process", "3,1,2"}},
		{name: "crash budget above live", args: runCR("-ids", "3,1,2", "-crashed", "1", "-crash-budget", "3"), want: []string{"crash budget 3", "0..2"}},
		{name: "negative crash budget", args: runCR("-ids", "3,1,2", "-crash-budget", "-1"), want: []string{"-crash-budget -1"}},

		// run's own flags.
		{name: "bad schedule", args: runCR("-ids", "3,1,2", "-schedule", "chaotic"), want: []string{`"chaotic"`}},
		{name: "bad engine", args: runCR("-ids", "3,1,2", "-engine", "warp"), want: []string{`"warp"`}},
		{name: "engine sim with random schedule", args: runCR("-ids", "3,1,2", "-engine", "sim", "-schedule", "random"), want: []string{"-engine sim", "random"}},
		{name: "engine sim with crash budget", args: runCR("-ids", "3,1,2", "-engine", "sim", "-crash-budget", "1"), want: []string{"-crash-budget"}},
		{name: "engine sim with trace", args: runCR("-ids", "3,1,2", "-engine", "sim", "-trace", traceOut), want: []string{"-engine sim", "-trace"}},
		{name: "bad render run", args: runCR("-ids", "3,1,2", "-render", "png"), want: []string{`"png"`}},
		{name: "negative max-steps run", args: runCR("-ids", "3,1,2", "-max-steps", "-1"), want: []string{"-max-steps", "-1 is negative"}},
		{name: "word max-steps run", args: runCR("-ids", "3,1,2", "-max-steps", "lots"), want: []string{"-max-steps", "want auto, 0 (no cap)"}},
		{name: "bad max-mem run", args: runCR("-ids", "3,1,2", "-max-mem", "lots"), want: []string{"-max-mem", "bad size"}},
		{name: "run over max-mem", args: runCR("-n", "100000", "-engine", "world", "-max-mem", "1MiB"), want: []string{"the World engine for n=100000 needs about", "over -max-mem 1MiB"}},
		{name: "sim over max-mem", args: runCR("-n", "100000", "-engine", "sim", "-max-mem", "1MiB"), want: []string{"the fast simulator for n=100000 needs about", "over -max-mem 1MiB"}},
		{name: "check over max-mem", args: checkCR("-n", "100000", "-max-mem", "1MiB"), want: []string{"the World engine for n=100000", "over -max-mem 1MiB"}},
		{name: "explore over max-mem", args: []string{"explore", "-algo", "changroberts", "-n", "100000", "-max-mem", "1MiB"}, want: []string{"an exhaustive search for n=100000", "over -max-mem 1MiB"}},
		{name: "shrink no file", args: []string{"shrink"}, want: []string{"shrink: missing trace FILE"}},
		{name: "shrink missing file", args: []string{"shrink", "/nonexistent/t.json"}, want: []string{"/nonexistent/t.json"}},
		{name: "shrink negative budget", args: []string{"shrink", "x.json", "-budget", "-1"}, want: []string{"-budget -1 is negative"}},

		// Scenario files.
		{name: "scenario with -algo", args: []string{"run", "-scenario", scOK, "-algo", "changroberts"}, want: []string{"-scenario", "-algo"}},
		{name: "scenario with -ids", args: []string{"run", "-scenario", scOK, "-ids", "1,2"}, want: []string{"-scenario", "-ids"}},
		{name: "scenario missing file", args: []string{"run", "-scenario", missingScenario}, want: []string{missingScenario}},
		{name: "scenario non-member", args: []string{"run", "-scenario", scNonMember}, want: []string{scNonMember, "9"}},
		{name: "scenario event at non-member", args: []string{"run", "-scenario", scEventNonMember}, want: []string{"detect 9"}},
		{name: "scenario event error names the file", args: []string{"run", "-scenario", scEventNonMember}, want: []string{scEventNonMember, "detect 9"},
			bug:     "BUG-8: an event of a scenario that cannot be applied is reported as \"scenario: step N: ...\" without the file name or line",
			symptom: func(r result) bool { return r.code == 2 && !strings.Contains(r.stderr, scEventNonMember) }},
		{name: "scenario unknown key", args: []string{"run", "-scenario", scUnknownKey}, want: []string{scUnknownKey + ":3", `"colour"`}},
		{name: "scenario no algo", args: []string{"run", "-scenario", scNoAlgo}, want: []string{scNoAlgo, "algo"}},
		{name: "scenario no ids", args: []string{"run", "-scenario", scNoIDs}, want: []string{scNoIDs, "ids"}},
		{name: "scenario key twice", args: []string{"run", "-scenario", scTwice}, want: []string{scTwice + ":3", `"ids"`, "line 2"}},
		{name: "scenario bad event", args: []string{"run", "-scenario", scBadEvent}, want: []string{scBadEvent + ":3", `"explode"`}},
		{name: "scenario event not enabled", args: []string{"run", "-scenario", scNotEnabled}, want: []string{"crash 3", "not enabled"}},
		{name: "scenario bad crash budget", args: []string{"run", "-scenario", scBadBudget}, want: []string{scBadBudget + ":3", `"many"`}},
		{name: "scenario unknown algorithm", args: []string{"run", "-scenario", scBadAlgo}, want: []string{scBadAlgo + ":1", `"nosuchalgo"`}},
		{name: "scenario events in check", args: []string{"check", "-scenario", scEvents}, want: []string{"check", "event"}},

		// check.
		{name: "check missing -algo", args: []string{"check", "-ids", "1,2"}, want: []string{"-algo"}},
		{name: "check unknown claim", args: checkCR("-ids", "3,1,2", "-claim", "C-NOPE-1"), want: []string{`"C-NOPE-1"`}},
		{name: "check claim of another algorithm", args: []string{"check", "-algo", "ringpoll", "-ids", "3,1,2", "-claim", "C-RING1-5"}, want: []string{`"C-RING1-5"`, "ringpoll"}},
		{name: "check growth claim", args: []string{"check", "-algo", "lelann", "-ids", "3,1,2", "-claim", "C-RING1-1"}, want: []string{"C-RING1-1", "growth"}},
		{name: "check zero schedules", args: checkCR("-ids", "3,1,2", "-schedules", "0"), want: []string{"-schedules 0"}},
		{name: "check negative max-steps", args: checkCR("-ids", "3,1,2", "-max-steps", "-3"), want: []string{"-max-steps", "-3 is negative"}},
		{name: "check duplicate ids", args: checkCR("-ids", "4,4"), want: []string{"duplicate", "4"}},

		// claims.
		{name: "claims unknown claim", args: []string{"claims", "-claim", "C-NOPE-1"}, want: []string{`"C-NOPE-1"`}},
		{name: "claims claim of another algorithm", args: []string{"claims", "-algo", "ringpoll", "-claim", "C-RING1-5"}, want: []string{`"C-RING1-5"`, "ringpoll"}},
		{name: "claims json and md", args: []string{"claims", "-json", "-md"}, want: []string{"-json", "-md"}},
		{name: "claims unknown algorithm", args: []string{"claims", "-algo", "nosuchalgo"}, want: []string{`"nosuchalgo"`}},
		{name: "claims zero cases", args: []string{"claims", "-cases", "0"}, want: []string{"-cases 0"}},
		{name: "claims negative max-steps", args: []string{"claims", "-max-steps", "-1"}, want: []string{"-max-steps", "-1 is negative"}},
		{name: "claims max-steps 0", args: []string{"claims", "-max-steps", "0"}, want: []string{"-max-steps 0", "always caps"}},
		{name: "claims negative explore-states", args: []string{"claims", "-explore-states", "-1"}, want: []string{"-explore-states", "negative"}},
		{name: "claims negative max-n", args: []string{"claims", "-max-n", "-1"}, want: []string{"-max-n"}},
		{name: "claims negative exhaustive-limit", args: []string{"claims", "-exhaustive-limit", "-1"}, want: []string{"-exhaustive-limit"}},
		{name: "claims negative growth-cases", args: []string{"claims", "-claim", "C-RING1-1", "-max-n", "4", "-growth-cases", "-1"}, want: []string{"-growth-cases"},
			bug:     "BUG-4: claims accepts -growth-cases -1 (exit 0); a value <= 0 silently means -cases",
			symptom: func(r result) bool { return r.code == 0 }},

		// reproduce.
		{name: "reproduce missing -paper", args: []string{"reproduce"}, want: []string{"-paper", "000"}},
		{name: "reproduce unknown paper", args: []string{"reproduce", "-paper", "999"}, want: []string{`"999"`, "000"}},
		{name: "reproduce unknown table of paper 003", args: []string{"reproduce", "-paper", "003", "-table", "9"}, want: []string{`-table "9"`, "paper 003", "3, 4, 5"}},
		{name: "reproduce unknown table", args: []string{"reproduce", "-paper", "000", "-table", "7"}, want: []string{`-table "7"`, "fig11"}},
		{name: "reproduce negative runs", args: []string{"reproduce", "-paper", "000", "-runs", "-2"}, want: []string{"-runs -2"}},
		{name: "reproduce runs over the bound", args: []string{"reproduce", "-paper", "000", "-table", "1", "-runs", "100000000"}, want: []string{"-runs 100000000", "at most 1000000"}},
		{name: "fit -mean runs over the bound", args: []string{"fit", "-algo", "changroberts", "-n", "3..5", "-mean", "-runs", "100000000"}, want: []string{"-runs 100000000", "at most 1000000 runs per size"}},
		{name: "reproduce runs not an integer", args: []string{"reproduce", "-paper", "000", "-runs", "many"}, want: []string{`"many"`, "-runs"}},
		{name: "unknown flag reproduce", args: []string{"reproduce", "-paper", "000", "-bogus"}, want: []string{"-bogus"}},
		{name: "reproduce unexpected argument", args: []string{"reproduce", "-paper", "000", "extra"}, want: []string{`"extra"`}},

		// replay.
		{name: "replay without file", args: []string{"replay"}, want: []string{"FILE"}},
		{name: "replay two files", args: []string{"replay", good, good}, want: []string{"unexpected argument"}},
		{name: "replay missing file", args: []string{"replay", missingTrace}, want: []string{missingTrace}},
		{name: "replay directory", args: []string{"replay", dir}, want: []string{dir}},
		{name: "replay empty file", args: []string{"replay", empty}, want: []string{empty, "empty"}},
		{name: "replay truncated", args: []string{"replay", truncated}, want: []string{truncated, "truncated"}},
		{name: "replay unknown version", args: []string{"replay", version}, want: []string{version, `"electlab-trace/9"`}},
		{name: "replay not JSON", args: []string{"replay", notJSON}, want: []string{notJSON, "not valid JSON", "line 1"}},
		{name: "replay event not enabled", args: []string{"replay", notEnabled}, want: []string{notEnabled, "step 4", `"deliver 2->3 #7"`, "not enabled"}},
		{name: "replay unknown algorithm", args: []string{"replay", unknownAlgo}, want: []string{unknownAlgo, `"nosuchalgo"`}},
		{name: "replay unknown field", args: []string{"replay", unknownField}, want: []string{unknownField, `"colour"`}},
		{name: "replay config non-member", args: []string{"replay", nonMember}, want: []string{nonMember, "initiator", "9"}},
		{name: "replay violation of unknown claim", args: []string{"replay", unknownClaim}, want: []string{unknownClaim, `"C-NOPE-1"`}},
		{name: "bad render replay", args: []string{"replay", good, "-render", "png"}, want: []string{`"png"`}},
	}

	seen := map[string]bool{}
	for _, tc := range cases {
		if seen[tc.name] {
			t.Fatalf("duplicate case name %q", tc.name)
		}
		seen[tc.name] = true
		t.Run(tc.name, func(t *testing.T) {
			r := cli(t, tc.args...)
			if tc.bug != "" {
				fixedBug(t, tc.symptom(r), tc.bug)
			}
			r.mustCode(t, 2)
			line := r.oneErrorLine(t)
			for _, w := range tc.want {
				if !strings.Contains(line, w) {
					t.Errorf("the error line does not name %q:\n%s", w, r)
				}
			}
			if r.stdout != "" {
				t.Errorf("bad input printed on stdout:\n%s", r)
			}
		})
	}
	if len(cases) < 20 {
		t.Fatalf("only %d kinds of bad input", len(cases))
	}
}

// TestBadInputWritesNothing checks that a rejected run does not leave the
// trace file it was asked to write.
func TestBadInputWritesNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "trace.json")
	cli(t, "run", "-algo", "changroberts", "-ids", "3,1,1", "-trace", out).mustCode(t, 2)
	cli(t, "check", "-algo", "changroberts", "-ids", "3,1", "-schedules", "0", "-out", filepath.Join(dir, "ce")).mustCode(t, 2)
	entries, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Errorf("bad input left files behind: %v", entries)
	}
}

// TestOutputPathErrors: an output path that cannot be written is bad
// input, reported on one line before any work (nothing on stdout).
func TestOutputPathErrors(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "plain-file", "x")
	bad := filepath.Join(file, "sub", "trace.json") // a path under a regular file
	for _, args := range [][]string{
		{"run", "-algo", "changroberts", "-ids", "3,1,2", "-trace", bad},
		{"check", "-algo", "changroberts", "-variant", "resend", "-ids", "3,1,2", "-initiators", "3,1", "-claim", "C-RING1-5", "-schedules", "5", "-out", file},
		{"claims", "-claim", "C-RING1-5", "-out", file},
		{"replay", recordTrace(t, dir), "-o", bad},
		{"reproduce", "-paper", "000", "-table", "1", "-runs", "1", "-out", file},
	} {
		r := cli(t, args...)
		if r.code != 2 || r.stdout != "" {
			t.Errorf("want exit status 2 and nothing on stdout for an unwritable output path:\n%s", r)
			continue
		}
		line := r.oneErrorLine(t)
		if !strings.Contains(line, file) {
			t.Errorf("the error does not name the path %s:\n%s", file, r)
		}
	}
}
