package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayOutputKinds: replay -o writes through a FIFO (to its reader),
// follows a symbolic link to the regular file it names (the link stays),
// and refuses a directory, each as internal/outfile decides.
func TestReplayOutputKinds(t *testing.T) {
	dir := t.TempDir()
	trace := recordTrace(t, dir)
	want := cli(t, "replay", trace).mustCode(t, 0).stdout

	fifo, got := fifoReader(t, dir)
	cli(t, "replay", trace, "-o", fifo).mustCode(t, 0)
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		// (The reader then waits on the old FIFO for ever: not waited for.)
		t.Fatalf("replay -o replaced the FIFO: %v %v", fi, err)
	}
	if s := <-got; s != want {
		t.Errorf("the FIFO's reader got %q, want the rendering", s)
	}

	target := writeFile(t, dir, "target.txt", "old")
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("target.txt", link); err != nil {
		t.Fatal(err)
	}
	cli(t, "replay", trace, "-o", link).mustCode(t, 0)
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("replay -o replaced the link: %v %v", fi, err)
	}
	if s := string(readFile(t, target)); s != want {
		t.Errorf("the link's target holds %q, want the rendering", s)
	}

	adir := filepath.Join(dir, "adir")
	if err := os.Mkdir(adir, 0o755); err != nil {
		t.Fatal(err)
	}
	r := cli(t, "replay", trace, "-o", adir).mustCode(t, 2)
	if line := r.oneErrorLine(t); line != "electlab: -o "+adir+": is a directory" || r.stdout != "" {
		t.Errorf("replay -o DIR:\n%s", r)
	}
	if ents, _ := os.ReadDir(adir); len(ents) != 0 {
		t.Errorf("replay -o DIR wrote into it: %v", ents)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 5 {
		t.Errorf("%s holds %d entries, want good.json, fifo, target.txt, link.txt and adir (a temporary file left?)", dir, len(ents))
	}
}

// TestReplayRenderNoneRefusesO: -render none writes no rendering, so -o
// with it is refused and no (empty) file is written.
func TestReplayRenderNoneRefusesO(t *testing.T) {
	dir := t.TempDir()
	trace := recordTrace(t, dir)
	out := filepath.Join(dir, "x")
	r := cli(t, "replay", trace, "-render", "none", "-o", out).mustCode(t, 2)
	if !strings.Contains(r.oneErrorLine(t), "-render none writes no rendering: it conflicts with -o") {
		t.Errorf("replay -render none -o:\n%s", r)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("replay -render none -o wrote %s", out)
	}
}

// TestOutputsCheckedBeforeWork: an output location that cannot be written
// is refused before any work (exit 2, nothing on stdout), for check
// whether or not it would find a violation, and for every command with
// outputs.
func TestOutputsCheckedBeforeWork(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, dir, "plain-file", "x")
	trace := recordTrace(t, dir)
	for _, c := range []struct {
		args []string
		want string
	}{
		// A violation would be found: the finding is not lost to -out.
		{[]string{"check", "-algo", "lelann", "-ids", "3,1,2,5,4", "-net", "unordered", "-out", "/proc/x"}, "-out /proc/x: cannot create a file in /proc: "},
		// No violation: a bad -out is still bad input.
		{[]string{"check", "-algo", "changroberts", "-ids", "3,1,2", "-schedules", "3", "-out", "/proc/x"}, "-out /proc/x: cannot create a file in /proc: "},
		{[]string{"check", "-algo", "changroberts", "-ids", "3,1,2", "-out", file}, "-out " + file + ": is a file, not a directory"},
		{[]string{"explore", "-algo", "lelann", "-ids", "3,1,2", "-net", "unordered", "-out", "/dev/null"}, "-out /dev/null: is a character device, not a directory"},
		{[]string{"run", "-algo", "changroberts", "-ids", "3,1,2", "-trace", dir}, "-trace " + dir + ": is a directory"},
		{[]string{"run", "-algo", "changroberts", "-ids", "3,1,2", "-trace", "-", "-json"}, "-trace - writes the trace to stdout: it conflicts with -render and -json"},
		{[]string{"shrink", trace, "-o", filepath.Join(file, "x.json")}, "-o " + filepath.Join(file, "x.json") + ": cannot create a file in " + file + ": not a directory"},
		{[]string{"claims", "-claim", "C-RING1-5", "-out", "/proc/x"}, "-out /proc/x: cannot create a file in /proc: "},
		{[]string{"reproduce", "-paper", "000", "-table", "1", "-runs", "1", "-out", "-"}, "-out -: not a directory"},
	} {
		r := cli(t, c.args...).mustCode(t, 2)
		if line := r.oneErrorLine(t); !strings.HasPrefix(line, "electlab: "+c.want) || r.stdout != "" {
			t.Errorf("want %q and nothing on stdout:\n%s", c.want, r)
		}
	}
}

