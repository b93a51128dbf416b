package claim

import (
	"fmt"
	"strings"

	"github.com/electlab/electlab/model"
)

// Obligation checks: properties of a mutual-exclusion algorithm's message
// traffic that the lock history alone does not see. They are written over
// the World (message counts, messages in flight, the config), so a claim in
// an algorithm package (which may import only model) can name them, and the
// claim engine, the CLI's check and the package tests all run the same
// code. The recovery check, which needs the generic Validity rule, lives
// in package checker (RecoveredConverge).

// crashFree reports whether no process was ever crashed or absent in the
// run that ended in s, as far as the final world tells: none is crashed or
// absent now, none was before the run, and no crash or recovery was
// allowed during it.
func crashFree(s model.System) bool {
	cfg := s.Config()
	if len(cfg.Crashed) > 0 || len(cfg.Absent) > 0 || cfg.CrashBudget > 0 || cfg.Recovery {
		return false
	}
	for i := range s.N() {
		if s.Status(i) != model.Live {
			return false
		}
	}
	return true
}

// kindCount returns the counts of the message kind called name; ok is
// false when the algorithm has no such kind.
func kindCount(s model.System, name string) (model.KindCount, bool) {
	k := s.Info().Kind(name)
	if k == nil {
		return model.KindCount{}, false
	}
	c := s.Counts()
	if k.Code >= len(c.ByKind) {
		return model.KindCount{}, true
	}
	return c.ByKind[k.Code], true
}

// AnswersOwed returns an end-of-run check for a crash-free run: every
// message of kind asked that was delivered got exactly one answer, a
// message of one of the kinds answers (deliveries of asked = sends of the
// answers, P2P). It catches a reply that is never sent (a deferred reply
// forgotten, a grant withheld) and one sent twice (a deferred set that is
// not reset). Runs with a crash, a recovery or an absent process are not
// judged (a crashed process owes nothing). A kind the algorithm does not
// have is an error, not a pass.
func AnswersOwed(asked string, answers ...string) func(model.System) error {
	return func(s model.System) error {
		a, ok := kindCount(s, asked)
		if !ok {
			return fmt.Errorf("answers owed: algorithm %s has no message kind %q", s.Info().Name, asked)
		}
		var sent int64
		for _, name := range answers {
			c, ok := kindCount(s, name)
			if !ok {
				return fmt.Errorf("answers owed: algorithm %s has no message kind %q", s.Info().Name, name)
			}
			sent += c.Sends
		}
		if !crashFree(s) || !s.Quiescent() {
			return nil
		}
		if sent != a.Deliveries {
			what := "never sent"
			if sent > a.Deliveries {
				what = "sent more than once"
			}
			return fmt.Errorf("answers owed: %d %s message(s) delivered but %d %s sent (an answer %s) at quiescence without crashes",
				a.Deliveries, asked, sent, strings.Join(answers, "/"), what)
		}
		return nil
	}
}

// InitialBest is the best member at the start of the run that led to s:
// the highest id that is not absent (the lowest for MinID algorithms), the
// coordinator every process believed in before the run (Env.InitialCoordinator).
func InitialBest(s model.System) model.ID {
	best := model.None
	absent := s.Config().Absent
	for _, id := range s.Topo().Order {
		skip := false
		for _, a := range absent {
			if a == id {
				skip = true
			}
		}
		if skip {
			continue
		}
		if best == model.None || (s.Info().MinID && id < best) || (!s.Info().MinID && id > best) {
			best = id
		}
	}
	return best
}

// ServedByInitialBest returns an invariant (a function of the messages in
// flight, so it is judged on every state): every message of a kind in from
// is sent by the best member at the start (InitialBest), and every message
// of a kind in to is addressed to it. It pins the coordinator the paper
// names ([S2]: "select process with highest ID") for an algorithm whose
// coordinator is not elected during the run (package central).
func ServedByInitialBest(from, to []string) func(model.System) error {
	return func(s model.System) error {
		best := InitialBest(s)
		for _, m := range s.InFlight() {
			name := m.Kind.Name
			for _, k := range from {
				if name == k && m.From != best {
					return fmt.Errorf("a %s message is sent by process %d, but the coordinator is the best member at the start, %d", name, m.From, best)
				}
			}
			for _, k := range to {
				if name == k && m.To != best {
					return fmt.Errorf("a %s message from %d is addressed to process %d, but the coordinator is the best member at the start, %d", name, m.From, m.To, best)
				}
			}
		}
		return nil
	}
}
