package ringpoll

import (
	"fmt"

	"electlab/model"
)

// claims are the catalog's claims about the ring-based election, as data.
// No result is stored here.
var claims = []model.Claim{
	{
		ID:     "C-SLIDE-3",
		Source: "[S2] Ring-based Election slide",
		Says:   `"Multiple elections can be in progress – Wastes network bandwidth but does no harm"`,
		Formal: "with k concurrent initiators every announcement names the same process, and at quiescence every live process holds it; never two live coordinators",
		Kind:   model.Behaviour,
		Props:  model.Safety | model.Agreement | model.Termination,
		Custom: sameAnnouncement,
		NMin:   3, NMax: 6,
		Settings: []model.Setting{
			{Name: "async fifo, no failure, any initiators", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators},
			{Name: "async fifo, dead successors (polling), any initiators", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators, MaxDead: 3},
			// A crash while the elections run is outside the slide's story
			// (it polls for nodes already dead) and tests crashes, not
			// concurrency: reported, but it does not decide the claim.
			{Name: "async fifo, one crash during the elections (outside the slide's story), any initiators", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators, CrashBudget: 1, Outside: true},
		},
		Variants: []string{"lap-initiator", "lap-last-live"},
	},
}

// sameAnnouncement is C-SLIDE-3's check: every "announce" observation
// names the same process.
func sameAnnouncement(s model.System) error {
	first := true
	var v int32
	var by model.ID
	for _, o := range s.Observations() {
		if o.Tag != "announce" {
			continue
		}
		if first {
			first, v, by = false, o.Val, o.Proc
		} else if o.Val != v {
			return fmt.Errorf("initiator %d announced %d but initiator %d announced %d", by, v, o.Proc, o.Val)
		}
	}
	return nil
}
