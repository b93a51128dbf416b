package decentral

import (
	"fmt"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/kit/mutex"
	"github.com/electlab/electlab/claim/lockcheck"
	"github.com/electlab/electlab/model"
)

// The claims of [S2]'s table row "Decentralized", as data. m is the
// majority of the n replicas (M); k is the number of attempts an entry
// took, which the requester observes at entry.

// threeM is 3mk at k = 1 (no contention).
func threeM(p claim.Params) claim.Rat { return claim.RatInt(int64(3 * M(p.N))) }

// twoM is the printed delay 2m.
func twoM(p claim.Params) claim.Rat { return claim.RatInt(int64(2 * M(p.N))) }

// row is the table's row, as printed.
var row = mutex.Row{ID: "C-MUTEX-2", Name: "Decentralized", Messages: "3mk", Delay: "2m", Problems: "starvation", Who: "process", NoContention: "no contention, k = 1"}

// set holds the settings of the claims below (package mutex names them).
var set = row.Settings()

// sizes covers m = 2, 3, 4 and 6 (the catalog's m ∈ {2, 3, 6}).
var sizes = []int{3, 4, 5, 6, 10, 11}

// Claims are the claims about Algorithm, as data (the registry, algos,
// pairs them with it).
var Claims = []claim.Claim{
	row.CostClaim(claim.Claim{
		Formal: "m = ⌊n/2⌋+1 votes needed, asked of the m processes after the requester; without contention (one requesting process, so k = 1): messages per entry/exit (m requests, m votes, m releases, P2P) = 3mk = 3m for every entry, under both release policies; the per-attempt count with k > 1 is C-MUTEX-2-RETRY",
		NMin:   3, NMax: 11, Sizes: sizes,
		Settings: []claim.Setting{set.AsyncOne, set.SyncOne},
		Variants: []string{"once,parallel,release-obtained", "twice,parallel,release-on-success"},
		// 3mk's k is fixed at 1 here (one requester, one attempt):
		// declared, so the report says it never varies.
		Vars: []claim.FormulaVar{
			{Name: "m", Of: func(p claim.Params) int64 { return int64(M(p.N)) }},
			{Name: "k", Of: func(p claim.Params) int64 { return int64(p.Initiators) }},
		},
	}, threeM, "3mk, k=1, m=floor(n/2)+1", "3m"),
	{
		ID:     row.ID + "-RETRY",
		Source: row.Source("with k attempts"),
		Says:   row.Says(mutex.ColMessages),
		Formal: "with contention, an entry that took k attempts (it observes k) costs exactly 3mk messages (requests, votes and releases over its attempts, P2P), under each release policy of the catalog: (a) every attempt releases the votes it obtained, (b) only the successful attempt releases; checked on every finished execution (a livelocked one is reported as unfinished)",
		Kind:   claim.Behaviour,
		Custom: perAttempt,
		NMin:   3, NMax: 5,
		Settings: []claim.Setting{set.AsyncAny, set.SyncAny},
		Variants: []string{"twice,parallel,release-obtained", "twice,parallel,release-on-success"},
	},
	row.DelayClaim(claim.Claim{
		Formal: "delay before entry without contention, in message times (the requester's hop clock at entry minus at request), under the catalog's two delay models (AMB-MUTEX-SEND): (a) parallel requests, (b) sequential requests, one round trip each; = 2m for every entry",
		NMin:   3, NMax: 11, Sizes: sizes,
		Variants: []string{"once,parallel", "once,sequential"},
	}, twoM, "2m, m=floor(n/2)+1", "2m"),
	row.NoFailureClaim("; the table lists starvation as this row's problem, so a REFUTED verdict (a livelock or a deadlock of votes) confirms it; every vote request delivered got exactly one answer (a grant or a deny)",
		claim.Claim{
			Source: "[S2] comparison table, caption and row Decentralized, column Problems",
			Says:   mutex.Caption + " / " + row.Says(mutex.ColProblems),
			// Not a target of the rapid behaviour search (no Safety):
			// the starvation this row lists is expected, and rapid,
			// which also staggers requests under sync timing, finds it
			// where the engine's three schedules do not.
			Props:    model.Termination,
			NMin:     3,
			Variants: []string{"twice,parallel,release-obtained", "twice,parallel,release-on-success", "twice,sequential,release-obtained"},
		},
		claim.AnswersOwed("request", "grant", "deny")),
	row.CrashClaim("a crashed process's pending acquire has an unknown result and a crashed holder releases implicitly",
		"a crashed coordinator's vote is lost, which costs liveness", 3, "twice,parallel,release-obtained"),
}

// perAttempt checks every entry's cost against 3mk with its own k: the
// "attempts" observation at entry and the "cost" observation at leave of
// the same process, in order.
func perAttempt(s model.System) error {
	m := int64(M(s.N()))
	k := map[model.ID]int64{}
	for i, o := range s.Observations() {
		switch o.Tag {
		case "attempts":
			k[o.Proc] = int64(o.Val)
		case lockcheck.ObsCost:
			want := 3 * m * k[o.Proc]
			if int64(o.Val) != want {
				return fmt.Errorf("an entry of process %d took k=%d attempts and cost %d messages (observation %d), claimed 3mk = %d (m=%d, n=%d)",
					o.Proc, k[o.Proc], o.Val, i, want, m, s.N())
			}
		}
	}
	return nil
}
