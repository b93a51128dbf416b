package checker_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// TestInteraction runs the datadriven interaction tests under
// testdata/interaction: each file builds worlds, applies named events and
// shows their effects, in the style of etcd-io/raft's interaction tests.
//
// Commands:
//
//	world algo=A ids=3,1,2 [variant=V] [initiators=a,b] [crashed=a,b]
//	      [timing=sync|async] [net=fifo|unordered] [crash-budget=K]
//	      [forwarding=true|false] [successive=all;2,5]
//	step            (input: one event name per line) apply and show effects
//	run [schedule=fifo|random|newest] [seed=S]   run to the end, show effects
//	enabled         the enabled events
//	state           views, statuses, messages in flight and counts
//	check           the generic properties on the current world
//	faults          the model faults (e.g. successive crashes stopped)
func TestInteraction(t *testing.T) {
	files, err := filepath.Glob("../testdata/interaction/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no interaction tests: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			var s model.System
			datadriven.RunTest(t, f, func(t *testing.T, d *datadriven.TestData) string {
				if d.Cmd != "world" && s == nil {
					d.Fatalf(t, "%s before world", d.Cmd)
				}
				switch d.Cmd {
				case "world":
					s = newWorld(t, d)
					return fmt.Sprintf("%s\n", s.Config())
				case "step":
					var b strings.Builder
					for _, line := range strings.Split(strings.TrimSpace(d.Input), "\n") {
						ev, err := model.ParseEvent(line)
						if err != nil {
							d.Fatalf(t, "%v", err)
						}
						if err := s.Apply(ev); err != nil {
							fmt.Fprintf(&b, "%s: %v\n", ev, err)
							continue
						}
						writeEffects(&b, ev, s)
					}
					return b.String()
				case "run":
					schedule, seed := "fifo", uint64(1)
					if d.HasArg("schedule") {
						d.ScanArgs(t, "schedule", &schedule)
					}
					if d.HasArg("seed") {
						d.ScanArgs(t, "seed", &seed)
					}
					var ch checker.Chooser = checker.FIFO{}
					switch schedule {
					case "random":
						ch = checker.NewRandom(seed, checker.Uniform)
					case "newest":
						ch = checker.NewRandom(seed, checker.Newest)
					}
					var b strings.Builder
					var buf []model.Event
					for i := 0; i < 10000; i++ {
						buf = s.Enabled(buf[:0])
						if len(buf) == 0 {
							break
						}
						ev := ch.Choose(s, buf)
						if err := s.Apply(ev); err != nil {
							d.Fatalf(t, "%v", err)
						}
						writeEffects(&b, ev, s)
					}
					o := model.Summarize(s)
					fmt.Fprintf(&b, "outcome: leader=%d agreed=%t quiescent=%t sends=%d deliveries=%d time=%d\n",
						o.Leader, o.Agreed, o.Quiescent, o.Messages.Sends, o.Messages.Deliveries, checker.MeasuredTime(s))
					return b.String()
				case "faults":
					var b strings.Builder
					for _, f := range s.Faults() {
						fmt.Fprintln(&b, f)
					}
					if b.Len() == 0 {
						b.WriteString("none\n")
					}
					return b.String()
				case "enabled":
					var b strings.Builder
					for _, ev := range s.Enabled(nil) {
						fmt.Fprintln(&b, ev)
					}
					return b.String()
				case "state":
					return traces.SnapshotOf(s).String() + fmt.Sprintf("counts: sends=%d transmissions=%d deliveries=%d forwards=%d\n",
						s.Counts().Sends, s.Counts().Transmissions, s.Counts().Deliveries, s.Counts().Forwards)
				case "check":
					var b strings.Builder
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
					return b.String()
				}
				d.Fatalf(t, "unknown command %q", d.Cmd)
				return ""
			})
		})
	}
}

func writeEffects(b *strings.Builder, ev model.Event, s model.System) {
	fmt.Fprintf(b, "%s\n", ev)
	for _, e := range s.Effects() {
		fmt.Fprintf(b, "  %s\n", traces.DescribeEffect(e))
	}
}

// newWorld builds the world d's arguments describe. An argument it does
// not read (other than algo and the caller's own keys, such as seed) or
// one with other than one value fails the test: a misspelt key would
// otherwise leave the world without the setting the file shows.
func newWorld(t *testing.T, d *datadriven.TestData, callerKeys ...string) model.System {
	var algo string
	d.ScanArgs(t, "algo", &algo)
	spec, err := algos.Registry().Lookup(algo)
	if err != nil {
		d.Fatalf(t, "%v", err)
	}
	cfg := &model.Config{Algo: algo, Forwarding: spec.Meta().Forwarding}
	for _, a := range d.CmdArgs {
		if a.Key == "algo" || slices.Contains(callerKeys, a.Key) {
			continue
		}
		if len(a.Vals) != 1 {
			d.Fatalf(t, "%s: %d values, want one", a.Key, len(a.Vals))
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
		}
	}
	s, err := spec.NewSystem(cfg)
	if err != nil {
		d.Fatalf(t, "%v", err)
	}
	return s
}
