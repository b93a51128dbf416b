package lockcheck

// The observation tags of a mutual-exclusion client: the history a lock
// check reads (algos/kit/mutex makes them).

// Observation tags of a mutual-exclusion client, made by the client process
// itself.
const (
	// ObsRequest: the client asks to enter (an Acquire is called). Val is
	// its Lamport hop clock.
	ObsRequest = "request"
	// ObsEnter: it enters its critical section (the Acquire returns). Val
	// is its hop clock.
	ObsEnter = "enter"
	// ObsLeave: it leaves (a Release is called and returns; the release
	// message, if any, is sent in the same step).
	ObsLeave = "leave"
	// ObsDelay: the delay before the entry just made, in message times
	// (Val), for the entries a delay claim counts.
	ObsDelay = "delay"
	// ObsCost: the messages of the entry/exit just completed (Val), for
	// the entries a message claim counts.
	ObsCost = "cost"
)
