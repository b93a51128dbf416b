package checker

import (
	"fmt"

	"electlab/model"
)

// The coordinator a composed service uses is the one [S1] names: "The
// election algorithm chooses the highest-priority nonfailed process as the
// new coordinator and announces its id to all nonfailed processes."

func init() {
	model.RegisterCheck(model.CheckElectedBest, ElectedBest)
}

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
