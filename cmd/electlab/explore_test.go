package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/internal/render"
)

var exploreFlags = []string{"algo", "variant", "ids", "n", "order", "initiators", "crashed", "absent", "timing", "timeouts", "net",
	"forwarding", "crash-budget", "recovery", "successive", "physical", "seed", "scenario",
	"bfs", "no-por", "bitstate", "bitstate-hashes", "bitstate-layout", "counts", "detect", "props", "workers", "max-depth", "max-states", "max-mem", "shard", "merge", "out", "json", "bound",
	"dist", "nats", "nats-embed", "dist-run", "dist-timeout", "checkpoint", "part", "parts"}

// TestExploreDoc: explore -h lists exactly exploreFlags, each documented
// in docs/CLI.md's explore section (or the configuration section) with the
// default the code prints; the top usage lists the command.
func TestExploreDoc(t *testing.T) {
	usage, got := helpFlags(t, "explore")
	if !slices.Equal(sortedCopy(got), sortedCopy(exploreFlags)) {
		t.Errorf("explore -h lists %v, want %v", got, exploreFlags)
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "CLI.md"))
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{}
	for _, part := range strings.Split(string(doc), "\n## ")[1:] {
		title, body, _ := strings.Cut(part, "\n")
		sections[strings.Fields(title)[0]] = body
	}
	body := sections["explore"] + "\n" + sections["Configuration"]
	defaultRe := regexp.MustCompile(`\(default "?([^")]*)"?\)`)
	for _, block := range strings.Split(usage, "\n  -")[1:] {
		name := strings.Fields(block)[0]
		if !strings.Contains(body, "`-"+name+"`") {
			t.Errorf("docs/CLI.md does not document explore's `-%s`", name)
		}
		m := defaultRe.FindStringSubmatch(block)
		row := ""
		for _, line := range strings.Split(sections["explore"], "\n") {
			if row == "" && strings.HasPrefix(line, "| `-"+name+"`") {
				row = line
			}
		}
		if m != nil && row != "" && !strings.Contains(row, "`"+m[1]+"`") {
			t.Errorf("docs/CLI.md explore -%s: the default `%s` is not on its row: %s", name, m[1], row)
		}
	}
	if r := cli(t, "help"); !strings.Contains(r.stdout, "  explore ") {
		t.Errorf("help does not list explore:\n%s", r)
	}
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

// TestExploreBadInput: every bad flag is exit 2 with one line naming it.
func TestExploreBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-ids", "1,2,3"}, "missing -algo"},
		{[]string{"-algo", "changroberts"}, "missing -ids or -n"},
		{[]string{"-algo", "changroberts", "-n", "3", "-max-mem", "lots"}, "-max-mem"},
		{[]string{"-algo", "changroberts", "-n", "3", "-max-mem", "-1"}, "-max-mem"},
		{[]string{"-algo", "changroberts", "-n", "3", "-max-depth", "-1"}, "-max-depth -1"},
		{[]string{"-algo", "changroberts", "-n", "3", "-max-states", "-5"}, "-max-states -5"},
		{[]string{"-algo", "changroberts", "-n", "3", "-shard", "3/2"}, "-shard"},
		{[]string{"-algo", "changroberts", "-n", "3", "-shard", "x"}, "-shard"},
		{[]string{"-algo", "changroberts", "-n", "3", "-shard", "1/2", "-bfs"}, "-shard"},
		{[]string{"-algo", "changroberts", "-n", "3", "-bfs", "-no-por"}, "-no-por"},
		{[]string{"-algo", "changroberts", "-n", "3", "-counts=some"}, "counts"},
		{[]string{"-algo", "changroberts", "-n", "3", "extra"}, "unexpected argument \"extra\""},
		{[]string{"-merge"}, "-merge: give the part files"},
		{[]string{"-merge", "-n", "3", "x.json"}, "-merge takes only part files"},
		{[]string{"-merge", "-bound", "sends <= 9", "x.json"}, "-merge takes only part files (and -json, -out): -bound belongs to the parts' command"},
		{[]string{"-merge", "/nonexistent/part.json"}, "/nonexistent/part.json"},
		{[]string{"-algo", "nosuch", "-n", "3"}, "unknown algorithm"},
	} {
		r := cli(t, append([]string{"explore"}, tc.args...)...).mustCode(t, 2)
		if line := r.oneErrorLine(t); !strings.Contains(line, tc.want) {
			t.Errorf("%v: error %q does not mention %q", tc.args, line, tc.want)
		}
	}
}

