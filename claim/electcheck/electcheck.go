// Package electcheck holds the election properties a claim in an
// algorithm package may name directly: Agreement and Validity (package
// checker's generic properties run these) and ElectedBest, the coordinator
// check of a composed service. It sits below the algorithm packages (it
// imports only model).
package electcheck

import (
	"fmt"

	"github.com/electlab/electlab/model"
)

// Agreement checks that every live process holds the same leader and that
// it is not None. It is meant for quiescent worlds.
func Agreement(s model.Snapshot) error {
	leader, have := model.None, false
	var holder model.ID
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		id, l := s.Topo().Order[i], s.View(i).Leader
		if l == model.None {
			return fmt.Errorf("live process %d knows no leader", id)
		}
		if have && l != leader {
			return fmt.Errorf("live process %d holds leader %d but process %d holds %d", holder, leader, id, l)
		}
		leader, holder, have = l, id, true
	}
	if !have {
		return fmt.Errorf("no live process")
	}
	return nil
}

// Validity checks that the leader held by live processes is live and is the
// highest live id (the lowest for MinID algorithms). Agreement is checked
// separately; Validity checks every live process's leader.
func Validity(s model.Snapshot) error {
	want := BestLive(s)
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		l := s.View(i).Leader
		if l == model.None {
			continue
		}
		if j := s.Topo().IndexOf(l); j < 0 || s.Status(j) != model.Live {
			return fmt.Errorf("process %d holds leader %d, which is not live", s.Topo().Order[i], l)
		}
		if l != want {
			which := "highest"
			if s.Info().MinID {
				which = "lowest"
			}
			return fmt.Errorf("process %d holds leader %d, but the %s live id is %d", s.Topo().Order[i], l, which, want)
		}
	}
	return nil
}

// The coordinator a composed service uses is the one [S1] names: "The
// election algorithm chooses the highest-priority nonfailed process as the
// new coordinator and announces its id to all nonfailed processes."

// ElectedBest checks, at quiescence of a run in which no process was ever
// crashed (none crashed before the run, none crashed at the end, no
// recovery), that every live process holds the best live id (the highest;
// the lowest for MinID algorithms) and that exactly that process acts as
// coordinator. Runs with a crash are not judged here (after a crash nobody
// may have detected it yet: the service's own liveness checks cover them).
func ElectedBest(s model.System) error {
	if !s.Quiescent() {
		return nil
	}
	cfg := s.Config()
	if len(cfg.Crashed) > 0 || cfg.Recovery {
		return nil
	}
	for i := range s.N() {
		if s.Status(i) == model.Crashed {
			return nil
		}
	}
	if err := Agreement(s); err != nil {
		return fmt.Errorf("without crashes: %v", err)
	}
	if err := Validity(s); err != nil {
		return fmt.Errorf("without crashes: %v", err)
	}
	leader, _ := model.AgreedLeader(s)
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		id := s.Topo().Order[i]
		if c := s.View(i).Coordinator; c != (id == leader) {
			if c {
				return fmt.Errorf("without crashes: process %d acts as coordinator, but the elected one is %d", id, leader)
			}
			return fmt.Errorf("without crashes: the elected process %d does not act as coordinator", id)
		}
	}
	return nil
}

// BestLive is the best id among the live processes of s: the highest, the
// lowest for MinID algorithms (model.None when none is live).
func BestLive(s model.Snapshot) model.ID {
	want := model.None
	for i := range s.N() {
		if s.Status(i) != model.Live {
			continue
		}
		id := s.Topo().Order[i]
		if want == model.None || (s.Info().MinID && id < want) || (!s.Info().MinID && id > want) {
			want = id
		}
	}
	return want
}
