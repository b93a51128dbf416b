package tokenring

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// The claims of [S2]'s table row "Token ring", as data.

func one(claim.Params) claim.Rat       { return claim.RatInt(1) }
func nPasses(p claim.Params) claim.Rat { return claim.RatInt(int64(p.N)) }
func nMinus1(p claim.Params) claim.Rat { return claim.RatInt(int64(p.N - 1)) }

// row is the table's row, as printed.
var row = mutex.Row{ID: "C-MUTEX-4", Name: "Token ring", Messages: "1 to ∞", Delay: "0 to n – 1", Problems: "Lost token, process crash", Who: "process", NoContention: "no contention"}

// set holds the settings of the claims below (package mutex names them).
var set = row.Settings()

// passes is what the token ring's messages per entry/exit count.
const passes = "token passes per entry/exit"

// Claims are the claims about Algorithm, as data (the registry, algos,
// pairs them with it).
var Claims = []claim.Claim{
	mutex.Bound(claim.Claim{
		ID:        row.ID,
		Source:    row.Source(""),
		Says:      row.Says(mutex.Columns...),
		Formal:    "the lower end: token passes per entry/exit (the exit's pass plus the passes until the next entry, or until the token parks) >= 1 for every entry/exit, and = 1 in some execution at every n (when the next process wants the token); the upper end, ∞, is C-MUTEX-4-IDLE; at every instant exactly one token exists (held or in flight) and every token and wake message goes to the sender's successor on the ring",
		Tight:     true,
		Invariant: oneToken,
		NMin:      2, NMax: 6,
		Settings: []claim.Setting{set.AsyncAny, set.SyncAny},
		Variants: []string{"once", "twice"},
	}, lockcheck.ObsCost, claim.AtLeast, passes, one, "1", "1", passAccounting, lockcheck.MutualExclusion),
	mutex.Bound(claim.Claim{
		ID:     row.ID + "-IDLE",
		Source: row.Source("upper end of Messages per entry/exit"),
		Says:   row.Says(mutex.ColMessages),
		Formal: "the upper end: with no further demand the token keeps circulating, so one entry/exit can cost any number of passes. The model cuts the idle circulation at one lap (the token parks where a lap of holders that did not want it ends), so the check is that the cut is reached: the largest number of passes per entry/exit <= n, and = n in some execution at every n; the count grows with the idle period in the unparked algorithm",
		Tight:  true,
		NMin:   2, NMax: 6,
		Settings: []claim.Setting{set.AsyncAny, set.SyncAny},
		Variants: []string{"once", "twice"},
	}, lockcheck.ObsCost, claim.AtMost, passes, nPasses, "n (one idle lap; ∞ without the cut)", "n"),
	{
		ID:     row.ID + "-DELAY",
		Source: row.Source("column Delay before entry"),
		Says:   row.Says(mutex.ColDelay),
		Formal: "delay before entry, in message times, read as the catalog asks (from the token's position at request time): the token passes sent after the request until the entry (a wake sent to a parked token is not a pass; the same under both delay models, since only one message is in transit) <= n−1 for every entry, and = n−1 in some execution at every n; the lower end 0 is an entry with the token already at the requester",
		Kind:   claim.Bound, Quantity: claim.Time, Accounting: model.P2P, Relation: claim.AtMost, Tight: true,
		Formula: nMinus1, FormulaText: "n-1",
		Measure: maxDelay,
		Custom:  checkDelays,
		NMin:    2, NMax: 6,
		Settings: []claim.Setting{set.AsyncAny, set.SyncAny},
		Variants: []string{"once", "twice"},
	},
	row.NoFailureClaim("", claim.Claim{NMin: 2, Variants: []string{"twice"}}),
	row.CrashClaim("the token held by, or sent to, a crashed process is lost; a crashed holder releases implicitly",
		"a crash costs liveness (the table's problems: the token is lost, the others wait for ever)", 2, "twice"),
}

// oneToken is an invariant of every state of a run without crashes: exactly
// one token exists (held by one process, or in flight), and every token and
// wake message goes to its sender's successor on the ring ([S2] Token
// ring: the token circulates on a logical ring).
func oneToken(s model.System) error {
	tokens := 0
	for i := range s.N() {
		if s.Status(i) != model.Live {
			return nil
		}
		if model.StateOf[State](s, i).Has {
			tokens++
		}
	}
	for _, m := range s.InFlight() {
		if m.Kind == Token {
			tokens++
		}
		i := s.Topo().IndexOf(m.From)
		if next := s.Topo().Order[s.Topo().Next(i)]; m.To != next {
			return fmt.Errorf("a %s message goes from %d to %d, not to its successor %d", m.Kind.Name, m.From, m.To, next)
		}
	}
	if tokens != 1 {
		return fmt.Errorf("%d tokens exist", tokens)
	}
	return nil
}

// passAccounting checks the attribution of passes: every pass counted for
// an entry/exit ("pass" with a positive Val) is in exactly one "cost", and
// every token message sent is a "pass".
func passAccounting(s model.System) error {
	var attributed, costs, passes int64
	for _, o := range s.Observations() {
		switch o.Tag {
		case "pass":
			passes++
			if o.Val > 0 {
				attributed++
			}
		case lockcheck.ObsCost:
			costs += int64(o.Val)
		}
	}
	if sent := s.Counts().ByKind[Token.Code].Sends; sent != passes {
		return fmt.Errorf("%d token messages sent but %d passes observed", sent, passes)
	}
	if attributed != costs {
		return fmt.Errorf("%d passes counted for entries/exits but the costs observed add up to %d", attributed, costs)
	}
	return nil
}

// entryDelays returns, for every entry, the number of token passes sent
// after its request and before it.
func entryDelays(s model.System) []int64 {
	var out []int64
	passes := int64(0)
	open := map[model.ID]int64{}
	for _, o := range s.Observations() {
		switch o.Tag {
		case "pass":
			passes++
		case lockcheck.ObsRequest:
			open[o.Proc] = passes
		case lockcheck.ObsEnter:
			if at, ok := open[o.Proc]; ok {
				out = append(out, passes-at)
				delete(open, o.Proc)
			}
		}
	}
	return out
}

func maxDelay(s model.System) (int64, bool) {
	ds := entryDelays(s)
	var max int64
	for _, d := range ds {
		if d > max {
			max = d
		}
	}
	return max, len(ds) > 0
}

func checkDelays(s model.System) error {
	for i, d := range entryDelays(s) {
		if d > int64(s.N()-1) {
			return fmt.Errorf("entry %d waited %d token passes after its request, claimed <= n-1 = %d", i+1, d, s.N()-1)
		}
	}
	return nil
}
