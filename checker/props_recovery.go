package checker

import (
	"fmt"
	"slices"

	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/model/electcheck"
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
