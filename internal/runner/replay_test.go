package runner

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/interrupt"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// recordRun runs changroberts on ids (fifo, the World engine) with -trace
// dir/name and returns the trace's path and the run's report.
func recordRun(t *testing.T, dir, name string, ids ...model.ID) (string, render.RunReport) {
	t.Helper()
	path := filepath.Join(dir, name)
	spec := changroberts.Algorithm
	cfg := &model.Config{Algo: "changroberts", IDs: ids, Forwarding: spec.Meta().Forwarding}
	rep := render.NewRunReport(spec, cfg, "fifo", 1, 0)
	a := &Run{Spec: spec, Config: cfg, Chooser: checker.FIFO{}, TracePath: path}
	if err := a.World(&rep, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	return path, rep
}

// usageError fails the test unless err is a usage error (exit status 2)
// whose message holds every one of want.
func usageError(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	var u *exit.UsageError
	if !errors.As(err, &u) {
		t.Errorf("%s: %T %v, want a usage error", what, err, err)
		return
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s: %q does not say %q", what, err, w)
		}
	}
}

// TestLoadTraceBoundedErrors: every way a trace file can be wrong is a
// usage error naming the file and the problem; a -max-mem too small for
// the file refuses it before reading it (a file that is not even JSON
// gets the memory message, not a parse error).
func TestLoadTraceBoundedErrors(t *testing.T) {
	dir := t.TempDir()
	good, _ := recordRun(t, dir, "good.json", 3, 1, 2)
	if tr, spec, err := stock.LoadTraceBounded(good, 0); err != nil || spec.Meta().Name != "changroberts" || len(tr.Steps) == 0 {
		t.Fatalf("a good trace: %v", err)
	}
	missing := filepath.Join(dir, "missing.json")
	_, _, err := stock.LoadTraceBounded(missing, 0)
	usageError(t, "a missing file", err, missing)

	notJSON := writeTemp(t, dir, "garbage.json", strings.Repeat("x", 4096))
	_, _, err = stock.LoadTraceBounded(notJSON, 0)
	usageError(t, "not JSON", err, notJSON)
	_, _, err = stock.LoadTraceBounded(notJSON, 1024)
	usageError(t, "a file over -max-mem", err, notJSON, "loading this 4KiB trace needs about 16KiB (estimate), over -max-mem 1KiB")

	tr := loadTrace(t, good)
	tr.Config.Algo = "nosuchalgo"
	unknown := filepath.Join(dir, "unknown.json")
	saveTrace(t, tr, unknown)
	_, _, err = stock.LoadTraceBounded(unknown, 0)
	usageError(t, "an unknown algorithm", err, unknown, "nosuchalgo")

	// The file fits, the replay's Worlds do not: the same execution with
	// 2000 absent processes (a few bytes each in the file, a process each
	// in the World).
	tr = loadTrace(t, good)
	for id := model.ID(10); id < 2010; id++ {
		tr.Config.Absent = append(tr.Config.Absent, id)
	}
	wide := filepath.Join(dir, "wide.json")
	saveTrace(t, tr, wide)
	fi, err := os.Stat(wide)
	if err != nil {
		t.Fatal(err)
	}
	need := 2 * WorldBytes(changroberts.Algorithm, tr.Config)
	if need <= fi.Size()*traceLoadFactor {
		t.Fatalf("the test's premise: two Worlds (%d bytes) need more than loading the file (%d)", need, fi.Size()*traceLoadFactor)
	}
	_, _, err = stock.LoadTraceBounded(wide, need-1)
	usageError(t, "a replay over -max-mem", err, "replaying the trace for n=2003 needs about")
	if _, _, err := stock.LoadTraceBounded(wide, need); err != nil {
		t.Errorf("a replay within -max-mem: %v", err)
	}
	if _, _, err := stock.LoadTraceBounded(good, 1<<30); err != nil {
		t.Errorf("a trace well within -max-mem: %v", err)
	}
}

