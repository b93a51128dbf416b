package checktest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// Interaction runs the interaction files at path, one subtest per file
// (named after the file): path is a file, a directory (its *.txt files)
// or a glob pattern ("testdata/interaction/*.txt"). An interaction file
// builds worlds of the algorithms among specs, applies events by name
// and shows what each one did, in the style of etcd-raft's interaction
// tests (rafttest.InteractionEnv). It is a github.com/cockroachdb/datadriven
// file: each command is followed by "----" and the output it must give;
// go test -rewrite writes the outputs instead of comparing them (review
// the diff before committing it). A # line is a comment.
//
//	world algo=hsring ids=3,1,2 initiators=3
//	----
//	algo=hsring ids=3,1,2 initiators=3 timing=async timeouts=accurate net=fifo forwarding=false
//
//	step
//	detect 3
//	----
//	detect 3
//	  started 3
//	  sent 3->1 probe(3,1) #1
//	  sent 3->2 probe(3,1) #1
//
// The commands:
//
//	world algo=NAME ids=3,1,2 [variant=V] [initiators=a,b] [crashed=a,b]
//	      [absent=a,b] [timing=async|sync] [timeouts=accurate|early|dead-late]
//	      [net=fifo|unordered] [physical=direct|ring|ring-rt]
//	      [successive=all;2,5] [crash-budget=K] [forwarding=true|false]
//
// builds a new world of the algorithm called NAME, with the configuration
// the arguments give (model.Config's fields, in the syntax of
// Config.String; the first value listed is the default, initiators
// default to all, forwarding to the algorithm's model.Info), and shows
// its configuration in full. Every later command works on the latest
// world.
//
//	step
//	EVENT
//	...
//
// applies the events named in the input, one a line, in order, in the
// syntax the other commands show them ("detect 3", "deliver 3->1 #1",
// "fire 2 t0", "crash 4", "round 2"; see model.ParseEvent), and shows
// each event with its effects indented below it (a message sent or
// delivered, a process that decided or started, ...). An event that is
// not enabled shows "EVENT: the error" and the next line is applied.
//
//	run [schedule=fifo|random|newest] [seed=S]
//
// applies enabled events until none is left (at most 10000), chosen by
// the schedule: fifo, the fair FIFO schedule (the default), random
// (uniformly at random) or newest (the newest message first), the last
// two seeded by S (default 1); it shows each event with its effects, then
// a line "outcome: leader=L agreed=B quiescent=B sends=N deliveries=N
// time=T" (the leader every live process agrees on, 0 if none; time is
// checker.MeasuredTime).
//
//	enabled
//
// shows the enabled events, one a line.
//
//	state
//
// shows each process's status, view and state, the messages in flight
// (traces.Snapshot) and a line "counts: sends=N transmissions=N
// deliveries=N forwards=N".
//
//	check
//
// shows the generic properties on the current state, one a line, "ok" or
// the violation: single-coordinator, agreement, validity (see package
// checker).
//
//	faults
//
// shows the model faults so far (e.g. a successive crash that could not
// happen), one a line, or "none".
//
// A mistake in the file (an unknown command, an unknown algorithm, an
// argument the command does not take or cannot parse, a malformed event,
// a command before the first world) fails the test with the file, the
// line and the problem; so does a path that names no file. A test with
// commands of its own runs its files with datadriven and passes the
// others to an InteractionEnv. Importing this package registers
// datadriven's flags (-rewrite, -datadriven-quiet) in the test binary.
func Interaction(t *testing.T, path string, specs ...model.Spec) {
	t.Helper()
	files, err := interactionFiles(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := NewInteractionEnv(specs...).err; err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			env := NewInteractionEnv(specs...)
			datadriven.RunTest(t, f, func(t *testing.T, d *datadriven.TestData) string {
				return env.Handle(t, d)
			})
		})
	}
}

