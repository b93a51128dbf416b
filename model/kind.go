package model

// RunProps are the generic properties that fit the algorithm's kind on a
// run: the four election properties for an election, termination alone
// for a mutual-exclusion algorithm (Info.Mutex), whose mutual exclusion is
// checked on the clients' history instead (lockcheck.MutualExclusion),
// and none for a term-based election (Info.Terms), whose Invariant is
// checked instead.
// Validity is left out for an election that elects neither the highest
// nor the lowest live id (Info.Elects): its claims say what it elects.
func (in *Info) RunProps() Property {
	if in.Mutex {
		return Termination
	}
	if in.Terms {
		return 0
	}
	if in.Elects != "" {
		return Safety | Agreement | Termination
	}
	return Safety | Agreement | Validity | Termination
}

// Property is a set of generic properties an execution is checked for
// (a run, a search, a claim).
type Property uint16

const (
	// Safety: at no instant do two live processes act as coordinator.
	Safety Property = 1 << iota
	// Agreement: at quiescence every live process believes in the same
	// leader, and it is not None.
	Agreement
	// Validity: the agreed leader is live and is the highest live ID (the
	// lowest for MinID algorithms).
	Validity
	// Termination: the execution reaches quiescence within the step cap
	// under a fair continuation.
	Termination
)
