package model

// A process's status: live, crashed or absent.

// Status is a process's membership and liveness.
type Status uint8

const (
	// Live processes take steps.
	Live Status = iota
	// Crashed processes take no steps (their control part may forward).
	Crashed
	// Absent processes have not joined yet.
	Absent
)

// String names the status.
func (s Status) String() string { return [...]string{"live", "crashed", "absent"}[s] }
