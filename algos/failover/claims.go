package failover

import "electlab/model"

// The composed services' claims, as data: new IDs beyond the catalog (the
// catalog's A11 models the table only), citing [S1]'s opening and [S2]'s
// table.

const openingQuote = `"A critical function like replacing the lost token in a token-based algorithm is assigned to a single process called the coordinator … Any process that finds that the coordinator is not responding to its request assumes that the coordinator has failed and initiates an election algorithm. The election algorithm chooses the highest-priority nonfailed process as the new coordinator and announces its id to all nonfailed processes."`

// lockClaims are Central's claims.
func lockClaims() []model.Claim {
	return []model.Claim{{
		ID:     "C-SERVICE-1",
		Source: "[S1] Election Algorithms, opening; [S2] comparison table, row Centralized (problem: \"Coordinator crash\")",
		Says:   openingQuote,
		Formal: "the centralized lock whose coordinator is elected survives coordinator crashes: with crashes injected at adversarial points (the coordinator or any other process; a client that finds the coordinator not responding starts a new election, the new coordinator rebuilds the lock table by asking every process), the lock history stays linearizable against a sequential lock (porcupine), every live client's request enters (no starvation, under the fair continuation), and the election part never has two live coordinators at once; under early timeouts (an inaccurate failure detector, outside [S1]'s assumption that a failed coordinator is found by not responding) the same is checked and reported",
		Kind:   model.Behaviour,
		Props:  model.Safety | model.Termination,
		Custom: model.NamedCheck(model.CheckMutualExclusion),
		NMin:   3, NMax: 5,
		Settings: []model.Setting{
			{Name: "async fifo, any requesting clients, one crash", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators, CrashBudget: 1},
			{Name: "sync, any requesting clients, one crash", Timing: model.Sync, Initiators: model.AnyInitiators, CrashBudget: 1},
			{Name: "async fifo, any requesting clients, two crashes", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators, CrashBudget: 2},
			{Name: "async fifo, one crash, early timeouts (outside: an inaccurate failure detector)", Timing: model.Async, Net: model.FIFO, Initiators: model.AnyInitiators, CrashBudget: 1, Timeouts: model.Early, Outside: true},
		},
		Variants: []string{"twice"},
	}}
}