// interactionFiles lists the files path names (see Interaction), sorted.
func interactionFiles(path string) ([]string, error) {
	var files []string
	var err error
	if strings.ContainsAny(path, "*?[") {
		files, err = filepath.Glob(path)
	} else if fi, serr := os.Stat(path); serr != nil {
		return nil, fmt.Errorf("interaction files: %w", serr)
	} else if fi.IsDir() {
		files, err = filepath.Glob(filepath.Join(path, "*.txt"))
	} else {
		files = []string{path}
	}
	if err != nil {
		return nil, fmt.Errorf("interaction files %s: %w", path, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("interaction files: %s names no file", path)
	}
	return files, nil
}

// InteractionEnv runs the commands of one interaction file (see
// Interaction) on its current world: Handle is a datadriven callback. A
// test with commands of its own handles those and passes the others to
// Handle, as etcd-raft's tests do with rafttest.InteractionEnv:
//
//	env := checktest.NewInteractionEnv(myring.Algorithm)
//	datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
//		if d.Cmd == "mine" {
//			return mine(env.System)
//		}
//		return env.Handle(t, d)
//	})
type InteractionEnv struct {
	// System is the current world: the latest world command's (nil
	// before the first).
	System model.System

	algos claim.Registry
	err   error // an algorithm that is nil or whose name is taken
}

// NewInteractionEnv returns an environment whose world command knows the
// algorithms specs. A nil algorithm, or two with the same name, fail
// every world command (and Interaction, at once).
func NewInteractionEnv(specs ...model.Spec) *InteractionEnv {
	entries := make([]claim.Entry, len(specs))
	for i, s := range specs {
		entries[i] = claim.Entry{Spec: s}
	}
	env := &InteractionEnv{}
	env.algos, env.err = claim.Registry{}.With(entries...)
	return env
}

// interactionCommands are the commands Handle knows, for its error.
var interactionCommands = []string{"world", "step", "run", "enabled", "state", "check", "faults"}

// Handle runs one command of an interaction file on the current world and
// returns its output (see Interaction for the commands). A mistake in the
// file fails t with the file's position (d.Fatalf).
func (env *InteractionEnv) Handle(t testing.TB, d *datadriven.TestData) string {
	t.Helper()
	if d.Cmd == "world" {
		env.System = env.NewWorld(t, d)
		if env.System == nil {
			return ""
		}
		return fmt.Sprintf("%s\n", env.System.Config())
	}
	if !slices.Contains(interactionCommands, d.Cmd) {
		d.Fatalf(t, "unknown command %q (known: %s)", d.Cmd, strings.Join(interactionCommands, ", "))
		return ""
	}
	s := env.System
	if s == nil {
		d.Fatalf(t, "%s before world", d.Cmd)
		return ""
	}
	if d.Cmd != "step" && d.Input != "" {
		d.Fatalf(t, "%s takes no input lines", d.Cmd)
		return ""
	}
	if d.Cmd != "run" && len(d.CmdArgs) > 0 {
		d.Fatalf(t, "%s takes no arguments, got %s", d.Cmd, d.CmdArgs[0])
		return ""
	}
	var b strings.Builder
	switch d.Cmd {
	case "step":
		for _, line := range strings.Split(strings.TrimSpace(d.Input), "\n") {
			ev, err := model.ParseEvent(line)
			if err != nil {
				d.Fatalf(t, "%v", err)
				return ""
			}
			if err := s.Apply(ev); err != nil {
				fmt.Fprintf(&b, "%s: %v\n", ev, err)
				continue
			}
			writeEffects(&b, ev, s)
		}
	case "run":
		ch, ok := interactionSchedule(t, d)
		if !ok {
			return ""
		}
		var buf []model.Event
		for i := 0; i < 10000; i++ {
			buf = s.Enabled(buf[:0])
			if len(buf) == 0 {
				break
			}
			ev := ch.Choose(s, buf)
			if err := s.Apply(ev); err != nil {
				d.Fatalf(t, "%v", err)
				return ""
			}
			writeEffects(&b, ev, s)
		}
		o := model.Summarize(s)
		fmt.Fprintf(&b, "outcome: leader=%d agreed=%t quiescent=%t sends=%d deliveries=%d time=%d\n",
			o.Leader, o.Agreed, o.Quiescent, o.Messages.Sends, o.Messages.Deliveries, checker.MeasuredTime(s))
	case "enabled":
		for _, ev := range s.Enabled(nil) {
			fmt.Fprintln(&b, ev)
		}
	case "state":
		c := s.Counts()
		b.WriteString(traces.SnapshotOf(s).String())
		fmt.Fprintf(&b, "counts: sends=%d transmissions=%d deliveries=%d forwards=%d\n", c.Sends, c.Transmissions, c.Deliveries, c.Forwards)
	case "check":
		for _, c := range []struct {
			name string
			f    func(model.Snapshot) error
		}{{checker.PropSafety, checker.SingleCoordinator}, {checker.PropAgreement, checker.Agreement}, {checker.PropValidity, checker.Validity}} {
			if err := c.f(s); err != nil {
				fmt.Fprintf(&b, "%s: %v\n", c.name, err)
			} else {
				fmt.Fprintf(&b, "%s: ok\n", c.name)
			}
		}
	case "faults":
		for _, f := range s.Faults() {
			fmt.Fprintln(&b, f)
		}
		if b.Len() == 0 {
			b.WriteString("none\n")
		}
	}
	return b.String()
}

// interactionSchedule is the run command's schedule; false after a bad
// argument (t has failed).
func interactionSchedule(t testing.TB, d *datadriven.TestData) (checker.Chooser, bool) {
	t.Helper()
	schedule, seed := "fifo", uint64(1)
	for _, a := range d.CmdArgs {
		var err error
		switch {
		case len(a.Vals) != 1:
			err = fmt.Errorf("%d values, want one", len(a.Vals))
		case a.Key == "schedule":
			schedule = a.Vals[0]
		case a.Key == "seed":
			seed, err = strconv.ParseUint(a.Vals[0], 10, 64)
		default:
			err = fmt.Errorf("unknown argument (run takes schedule= and seed=)")
		}
		if err != nil {
			d.Fatalf(t, "%s: %v", a.Key, err)
			return nil, false
		}
	}
	switch schedule {
	case "fifo":
		return checker.FIFO{}, true
	case "random":
		return checker.NewRandom(seed, checker.Uniform), true
	case "newest":
		return checker.NewRandom(seed, checker.Newest), true
	}
	d.Fatalf(t, "schedule: unknown schedule %q (fifo, random or newest)", schedule)
	return nil, false
}

// writeEffects writes ev and, indented below it, the effects its
// application had on s.
func writeEffects(b *strings.Builder, ev model.Event, s model.System) {
	fmt.Fprintf(b, "%s\n", ev)
	for _, e := range s.Effects() {
		fmt.Fprintf(b, "  %s\n", traces.DescribeEffect(e))
	}
}

// NewWorld builds the world d's arguments describe, as the world command
// does (see Interaction), without making it the current one: a command of
// your own may take a world's arguments and more, and own lists the keys
// it reads itself (e.g. "seed"), which NewWorld leaves alone. Any other
// argument NewWorld does not know, or one with other than one value,
// fails t (a misspelt key would otherwise leave the world without the
// setting the file shows); so does an unknown algorithm. It returns nil
// after failing t.
func (env *InteractionEnv) NewWorld(t testing.TB, d *datadriven.TestData, own ...string) model.System {
	t.Helper()
	if env.err != nil {
		d.Fatalf(t, "%v", env.err)
		return nil
	}
	arg, ok := d.Arg("algo")
	if !ok || len(arg.Vals) != 1 {
		d.Fatalf(t, "%s needs algo=NAME (known: %s)", d.Cmd, strings.Join(env.algos.Names(), ", "))
		return nil
	}
	algo := arg.Vals[0]
	spec, err := env.algos.Lookup(algo)
	if err != nil {
		d.Fatalf(t, "%v", err)
		return nil
	}
	cfg := &model.Config{Algo: algo, Forwarding: spec.Meta().Forwarding}
	for _, a := range d.CmdArgs {
		if a.Key == "algo" || slices.Contains(own, a.Key) {
			continue
		}
		if len(a.Vals) != 1 {
			d.Fatalf(t, "%s: %d values, want one", a.Key, len(a.Vals))
			return nil
		}
		v := a.Vals[0]
		switch a.Key {
		case "initiators":
			cfg.Initiators, err = model.ParseIDs(v)
		case "crash-budget":
			cfg.CrashBudget, err = strconv.Atoi(v)
		case "forwarding":
			cfg.Forwarding, err = strconv.ParseBool(v)
		default: // the keys model.Config.SetField reads
			var known bool
			if known, err = cfg.SetField(a.Key, v); !known {
				err = fmt.Errorf("unknown argument")
			}
		}
		if err != nil {
			d.Fatalf(t, "%s: %v", a.Key, err)
			return nil
		}
	}
	s, err := spec.NewSystem(cfg)
	if err != nil {
		d.Fatalf(t, "%v", err)
		return nil
	}
	return s
}
