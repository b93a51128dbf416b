package algos

import (
	"slices"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/enhancedbully"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// firesTimers reports whether a timer fires in some execution of a
// setting of one of info's Behaviour or Bound claims (the claims that
// run executions): the first configurations (up to
// 20) of each async setting at the claim's smallest size, under the fair FIFO
// schedule and its first checked reading.
func firesTimers(t *testing.T, spec claim.Entry) bool {
	info := spec.Meta()
	for ci := range spec.Claims {
		c := &spec.Claims[ci]
		if c.Kind != claim.Behaviour && c.Kind != claim.Bound {
			continue
		}
		for _, st := range c.Settings {
			if st.Timing != model.Async {
				continue
			}
			fired, tried := false, 0
			checker.EnumerateConfigs(info, &st, c.CheckedVariants()[0], max(c.NMin, 3), 1<<20, func(cfg *model.Config) bool {
				s0, err := spec.NewSystem(cfg)
				if err != nil {
					t.Fatalf("%s %s: %v", info.Name, cfg, err)
				}
				x := checker.Execute(s0, checker.FIFO{}, checker.Checks{}, checker.Options{MaxSteps: 5000})
				for _, ev := range x.Events {
					fired = fired || ev.Kind == model.EvFire
				}
				tried++
				return !fired && tried < 20
			})
			if fired {
				return true
			}
		}
	}
	return false
}

// earlyRow reports whether a Behaviour or Bound claim of spec has a setting whose
// timers may fire while messages are in flight (model.Early).
func earlyRow(spec claim.Entry) bool {
	for _, c := range spec.Claims {
		for _, st := range c.Settings {
			if (c.Kind == claim.Behaviour || c.Kind == claim.Bound) && st.Timing == model.Async && st.Timeouts == model.Early {
				return true
			}
		}
	}
	return false
}

// Every algorithm whose steps arm timers is also checked where its timers
// fire while messages are in flight (issue 30, finding 9: a bug caught only
// with early timeouts, a setting no claim covered). For a failure detector
// that row is outside the paper's assumptions (reported, not deciding); for
// a client's critical section and think time it is within them.
func TestTimersAlsoFireEarly(t *testing.T) {
	checked := 0
	for _, spec := range all {
		if !firesTimers(t, spec) {
			continue
		}
		checked++
		t.Logf("%s fires timers", spec.Meta().Name)
		if !earlyRow(spec) {
			t.Errorf("%s arms timers, but no Behaviour or Bound claim has an async setting with early timeouts", spec.Meta().Name)
		}
	}
	if checked == 0 {
		t.Fatal("no registered algorithm fires a timer: the rule checks nothing")
	}
}

// The rule can fail: enhancedbully registered without its early-timeouts
// row is caught.
func TestMissingEarlyRowIsCaught(t *testing.T) {
	broken := claim.Entry{Spec: enhancedbully.Algorithm, Claims: slices.Clone(enhancedbully.Claims)}
	for i := range broken.Claims {
		c := &broken.Claims[i]
		var keep []claim.Setting
		for _, st := range c.Settings {
			if st.Timeouts != model.Early {
				keep = append(keep, st)
			}
		}
		c.Settings = keep
	}
	if !firesTimers(t, broken) {
		t.Fatal("enhancedbully fires no timer in its claims' settings")
	}
	if earlyRow(broken) {
		t.Fatal("the broken entry still has an early row")
	}
}
