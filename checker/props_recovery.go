package checker

import (
	"fmt"
	"slices"

	"github.com/electlab/electlab/claim/electcheck"
	"github.com/electlab/electlab/model"
)

// Recovery convergence: a process that recovers (or joins) must not keep
// trusting the coordinator it knew before: at quiescence it holds the best
// live id. Reference: [S2] Bully slide, "Process initiates election if it
// just recovered from failure"; [S4] §II, "If a process that was previously
// down comes back up, it initiates an election procedure".

// RecoveredConverge checks, on a quiescent world, that every process that
// was crashed or absent at the start of the run and is live at the end
// (it recovered or joined) holds the best live id. From the final world
// alone a process crashed and recovered during the run cannot be told
// apart; ConvergedAfter, given the run's events, covers those too.
func RecoveredConverge(s model.System) error {
	cfg := s.Config()
	back := append(append([]model.ID(nil), cfg.Crashed...), cfg.Absent...)
	return ConvergedAfter(s, back)
}

// RejoinedIn lists the processes that recover or join in events, in order
// of first appearance.
func RejoinedIn(events []model.Event) []model.ID {
	var ids []model.ID
	for _, ev := range events {
		if ev.Kind == model.EvRecover || ev.Kind == model.EvJoin {
			if !slices.Contains(ids, ev.P) {
				ids = append(ids, ev.P)
			}
		}
	}
	return ids
}

// ConvergedAfter checks that every process of back that is live in s
// holds the best live id of s (the highest; the lowest for MinID
// algorithms). It is meant for quiescent worlds.
func ConvergedAfter(s model.System, back []model.ID) error {
	if !s.Quiescent() {
		return nil
	}
	want := electcheck.BestLive(s)
	for _, p := range back {
		i := s.Topo().IndexOf(p)
		if i < 0 || s.Status(i) != model.Live {
			continue
		}
		if l := s.View(i).Leader; l != want {
			return fmt.Errorf("process %d recovered or joined, but at quiescence it holds coordinator %d, not the best live id %d", p, l, want)
		}
	}
	return nil
}

// PropEarned names EarnedCoordinator's violations.
const PropEarned = "earned-coordinator"

// EarnedCoordinator checks, after every event, that no process acts as
// coordinator without having won since its last recovery (or its join).
// The model gives a recovered process its initial state, which may act as
// coordinator (the old coordinator's); its recovery step must give that
// up, and the process may act as coordinator again only once it wins. So
// a process the last event recovered or joined whose state before the
// step acted as coordinator (model.Effect.Coord) and that still acts as
// coordinator after it has kept a coordinatorship it has not won, unless
// the step itself chose it (a model.ObsChoose observation of itself: a
// rule that makes it coordinator at once). Every later change of its view
// is a step of its own, so this checks "every live coordinator has won
// since its last recovery" incrementally: it reads the last event's
// effects only (O(effects) per step), and holds vacuously in runs without
// recoveries or joins. Reference: [S2] Bully slide, "Process initiates
// election if it just recovered from failure"; [S4] §II, "If a process
// that was previously down comes back up, it initiates an election
// procedure".
func EarnedCoordinator(s model.System) error {
	effects := s.Effects()
	for k := range effects {
		e := &effects[k] // not a copy: an Effect holds a whole Message
		if (e.Kind != model.Recovered && e.Kind != model.Joined) || !e.Coord {
			continue
		}
		i := s.Topo().IndexOf(e.P)
		if i < 0 || s.Status(i) != model.Live || !s.View(i).Coordinator {
			continue
		}
		if slices.ContainsFunc(effects, func(d model.Effect) bool {
			return d.Kind == model.Noted && d.P == e.P && d.Tag == model.ObsChoose && model.ID(d.Val) == e.P
		}) {
			continue // the step chose it: a win
		}
		what := "recovered"
		if e.Kind == model.Joined {
			what = "joined"
		}
		return fmt.Errorf("process %d %s and acts as coordinator without having won an election since (it kept its initial state's coordinatorship)", e.P, what)
	}
	return nil
}
