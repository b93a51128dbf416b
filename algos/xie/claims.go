package xie

import "electlab/model"

// formal is what both parts of C-FCEABR-14 say about the readings.
const formal = "the seeds give Xie et al.'s algorithm only one sentence (\"sending election messages simultaneously by processes which find coordinator crash out to their successor and predecessor\"); the readings of AMB-XIE-1 (one-hop, relay, relay-kill) are the tool's completions of it, not the paper's algorithm. The coordinator crashed before the run; the ring has healed around it (n live processes). "

// claims are the catalog's claims about Xie et al.'s algorithm, as data.
// No result is stored here.
var claims = []model.Claim{
	{
		ID:     "C-FCEABR-14",
		Source: "[S0] §II item 1 (ref. 23); [S3] §II",
		Says:   `"if n processes find it out the number of exchanged messages will be 2n"`,
		Formal: formal + "When all n live processes detect the crash, the P2P count equals 2n, and the detection ends in an election: at quiescence every live process believes in the same coordinator (agreement) and the run quiesces (termination)",
		Kind:   model.Bound, Accounting: model.P2P, Relation: model.Exactly,
		Formula:     func(p model.Params) model.Rat { return model.RatInt(2 * int64(p.Initiators)) },
		FormulaText: "2n (n detectors: every live process)",
		Props:       model.Agreement | model.Termination,
		NMin:        3, NMax: 7,
		Settings: []model.Setting{
			{Name: "sync, the coordinator crashed before the run, every live process detects", Timing: model.Sync, Initiators: model.EveryLive, CoordinatorDead: true},
			{Name: "async fifo, the coordinator crashed before the run, every live process detects", Timing: model.Async, Net: model.FIFO, Initiators: model.EveryLive, CoordinatorDead: true},
		},
		Variants: []string{"one-hop", "relay", "relay-kill"},
	},
	{
		ID:     "C-FCEABR-14.fpn",
		Source: "[S0] §II item 1 (ref. 23); [S3] §II",
		Says:   `"if n processes find it out the number of exchanged messages will be 2n"`,
		Formal: formal + "The figure generalised to any number FPN of detectors (2 messages per detector): the P2P count equals 2·FPN, with agreement and termination as in C-FCEABR-14",
		Kind:   model.Bound, Accounting: model.P2P, Relation: model.Exactly,
		Formula:     func(p model.Params) model.Rat { return model.RatInt(2 * int64(p.Initiators)) },
		FormulaText: "2·FPN",
		Props:       model.Agreement | model.Termination,
		NMin:        3, NMax: 6,
		Settings: []model.Setting{
			{Name: "sync, the coordinator crashed before the run, any detector set", Timing: model.Sync, Initiators: model.AnyInitiators, CoordinatorDead: true},
			{Name: "async fifo, the coordinator crashed before the run, any detector set", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators, CoordinatorDead: true},
		},
		Variants: []string{"one-hop", "relay", "relay-kill"},
	},
}
