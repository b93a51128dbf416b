package mutex

import "github.com/electlab/electlab/model"

// DemandAmbiguity is the workload parameter of every mutual-exclusion
// algorithm: the number of requests per requesting process. It is declared
// as an ambiguity so a claim can name it as a variant ("once", "twice").
var DemandAmbiguity = model.Ambiguity{
	ID:       "PARAM-DEMAND",
	Question: "how many times does each requesting process ask to enter (a workload parameter, not a reading of the text)?",
	Readings: []string{"once", "twice"},
	Explain: []string{
		"each initiator asks once (no contention with one initiator: the table's setting)",
		"each initiator asks again a time unit after it left (repeated contention)",
	},
	Default: 0,
}

// SendAmbiguity is AMB-MUTEX-SEND, the delay model the catalog asks every
// row of [S2]'s table to be read under (C-MUTEX-2, C-MUTEX-3): a process's
// requests go out in parallel or one after the other.
var SendAmbiguity = model.Ambiguity{
	ID:       "AMB-MUTEX-SEND",
	Question: "are a process's requests sent in parallel, or one after the other (the catalog's two delay models for the table's delay column)?",
	Readings: []string{"parallel", "sequential"},
	Explain: []string{
		"every request in one step: the delay before entry is one round trip",
		"the next request only after the previous reply: one round trip per request",
	},
	Default: 0,
}