// TestReplayVerdicts: a recorded run replays exactly (verdict on stderr,
// rendering where -o says); a recorded violation that does not reproduce
// is a finding (exit status 1), not a success; an unknown rendering is a
// usage error that writes nothing.
func TestReplayVerdicts(t *testing.T) {
	dir := t.TempDir()
	good, _ := recordRun(t, dir, "good.json", 3, 1, 2, 5, 4)
	var out, errb bytes.Buffer
	if err := stock.Replay(good, "none", "", 0, &out, &errb); err != nil || out.Len() != 0 || errb.String() != "electlab: replayed exactly; no violation\n" {
		t.Errorf("replay -render none: err %v, stdout %q, stderr %q", err, out.String(), errb.String())
	}
	o := filepath.Join(dir, "good.txt")
	out.Reset()
	if err := stock.Replay(good, "text", o, 0, &out, io.Discard); err != nil || out.Len() != 0 {
		t.Fatalf("replay -o: err %v, stdout %q", err, out.String())
	}
	tr := loadTrace(t, good)
	rep, err := traces.Replay(changroberts.Algorithm, tr)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(readTemp(t, o)); got != traces.RenderText(tr, rep) {
		t.Errorf("-o holds something else than the text rendering:\n%s", got)
	}

	tr.Violation = &traces.Violation{Property: checker.PropSafety, Step: 3, Message: "two coordinators"}
	bad := filepath.Join(dir, "bad.json")
	saveTrace(t, tr, bad)
	err = stock.Replay(bad, "none", "", 0, io.Discard, io.Discard)
	var f *exit.FindingError
	if !errors.As(err, &f) || !strings.Contains(err.Error(), bad+": the recorded violation (single-coordinator) does not reproduce") {
		t.Errorf("a violation that does not reproduce: %T %v", err, err)
	}

	o2 := filepath.Join(dir, "never.out")
	err = stock.Replay(good, "png", o2, 0, io.Discard, io.Discard)
	usageError(t, "-render png", err, `-render "png"`)
	if _, err := os.Stat(o2); err == nil {
		t.Errorf("a refused replay wrote %s", o2)
	}
}

// latchInterrupt sets the SIGINT latch (internal/interrupt) as a first
// Ctrl-C does, and clears it when the test ends.
func latchInterrupt(t *testing.T) {
	t.Helper()
	stop := interrupt.Catch(io.Discard)
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		stop()
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); !Interrupted(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			stop()
			t.Fatal("the SIGINT never set the latch")
		}
	}
	stop()
	t.Cleanup(func() {
		interrupt.Catch(io.Discard)() // a new command's Catch clears the latch
		if Interrupted() {
			t.Error("the latch is still set")
		}
	})
}

// TestInterruptStopsTheWork: after a SIGINT the poll of a long execution
// stops it, a run ends unfinished ("interrupted", not a verdict) without
// writing its trace, and a replay ends with an interrupted error (exit
// status 130) having written nothing. Without the SIGINT the same calls
// finish.
func TestInterruptStopsTheWork(t *testing.T) {
	dir := t.TempDir()
	good, _ := recordRun(t, dir, "good.json", 3, 1, 2)
	if execPoll(io.Discard, "run")(5) {
		t.Fatal("the poll stops an execution with no SIGINT")
	}
	latchInterrupt(t)
	if !execPoll(io.Discard, "run")(5) || !intPoll(execPoll(io.Discard, "check"))(5) {
		t.Errorf("the poll does not stop an execution after a SIGINT")
	}
	path, rep := recordRun(t, dir, "cut.json", 3, 1, 2, 5, 4)
	if rep.Capped != "interrupted" || rep.Quiescent || len(rep.Violations) != 0 {
		t.Errorf("an interrupted run: capped %q, quiescent %v, violations %v", rep.Capped, rep.Quiescent, rep.Violations)
	}
	if _, err := os.Stat(path); err == nil {
		t.Errorf("an interrupted run wrote its trace")
	}
	o := filepath.Join(dir, "replay.txt")
	err := stock.Replay(good, "text", o, 0, io.Discard, io.Discard)
	var ie *exit.InterruptedError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "nothing rendered or written (not a verdict)") {
		t.Errorf("an interrupted replay: %T %v", err, err)
	}
	if _, err := os.Stat(o); err == nil {
		t.Errorf("an interrupted replay wrote %s", o)
	}
}

func writeTemp(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func readTemp(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func loadTrace(t *testing.T, path string) *traces.Trace {
	t.Helper()
	tr, err := traces.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func saveTrace(t *testing.T, tr *traces.Trace, path string) {
	t.Helper()
	if err := tr.Save(path); err != nil {
		t.Fatal(err)
	}
}
