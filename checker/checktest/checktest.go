package checktest

import (
	"flag"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/checker/shrink"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// replayFlag is -electlab.replay: when set, Rapid, Explore and Fuzz replay
// that trace file instead of searching (see the package comment).
var replayFlag = flag.String("electlab.replay", "", "electlab checktest: replay this trace file (written by a failing Rapid, Explore or Fuzz) instead of searching, and print it")

// DefaultDir is the trace directory of a Target that names none, relative
// to the test's package directory (where go test runs the test).
const DefaultDir = "testdata/electlab"

// Target is an algorithm and the family of executions the kit checks it
// on. Spec and NMin..NMax are required; the rest has defaults (the zero
// Setting is asynchronous FIFO channels, any non-empty set of initiators,
// no faults).
type Target struct {
	// Spec is the algorithm (a *model.Algorithm[S] in the user's module).
	Spec model.Spec
	// Setting fixes timing, channels, initiators and faults (crashes
	// before the run, crashes injected by the adversary, recovery, joins).
	Setting claim.Setting
	// Variant is the reading of the algorithm's ambiguities ("" = the
	// defaults).
	Variant string
	// NMin and NMax bound the number of processes.
	NMin, NMax int
	// Checks are the properties judged on every execution. The zero value
	// means the generic four: single-coordinator safety (after every
	// event), agreement, validity and termination (at the end; liveness
	// under the fair FIFO continuation). Set Props as well when adding
	// Custom or Invariant, or the generic ones are not checked.
	Checks checker.Checks
	// Bound, when set, is checked at the end of every quiescent execution
	// with the configuration and the message counts; an error is a
	// "bound" violation. Explore checks it at every quiescent state of the
	// search, so it holds over every schedule when Explore passes.
	Bound func(cfg *model.Config, counts model.Counts) error
	// BoundExpr, when set, is a bound in electlab's bound language
	// (docs/FORMULA.md, package checker/bound), such as
	// "sends <= 3*n - 1": over n, initiators, crashed, live and the
	// message counters (sends, transmissions, deliveries, sr, forwards,
	// sends[KIND], ...), checked as Bound is (both, when both are set).
	// A malformed bound or an unknown name fails the test before
	// anything runs.
	BoundExpr string
	// Converge adds the recovery rule (Rapid, Fuzz and replays): every
	// process that recovered or joined during the run holds the best
	// live id at quiescence.
	Converge bool
	// Adversarial is the number of events the adversary (rapid, the
	// fuzzer) chooses before the fair FIFO schedule takes over to finish
	// the run (0 = 200).
	Adversarial int
	// MaxSteps caps every execution (0 = checker.ConfigStepCap of the
	// configuration). A run stopped by the cap is "cap reached", not a
	// violation: only the properties of every instant (safety, Invariant)
	// were judged on it, the end-of-run ones are not.
	MaxSteps int
	// MaxStates caps the states Explore stores per configuration
	// (0 = 1,000,000); MaxConfigs the configurations it searches per size
	// (0 = 2,000). Reaching either fails Explore as "cap reached".
	MaxStates  int64
	MaxConfigs int
	// Dir is where a failure's minimal trace is written (0755, created
	// when needed); "" means DefaultDir.
	Dir string
	// Command returns the command a failure prints to show its trace; nil
	// means the go test command that reruns the failing test with
	// -electlab.replay=PATH (GoTestCommand; it works for any algorithm).
	// CLICommand prints `electlab replay PATH` instead, for the algorithms
	// built into electlab, and CommandOf("go run ./cmd/mytool") the replay
	// command of a program of your own built on electlab/cli.
	Command func(test, path string) string
	// Args are appended, each quoted for a POSIX shell, to the go test
	// command a failure prints (GoTestCommand, the default Command): the
	// test's own flags that chose what failed (e.g. -broken), so that the
	// printed command replays the same subject. Any other Command prints
	// its command as it is: a program's replay (CommandOf, CLICommand)
	// does not take the test's flags.
	Args []string
}

// CLICommand is a Target.Command for the algorithms compiled into the
// electlab command: `electlab replay PATH`.
func CLICommand(_, path string) string { return "electlab replay " + shellQuote(path) }

// CommandOf returns a Target.Command that prints `PROG replay PATH`: for
// a command of your own whose main calls cli.Main with your algorithm
// (prog is how to run it, e.g. "go run ./cmd/myring"), which then knows
// how to replay, render and shrink its traces.
func CommandOf(prog string) func(test, path string) string {
	return func(_, path string) string { return prog + " replay " + shellQuote(path) }
}

// GoTestCommand is the default Target.Command: rerun the test named test
// (t.Name(), subtests included) with -electlab.replay=PATH, from the test's
// package directory.
func GoTestCommand(test, path string) string {
	parts := strings.Split(test, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return fmt.Sprintf("go test -run %s -electlab.replay=%s", shellQuote(strings.Join(parts, "/")), shellQuote(path))
}

// shellQuote quotes s for a POSIX shell when it holds anything but
// letters, digits and -_./=,:.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=,:") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func (tg *Target) checks() checker.Checks {
	c := tg.Checks
	if c.Props == 0 && c.Custom == nil && c.Invariant == nil && c.Bound == nil {
		c.Props = model.Safety | model.Agreement | model.Validity | model.Termination
	}
	return c
}

func (tg *Target) adversarial() int {
	if tg.Adversarial > 0 {
		return tg.Adversarial
	}
	return 200
}

func (tg *Target) dir() string {
	if tg.Dir != "" {
		return tg.Dir
	}
	return DefaultDir
}

func (tg *Target) command(test, path string) string {
	if tg.Command != nil && reflect.ValueOf(tg.Command).Pointer() != reflect.ValueOf(GoTestCommand).Pointer() {
		return tg.Command(test, path)
	}
	cmd := GoTestCommand(test, path)
	for _, a := range tg.Args {
		cmd += " " + shellQuote(a)
	}
	return cmd
}

// valid reports a Target that cannot run.
func (tg *Target) valid() error {
	switch {
	case tg.Spec == nil:
		return fmt.Errorf("checktest: Target.Spec is nil")
	case tg.NMin < 1 || tg.NMax < tg.NMin:
		return fmt.Errorf("checktest: Target sizes %d..%d: want 1 <= NMin <= NMax", tg.NMin, tg.NMax)
	}
	if _, err := tg.Spec.Meta().ParseVariant(tg.Variant); err != nil {
		return fmt.Errorf("checktest: %w", err)
	}
	if _, err := tg.boundExpr(); err != nil {
		return err
	}
	return nil
}

// boundExpr is BoundExpr parsed (nil when there is none).
func (tg *Target) boundExpr() (*bound.Bound, error) {
	if tg.BoundExpr == "" {
		return nil, nil
	}
	b, err := bound.Parse(tg.BoundExpr, tg.Spec.Meta(), false, bound.Counts)
	if err != nil {
		return nil, fmt.Errorf("checktest: Target.BoundExpr %q: %w", tg.BoundExpr, err)
	}
	return b, nil
}

// end adds the kit's own end-of-run checks (the bound, the recovery rule)
// to an execution's verdict; a run that is not quiescent or already
// failed is left as it is.
func (tg *Target) end(x *checker.Execution) *checker.Violation {
	if x.Violation != nil || !x.Quiescent || x.Capped {
		return x.Violation
	}
	s := x.Final
	if tg.Converge {
		if err := checker.ConvergedAfter(s, checker.RejoinedIn(x.Events)); err != nil {
			return &checker.Violation{Property: "recovered-converge", Message: err.Error()}
		}
	}
	if bf := tg.bounds(); bf != nil {
		c := *s.Counts()
		c.ByKind = append([]model.KindCount(nil), c.ByKind...)
		if err := bf(s.Config().Clone(), c); err != nil {
			return &checker.Violation{Property: checker.PropBound, Message: err.Error()}
		}
	}
	return nil
}

// bounds is Bound and BoundExpr as one check (nil when neither is set).
func (tg *Target) bounds() func(cfg *model.Config, counts model.Counts) error {
	if tg.BoundExpr == "" {
		return tg.Bound
	}
	return func(cfg *model.Config, counts model.Counts) error {
		if tg.Bound != nil {
			if err := tg.Bound(cfg, counts); err != nil {
				return err
			}
		}
		b, err := tg.boundExpr()
		if err != nil {
			return err
		}
		return b.Check(bound.ConfigValues(cfg, counts))
	}
}

// complete runs events from s0 (skipping those no longer enabled) and
// finishes the run with the fair FIFO schedule, then judges it.
func (tg *Target) complete(s0 model.System, events []model.Event) *checker.Execution {
	x := checker.Complete(s0, events, tg.checks(), checker.Options{MaxSteps: tg.MaxSteps})
	x.Violation = tg.end(x)
	return x
}

// minimizeBudget bounds the work of minimising one failure: the total
// events of the candidate schedules replayed (as the electlab command's
// shrink does by default).
const minimizeBudget = 20_000_000

// failure is one failing execution, before minimisation.
type failure struct {
	s0     model.System
	events []model.Event
	v      *checker.Violation
	how    string
	// owner is the entry point's call that found it.
	owner *owner
}

// report minimises f's events (shrink.Events within minimizeBudget,
// keeping a violation of the same property), writes the minimal trace to
// the target's directory under a name made of test, and fails t with the
// violation, the trace's path and the replay command. cmdTest is the test
// name the command reruns.
func (tg *Target) report(t testing.TB, test, cmdTest string, f *failure) {
	t.Helper()
	r := shrink.Events(f.s0, f.events, tg.checks(), shrink.Of(f.v), shrink.Options{Run: checker.Options{MaxSteps: tg.MaxSteps}, End: tg.end, Budget: minimizeBudget})
	x, done := r.X, r.Done
	if !r.Kept {
		// Minimize keeps a failing list; only a nondeterministic
		// algorithm gets here.
		t.Errorf("%s %s: %v (%s); its schedule does not fail again when replayed, so no trace was written (is the step function deterministic?)",
			tg.Spec.Meta().Name, f.s0.Config(), f.v, f.how)
		return
	}
	v := x.Violation
	minimal := "minimal schedule"
	if !done {
		minimal = "schedule shrunk within the budget, perhaps not minimal"
	}
	head := fmt.Sprintf("%s %s: %v\nfound by %s; %s: %d events (from %d)",
		tg.Spec.Meta().Name, f.s0.Config(), v, f.how, minimal, len(x.Events), len(f.events))
	path, err := tg.save(f, x, test)
	if err != nil {
		t.Errorf("%s\ntrace not written: %v\nevents: %s", head, err, eventList(x.Events))
		return
	}
	t.Errorf("%s\ntrace: %s\nreplay: %s", head, path, tg.command(cmdTest, path))
}

// save records x's events from s0 as a trace and writes it (complete or
// absent) to the target's directory, named after test.
func (tg *Target) save(f *failure, x *checker.Execution, test string) (string, error) {
	v := x.Violation
	tr, err := traces.Record(f.s0, x.Events, &traces.Violation{Property: v.Property, Step: v.Step, Message: v.Message}, "checktest: "+test+": found by "+f.how)
	if err != nil {
		return "", err
	}
	dir := tg.dir()
	if err := outfile.MkdirAll(dir); err != nil {
		return "", err
	}
	path := claimPath(filepath.Join(dir, FileName(test)), f.owner)
	if err := tr.Save(path); err != nil {
		return "", err
	}
	return path, nil
}

// written maps the trace paths written by this test binary to the call
// (of Rapid, Explore or Fuzz) that wrote each, so that a second call
// failing in one test (Rapid then Explore, say) does not overwrite the
// first one's trace: it gets NAME-2.json, NAME-3.json, ... One call's
// later failures (a fuzz target's inputs) reuse its path.
var written struct {
	sync.Mutex
	paths map[string]*owner
}

// owner identifies one call of an entry point.
type owner struct{ _ byte }

// claimPath returns path, or the first numbered variant of it that o wrote or
// nobody did, and marks it o's.
func claimPath(path string, o *owner) string {
	written.Lock()
	defer written.Unlock()
	if written.paths == nil {
		written.paths = map[string]*owner{}
	}
	p := path
	for k := 2; written.paths[p] != nil && written.paths[p] != o; k++ {
		p = strings.TrimSuffix(path, ".json") + "-" + strconv.Itoa(k) + ".json"
	}
	written.paths[p] = o
	return p
}

// FileName is the trace file name a failure of the test named test (its
// t.Name()) is written under: every character but letters, digits and '-'
// becomes '_', and ".json" is added. A test's second failure in one run
// is written under NAME-2.json, and so on; a later run overwrites them.
func FileName(test string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '_'
	}, test) + ".json"
}

func eventList(evs []model.Event) string {
	parts := make([]string, 0, len(evs))
	for i, ev := range evs {
		if i == 80 {
			parts = append(parts, fmt.Sprintf("... (%d events)", len(evs)))
			break
		}
		parts = append(parts, ev.String())
	}
	return strings.Join(parts, ", ")
}
