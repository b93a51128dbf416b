package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/internal/runner"
	"github.com/electlab/electlab/traces"
)

// TestRenderSVGShiViz: replay -render svg|shiviz prints the traces
// package's rendering of the replayed trace (to stdout or -o), and run
// -render prints the same before its summary.
func TestRenderSVGShiViz(t *testing.T) {
	path := filepath.Join("..", "..", "testdata", "counterexamples", "C-RING1-5-changroberts-swallow-2.json")
	tr, spec, err := runner.Tool{Reg: algos.Registry()}.LoadTraceBounded(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := traces.Replay(spec, tr)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range []struct {
		format string
		want   string
	}{
		{"svg", traces.RenderSVG(tr, rep)},
		{"shiviz", traces.RenderShiViz(tr, rep)},
	} {
		r := cli(t, "replay", path, "-render", f.format).mustCode(t, 0)
		if r.stdout != f.want {
			t.Errorf("replay -render %s does not print traces' rendering:\n%s", f.format, r)
		}
		if line := r.oneErrorLine(t); !strings.Contains(line, "violation reproduced") {
			t.Errorf("replay -render %s verdict: %s", f.format, line)
		}
		out := filepath.Join(dir, "ce."+f.format)
		if o := cli(t, "replay", path, "-render", f.format, "-o", out).mustCode(t, 0); o.stdout != "" || string(readFile(t, out)) != f.want {
			t.Errorf("replay -render %s -o did not write the rendering to the file:\n%s", f.format, o)
		}
	}
	if r := cli(t, "replay", path, "-render", "svg").mustCode(t, 0); !strings.HasPrefix(r.stdout, `<svg xmlns="http://www.w3.org/2000/svg"`) ||
		!strings.Contains(r.stdout, "C-RING1-5/bound") {
		t.Errorf("the SVG does not start with its root or lacks the violated property:\n%.400s", r.stdout)
	}

	// run -render prints the same rendering as replay of the run's trace,
	// as the whole of stdout (run -render svg > f.svg is a valid SVG); the
	// summary goes to stderr.
	tp := filepath.Join(dir, "run.json")
	cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-trace", tp).mustCode(t, 0)
	for _, format := range []string{"text", "mermaid", "svg", "shiviz"} {
		want := cli(t, "replay", tp, "-render", format).mustCode(t, 0).stdout
		r := cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-render", format).mustCode(t, 0)
		if r.stdout != want {
			t.Errorf("run -render %s: stdout is not exactly replay's rendering:\n%.300s", format, r.stdout)
		}
		if !strings.Contains(r.stderr, "leader") {
			t.Errorf("run -render %s: the summary is not on stderr:\n%s", format, r)
		}
	}
	if out := cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-render", "svg").stdout; !strings.HasSuffix(strings.TrimSpace(out), "</svg>") {
		t.Errorf("run -render svg: stdout does not end with the SVG's root end tag:\n...%s", out[max(0, len(out)-200):])
	}
}
