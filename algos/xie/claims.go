package xie

import (
	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/claim/claimkit"
	"github.com/electlab/electlab/model"
)

// formal is what both parts of C-FCEABR-14 say about the readings.
const formal = "the seeds give Xie et al.'s algorithm only one sentence (\"sending election messages simultaneously by processes which find coordinator crash out to their successor and predecessor\"); the readings of AMB-XIE-1 (one-hop, relay, relay-kill) are the tool's completions of it, not the paper's algorithm. The coordinator crashed before the run; the ring has healed around it (n live processes). "

// Claims are the catalog's claims about Xie et al.'s algorithm, as data.
// No result is stored here.
var Claims = []claim.Claim{
	twoPerDetector("C-FCEABR-14",
		"When all n live processes detect the crash, the P2P count equals 2n, and the detection ends in an election: at quiescence every live process believes in the same coordinator (agreement) and the run quiesces (termination)",
		"2n (n detectors: every live process)", 7, "every live process detects", claim.EveryLive),
	twoPerDetector("C-FCEABR-14.fpn",
		"The figure generalised to any number FPN of detectors (2 messages per detector): the P2P count equals 2·FPN, with agreement and termination as in C-FCEABR-14",
		"2·FPN", 6, "any detector set", claim.AnyInitiators),
}

// twoPerDetector is a part of C-FCEABR-14 (statement follows the common
// formal text): after the coordinator's crash, with the detectors in set
// (named who), the P2P count is exactly two per detector, with agreement
// and termination, in sync and async fifo timing, under every reading of
// AMB-XIE-1.
func twoPerDetector(id, statement, formulaText string, nmax int, who string, set claim.InitiatorSet) claim.Claim {
	crashed := claim.Setting{Name: "sync, the coordinator crashed before the run, " + who, Timing: model.Sync, Initiators: set, CoordinatorDead: true}
	return claim.Claim{
		ID:     id,
		Source: "[S0] §II item 1 (ref. 23); [S3] §II",
		Says:   `"if n processes find it out the number of exchanged messages will be 2n"`,
		Formal: formal + statement,
		Kind:   claim.Bound, Accounting: model.P2P, Relation: claim.Exactly,
		Formula:     func(p claim.Params) claim.Rat { return claim.RatInt(2 * int64(p.Initiators)) },
		FormulaText: formulaText,
		Props:       model.Agreement | model.Termination,
		NMin:        3, NMax: nmax,
		Settings: []claim.Setting{crashed, claimkit.AsyncFIFO(crashed)},
		Variants: []string{"one-hop", "relay", "relay-kill"},
	}
}
