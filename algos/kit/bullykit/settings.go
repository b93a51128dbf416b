package bullykit

import (
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// Settings are the settings several claims of the family share. Their
// names say who detects the coordinator's crash and starts an election:
// "detector", or "informer" (modbully).
type Settings struct {
	// One: sync, one detector, the old coordinator crashed.
	One claim.Setting
	// Many: sync, two or more simultaneous detectors, the old
	// coordinator crashed.
	Many claim.Setting
	// AnyDead: sync, any detector set, the old coordinator and up to 2
	// more crashed.
	AnyDead claim.Setting
	// Staggered: async FIFO with accurate timeouts, staggered detectors,
	// the old coordinator and up to 1 more crashed.
	Staggered claim.Setting
	// JoinStable: sync, one process joins a stable system, nobody
	// detects a crash.
	JoinStable claim.Setting
	// JoinElect: sync, one process joins while detectors elect, the old
	// coordinator crashed.
	JoinElect claim.Setting
}

// SettingsFor returns the shared settings named for who ("detector",
// "informer").
func SettingsFor(who string) Settings {
	return Settings{
		One: claim.Setting{Name: "sync, one " + who + ", the old coordinator crashed", Timing: model.Sync,
			Initiators: claim.OneInitiator, CoordinatorDead: true},
		Many: claim.Setting{Name: "sync, two or more simultaneous " + who + "s, the old coordinator crashed", Timing: model.Sync,
			Initiators: claim.ManyInitiators, CoordinatorDead: true},
		AnyDead: claim.Setting{Name: "sync, any " + who + " set, the old coordinator and up to 2 more crashed", Timing: model.Sync,
			Initiators: claim.AnyInitiators, CoordinatorDead: true, MaxDead: 2},
		Staggered: claim.Setting{Name: "async fifo, accurate timeouts, staggered " + who + "s, up to 1 more crashed", Timing: model.Async, Net: model.FIFO,
			Initiators: claim.AnyInitiators, CoordinatorDead: true, MaxDead: 1, Staggered: true},
		JoinStable: claim.Setting{Name: "sync, one process joins a stable system, no " + who, Timing: model.Sync,
			Initiators: claim.NoDetector, Joins: 1},
		JoinElect: claim.Setting{Name: "sync, one process joins while " + who + "s elect, the old coordinator crashed", Timing: model.Sync,
			Initiators: claim.AnyInitiators, CoordinatorDead: true, Joins: 1},
	}
}

// EarlyOutside is the async FIFO setting with early (arbitrary) timeouts,
// any detector set and the old coordinator crashed, outside the paper's
// timing assumption that assumption names (e.g. "[S4]'s no-delay
// assumption").
func EarlyOutside(assumption string) claim.Setting {
	return claim.Setting{Name: "async fifo, early timeouts (outside " + assumption + ")", Timing: model.Async, Net: model.FIFO, Timeouts: model.Early,
		Initiators: claim.AnyInitiators, CoordinatorDead: true, Outside: true}
}