// TestExploreOutputs: the text and JSON reports, exact counts, and a
// violation's trace that replays.
func TestExploreOutputs(t *testing.T) {
	r := cli(t, "explore", "-algo", "changroberts", "-variant", "resend", "-ids", "3,1,2,4", "-counts").mustCode(t, 0)
	for _, want := range []string{"sends (P2P)", "verdict      no violation in", "(search complete)", "cycles       none"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("explore output lacks %q:\n%s", want, r)
		}
	}
	var rep render.ExploreReport
	cli(t, "explore", "-algo", "changroberts", "-ids", "3,1,2", "-counts", "-json").mustCode(t, 0).decode(t, &rep)
	if rep.States > 120 || rep.MinMessages == nil || rep.MinMessages.Sends != 8 || rep.MaxMessages.Sends != 8 || !rep.Complete || rep.Search.Reduction != "sleep-sets+persistent-sets" {
		t.Errorf("changroberts 3,1,2: %+v", rep)
	}
	var full render.ExploreReport
	cli(t, "explore", "-algo", "changroberts", "-ids", "3,1,2", "-counts", "-json", "-no-por").mustCode(t, 0).decode(t, &full)
	if full.States != 120 || *full.MaxMessages != *rep.MaxMessages || full.Transitions <= rep.Transitions {
		t.Errorf("-no-por: %d states %d transitions vs %d, %d", full.States, full.Transitions, rep.States, rep.Transitions)
	}
	// A bound gives a partial verdict, exit 0.
	r = cli(t, "explore", "-algo", "changroberts", "-n", "5", "-max-states", "50").mustCode(t, 4)
	if !strings.Contains(r.stdout, "search incomplete: max-states 50") {
		t.Errorf("no partial verdict:\n%s", r)
	}
	// A violation: exit 1, the shortest trace, which replays.
	dir := t.TempDir()
	r = cli(t, "explore", "-algo", "lelann", "-ids", "3,1,2", "-net", "unordered", "-bfs", "-out", dir, "-json").mustCode(t, 1)
	var bad render.ExploreReport
	r.decode(t, &bad)
	if len(bad.Violations) == 0 || bad.Violations[0].Trace == "" {
		t.Fatalf("no violation or trace:\n%s", r)
	}
	if !strings.Contains(r.oneErrorLine(t), bad.Violations[0].Trace) {
		t.Errorf("the stderr line does not name the trace:\n%s", r)
	}
	wantReplay(t, bad.Violations[0].Trace, "violation reproduced")
	// Determinism: the same command, the same bytes.
	a := cli(t, "explore", "-algo", "ringpoll", "-ids", "3,1,2", "-crash-budget", "1", "-counts", "-json", "-out", dir)
	b := cli(t, "explore", "-algo", "ringpoll", "-ids", "3,1,2", "-crash-budget", "1", "-counts", "-json", "-out", dir)
	if a.stdout != b.stdout || a.code != b.code {
		t.Errorf("explore is not deterministic:\n%s\n%s", a, b)
	}
}

// TestExploreShardMerge: the -json outputs of every part merge into the
// whole search's states, quiescent states, counts and violations.
func TestExploreShardMerge(t *testing.T) {
	dir := t.TempDir()
	for _, cfg := range [][]string{
		{"-algo", "changroberts", "-variant", "resend", "-ids", "3,1,2,4", "-counts"},
		{"-algo", "lelann", "-ids", "3,1,2", "-net", "unordered", "-out", dir},
	} {
		var whole render.ExploreReport
		wr := cli(t, append(append([]string{"explore"}, cfg...), "-json")...)
		wr.decode(t, &whole)
		var files []string
		for i := 1; i <= 3; i++ {
			r := cli(t, append(append([]string{"explore"}, cfg...), "-json", "-shard", itoa(i)+"/3")...)
			if r.code != wr.code {
				t.Fatalf("part %d exit %d, whole %d:\n%s", i, r.code, wr.code, r)
			}
			f := filepath.Join(dir, "part"+itoa(i)+".json")
			if err := os.WriteFile(f, []byte(r.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		var m render.ExploreReport
		mr := cli(t, append([]string{"explore", "-merge", "-json", "-out", dir}, files...)...)
		if mr.code != wr.code {
			t.Fatalf("merge exit %d, whole %d:\n%s", mr.code, wr.code, mr)
		}
		mr.decode(t, &m)
		if (m.States != whole.States && whole.Search.Reduction == "sleep-sets") || m.FinalStates != whole.FinalStates || m.Cycle != whole.Cycle || (len(m.Violations) == 0) != (len(whole.Violations) == 0) {
			t.Errorf("%v: merged %d states %d final %d violations; whole %d, %d, %d", cfg, m.States, m.FinalStates, len(m.Violations), whole.States, whole.FinalStates, len(whole.Violations))
		}
		if (m.MinMessages == nil) != (whole.MinMessages == nil) || m.MinMessages != nil && (*m.MinMessages != *whole.MinMessages || *m.MaxMessages != *whole.MaxMessages) {
			t.Errorf("%v: merged counts %v..%v, whole %v..%v", cfg, m.MinMessages, m.MaxMessages, whole.MinMessages, whole.MaxMessages)
		}
		// Parts of another problem do not merge.
		other := cli(t, "explore", "-algo", "changroberts", "-ids", "3,1,2", "-json", "-shard", "1/3")
		f := filepath.Join(dir, "other.json")
		os.WriteFile(f, []byte(other.stdout), 0o644)
		cli(t, "explore", "-merge", files[0], files[1], f).mustCode(t, 2)
		// Nor do parts whose keys another electlab version computed.
		b, err := os.ReadFile(files[2])
		if err != nil {
			t.Fatal(err)
		}
		old := strings.Replace(string(b), `"keys": "`+explore.KeyScheme+`"`, `"keys": "statehash-0"`, 1)
		if old == string(b) {
			t.Fatal("no key scheme in a part's fingerprints")
		}
		os.WriteFile(f, []byte(old), 0o644)
		r := cli(t, "explore", "-merge", files[0], files[1], f)
		r.mustCode(t, 2)
		if !strings.Contains(r.stderr, "statehash-0") || !strings.Contains(r.stderr, "another electlab version") {
			t.Errorf("merge of a part keyed by another version: %s", r)
		}
	}
}
