package checker

import (
	"slices"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// SmallerConfigs lists configs with one initiator or one dead process
// fewer, or a smaller crash budget, that still belong to setting st (a
// crashed coordinator stays crashed; next-best dead sets lose their worst
// member; fixed initiators stay).
func SmallerConfigs(info *model.Info, cfg *model.Config, st *claim.Setting) []*model.Config {
	var out []*model.Config
	if st != nil && st.Family != nil {
		// Only the family's configurations belong to the setting.
		if cfg.CrashBudget > 0 {
			c := cfg.Clone()
			c.CrashBudget--
			out = append(out, c)
		}
		return out
	}
	min := 1
	if st != nil && st.Initiators == claim.ManyInitiators {
		min = 2
	}
	if len(cfg.Initiators) > min && (st == nil || (st.Initiators != claim.OneInitiator && st.Initiators != claim.NextBest && st.Initiators != claim.NoDetector && st.Initiators != claim.EveryLive)) {
		for i := range cfg.Initiators {
			c := cfg.Clone()
			c.Initiators = append(c.Initiators[:i:i], cfg.Initiators[i+1:]...)
			out = append(out, c)
		}
	}
	keep := removableDead(info, cfg, st)
	for i := range cfg.Crashed {
		if !keep(cfg.Crashed[i]) {
			continue
		}
		c := cfg.Clone()
		c.Crashed = append(c.Crashed[:i:i], cfg.Crashed[i+1:]...)
		if st != nil && st.Initiators == claim.NextBest {
			// The best live process may have changed.
			live := append([]model.ID(nil), c.IDs...)
			var l []model.ID
			for _, id := range live {
				if !slices.Contains(c.Crashed, id) {
					l = append(l, id)
				}
			}
			c.Initiators = []model.ID{bestOf(info, l)}
		}
		if st != nil && st.Initiators == claim.EveryLive {
			// Every live process detects, the revived one too.
			var l []model.ID
			for _, id := range c.IDs {
				if !slices.Contains(c.Crashed, id) && !slices.Contains(c.Absent, id) {
					l = append(l, id)
				}
			}
			c.Initiators = l
		}
		out = append(out, c)
	}
	if cfg.CrashBudget > 0 {
		c := cfg.Clone()
		c.CrashBudget--
		out = append(out, c)
	}
	return out
}