// TestFindingSurvivesUnwritableOut: when the trace of a finding cannot be
// written where -out says (here a directory is in the way of the trace's
// name, which no check before the search can foresee), check and explore
// still print the finding, write the trace to a file in the temporary
// directory and name it, and exit 1 with the write error on stderr.
func TestFindingSurvivesUnwritableOut(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	out := t.TempDir()
	for _, c := range []struct {
		args []string
		name string
	}{
		{[]string{"check", "-algo", "lelann", "-ids", "3,1,2,5,4", "-net", "unordered", "-out", out}, "electlab-lelann-single-coordinator-seed11.json"},
		{[]string{"explore", "-algo", "lelann", "-ids", "3,1,2", "-net", "unordered", "-out", out}, "electlab-lelann-single-coordinator-explore.json"},
	} {
		blocked := filepath.Join(out, c.name)
		if err := os.Mkdir(blocked, 0o755); err != nil {
			t.Fatal(err)
		}
		r := cli(t, c.args...).mustCode(t, 1)
		if !strings.Contains(r.stdout, "VIOLATION") {
			t.Errorf("the finding is not printed:\n%s", r)
		}
		line := r.oneErrorLine(t)
		head := "electlab: single-coordinator violated; the trace could not be written (" + blocked + ": is a directory), so it was written to " + tmp + string(filepath.Separator)
		fallback, ok := strings.CutPrefix(line, head)
		if !ok || !strings.Contains(r.stdout, fallback) {
			t.Errorf("want %q... naming the fallback file, which stdout names too:\n%s", head, r)
			continue
		}
		wantReplay(t, filepath.Join(tmp, fallback), "violation reproduced")
		if ents, _ := os.ReadDir(blocked); len(ents) != 0 {
			t.Errorf("wrote into the directory in the way: %v", ents)
		}
	}
}

// TestFindingOnStderrWhenNoFileWorks: when neither -out nor the temporary
// directory can hold the trace, check prints it on stderr, before the
// finding's line, and still exits 1.
func TestFindingOnStderrWhenNoFileWorks(t *testing.T) {
	out := t.TempDir()
	t.Setenv("TMPDIR", "/proc/x")
	name := "electlab-lelann-single-coordinator-seed11.json"
	if err := os.Mkdir(filepath.Join(out, name), 0o755); err != nil {
		t.Fatal(err)
	}
	r := cli(t, "check", "-algo", "lelann", "-ids", "3,1,2,5,4", "-net", "unordered", "-out", out).mustCode(t, 1)
	lines := r.stderrLines()
	last := lines[len(lines)-1]
	if !strings.Contains(r.stdout, "VIOLATION") || !strings.Contains(r.stderr, `"format": "electlab-trace/1"`) ||
		!strings.HasSuffix(last, "is a directory), so it is on stderr above") {
		t.Errorf("want the finding on stdout, the trace on stderr, then the error:\n%s", r)
	}
}

// TestDashIsStdout: "-" is standard output: replay -o - prints the
// rendering; run -trace - prints the trace, its summary going to stderr;
// shrink -o - prints the shrunk trace, its summary going to stderr.
func TestDashIsStdout(t *testing.T) {
	dir := t.TempDir()
	trace := recordTrace(t, dir)
	want := cli(t, "replay", trace).mustCode(t, 0).stdout
	if r := cli(t, "replay", trace, "-o", "-").mustCode(t, 0); r.stdout != want {
		t.Errorf("replay -o - differs from replay:\n%s", r)
	}
	r := cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2", "-trace", "-").mustCode(t, 0)
	if r.stdout != string(readFile(t, trace)) || !strings.Contains(r.stderr, "leader       3") {
		t.Errorf("run -trace - does not print the trace alone on stdout (summary on stderr):\n%s", r)
	}
	bad := filepath.Join(dir, "u.json")
	cli(t, "run", "-algo", "lelann", "-ids", "3,1,2,5,4", "-net", "unordered", "-schedule", "newest", "-seed", "4", "-trace", bad).mustCode(t, 0)
	r = cli(t, "shrink", bad, "-o", "-").mustCode(t, 0)
	if !strings.HasPrefix(r.stdout, "{") || !strings.Contains(r.stderr, "shrunk 46 events to 34") {
		t.Errorf("shrink -o - does not print the trace on stdout (summary on stderr):\n%s", r)
	}
	if _, err := os.Stat(filepath.Join(dir, "u.shrunk.json")); err == nil {
		t.Errorf("shrink -o - wrote a file too")
	}
	if ents, _ := filepath.Glob("-*"); len(ents) > 0 {
		t.Errorf("a file named after - was written: %v", ents)
	}
}
