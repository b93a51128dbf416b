package modbully

import (
	"github.com/electlab/electlab/algos/kit/bullykit"
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// ConventionB is the variant that realises the catalog's convention B: the
// crashed old coordinator is never messaged and N counts the live
// processes.
const ConventionB = "msg-live,n-live"

// bullyTm is [S4] eq.(1), the Bully's count T_m(N, P) = (N−P+1)(N−P) + N
// − 1, at the lowest detector P (with several simultaneous detectors in
// lock-step every process above the lowest one sends its ELECTION once,
// so the Bully's count is the lowest detector's).
func bullyTm(p claim.Params) claim.Rat {
	var d int64
	for i, id := range p.Detectors {
		if i == 0 || int64(id) < d {
			d = int64(id)
		}
	}
	return bullykit.Tm(int64(N(p)), d)
}

// set are the settings the family's claims share, named for informers.
var set = bullykit.SettingsFor("informer")

// Claims are claims of [S3] §II about the modified Bully that the catalog
// does not list one by one (new IDs in the catalog's scheme), as data.
var Claims = []claim.Claim{
	{
		ID:     "C-MB-1",
		Source: "[S3] §II (Related Work)",
		Says:   `"Effatparvar [10] and Shirali [1] are proposed algorithms by modifying the Bully. … These methods improve the Bully algorithms since it reduced the number of messages which should pass for coordinator election."`,
		Formal: "the modified Bully's P2P count is at most the Bully's count for the same detectors, taken as [S4]'s T_m(N, P) at the lowest detector P " +
			"(the Bully model reproduces T_m exactly under convention B, see C-KAB-1): sync, the old coordinator crashed and never messaged, N the live processes; " +
			"one informer, and several simultaneous informers",
		Kind:     claim.Bound,
		Quantity: claim.Messages, Accounting: model.P2P, Relation: claim.AtMost,
		Formula:     bullyTm,
		FormulaText: "T_m(N, min P) (the Bully's count)",
		NMin:        3, NMax: 12,
		Settings: []claim.Setting{
			set.One,
			set.Many,
		},
		Variants: []string{ConventionB},
	},
	{
		ID:     "C-MB-2",
		Source: "[S3] §II (Related Work)",
		Says:   `"processors which receive Election message, send their numbers to informer. After that it compares all processes numbers and then coordinator will be chosen. Processes are informed about the elected coordinator by receiving Coordination message from informer in the next step."`,
		Formal: "at quiescence every live process holds the same coordinator, the highest live id, and never do two live processes act as coordinator: " +
			"any set of informers and crash sets, sync (the [S3] assumption of equal link delays) and async with accurate timeouts; async with early timeouts outside it",
		Kind:  claim.Behaviour,
		Props: model.Safety | model.Agreement | model.Validity | model.Termination,
		NMin:  3, NMax: 6,
		Settings: []claim.Setting{
			set.AnyDead,
			set.Staggered,
			bullykit.EarlyOutside("[S3]'s equal-delay assumption"),
		},
	},
}
