package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/electlab/electlab/internal/filetest"
	"github.com/electlab/electlab/traces"
)

// result is what one in-process invocation of the command line produced.
type result struct {
	args           []string
	code           int
	stdout, stderr string
}

// cli runs realMain with args in-process and returns its exit status and
// output.
func cli(t testing.TB, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := realMain(args, &out, &errb)
	return result{args: args, code: code, stdout: out.String(), stderr: errb.String()}
}

// String describes the invocation for failure messages.
func (r result) String() string {
	const max = 2000
	cut := func(s string) string {
		if len(s) > max {
			return s[:max] + "...(truncated)"
		}
		return s
	}
	return "electlab " + strings.Join(r.args, " ") + "\n  exit " + itoa(r.code) +
		"\n  stdout: " + cut(r.stdout) + "\n  stderr: " + cut(r.stderr)
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// mustCode fails the test unless the invocation exited with code.
func (r result) mustCode(t testing.TB, code int) result {
	t.Helper()
	if r.code != code {
		t.Fatalf("want exit status %d, got:\n%s", code, r)
	}
	return r
}

// stderrLines returns stderr's lines (without the final newline).
func (r result) stderrLines() []string {
	s := strings.TrimSuffix(r.stderr, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// oneErrorLine fails the test unless stderr is exactly one line starting
// with "electlab: ", and returns that line.
func (r result) oneErrorLine(t testing.TB) string {
	t.Helper()
	lines := r.stderrLines()
	if len(lines) != 1 || !strings.HasSuffix(r.stderr, "\n") {
		t.Fatalf("want exactly one line on stderr, got %d:\n%s", len(lines), r)
	}
	if !strings.HasPrefix(lines[0], "electlab: ") {
		t.Fatalf("want the stderr line to start with \"electlab: \":\n%s", r)
	}
	return lines[0]
}

// decode unmarshals the invocation's stdout as one JSON document.
func (r result) decode(t testing.TB, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	if err := dec.Decode(v); err != nil {
		t.Fatalf("stdout is not valid JSON (%v):\n%s", err, r)
	}
	if dec.More() {
		t.Fatalf("stdout holds more than one JSON document:\n%s", r)
	}
}

// writeFile writes content to dir/name and returns the path.
func writeFile(t testing.TB, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// readFile reads path or fails the test (filetest.ReadFile).
func readFile(t testing.TB, path string) []byte { return filetest.ReadFile(t, path) }

// listTree lists the regular files under dir (filetest.ListTree).
func listTree(t *testing.T, dir string) []string { return filetest.ListTree(t, dir) }

// editTrace decodes the trace file at src as generic JSON, lets edit change
// it and writes the result to dir/name. Field order is not preserved, which
// the decoder does not require.
func editTrace(t testing.TB, src, dir, name string, edit func(m map[string]any)) string {
	t.Helper()
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(readFile(t, src)))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	edit(m)
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, dir, name, string(b)+"\n")
}

// loadTrace loads the trace file at path or fails the test.
func loadTrace(t testing.TB, path string) *traces.Trace {
	t.Helper()
	tr, err := traces.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// wantReplay replays the trace file at path (-render none) and reports
// an error unless it exits 0 with want in its verdict on stderr.
func wantReplay(t testing.TB, path, want string) {
	t.Helper()
	if r := cli(t, "replay", path, "-render", "none"); r.code != 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("%s does not replay with %q:\n%s", path, want, r)
	}
}

// traceEvents returns the "events" list of a generic trace document.
func traceEvents(t testing.TB, m map[string]any) []any {
	t.Helper()
	evs, ok := m["events"].([]any)
	if !ok {
		t.Fatalf("trace has no events list: %v", m)
	}
	return evs
}

// recordTrace runs a small changroberts election with -trace and returns
// the trace path (a trace of a correct execution: no violation).
func recordTrace(t testing.TB, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "good.json")
	cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2", "-trace", path).mustCode(t, 0)
	return path
}

// fixedBug fails the test when the symptom of a bug found earlier in the
// non-test code (docs/ERRORS.md, Known problems, lists it among the fixed
// ones) is present again: a regression of a fixed bug is a failure, never
// a skip, so that it cannot pass unseen.
func fixedBug(t testing.TB, symptom bool, bug string) {
	t.Helper()
	if symptom {
		t.Fatalf("regression of a fixed bug (docs/ERRORS.md, Known problems): %s", bug)
	}
}

// fifoReader makes a FIFO in dir and reads it whole in the background:
// got receives what was written to it (or the error opening it). A test
// whose system cannot make FIFOs is skipped.
func fifoReader(t *testing.T, dir string) (fifo string, got <-chan string) {
	t.Helper()
	fifo = filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	c := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			c <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		c <- string(b)
	}()
	return fifo, c
}
