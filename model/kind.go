package model

// RunProps are the generic properties that fit the algorithm's kind on a
// run: the four election properties for an election, termination alone
// for a mutual-exclusion algorithm (Info.Mutex), whose mutual exclusion is
// checked on the clients' history instead (lockcheck.MutualExclusion).
// Validity is left out for an election that elects neither the highest
// nor the lowest live id (Info.Elects): its claims say what it elects.
func (in *Info) RunProps() Property {
	if in.Mutex {
		return Termination
	}
	if in.Elects != "" {
		return Safety | Agreement | Termination
	}
	return Safety | Agreement | Validity | Termination
}
