package main

// table lists the mutants: at least two realistic single-line bugs per
// algorithm package (a wrong comparison, an off-by-one, a forgotten reset,
// a reply not sent, a grant given early, ...). Old must occur exactly once
// in the file.
var table = []Mutant{
	// central: [S2] row Centralized.
	{ID: "central-1", Pkg: "central", File: "central.go",
		Old:  "func Coordinator(env *model.Env) model.ID { return env.InitialCoordinator(false) }",
		New:  "func Coordinator(env *model.Env) model.ID { return env.InitialCoordinator(true) }",
		What: "coordinator chosen by the wrong order (lowest id)"},
	{ID: "central-2", Pkg: "central", File: "central.go",
		Old:  "\tif s.Holder == model.None {\n\t\ts.Holder = p",
		New:  "\tif true {\n\t\ts.Holder = p",
		What: "grant given while the lock is held"},
	{ID: "central-3", Pkg: "central", File: "central.go",
		Old:  "\ts.Holder = model.None\n\tif len(s.Queue) > 0 {",
		New:  "\tif len(s.Queue) > 0 {",
		What: "forgotten reset of the holder on release"},
	{ID: "central-4", Pkg: "central", File: "central.go",
		Old:  "\t\tout.Send(c, Release, 0, 0)",
		New:  "",
		What: "release not sent"},
	{ID: "central-5", Pkg: "central", File: "central.go",
		Old:  "return env.Reading(AmbDemand) + 1 }",
		New:  "return env.Reading(AmbDemand) + 2 }",
		What: "off-by-one in the demand (one request too many)"},
	{ID: "central-6", Pkg: "central", File: "central.go",
		Old:  "		if s.Phase == Idle && s.Asked < Demand(env) {",
		New:  "		if s.Phase == Idle && s.Asked <= Demand(env) {",
		What: "off-by-one in the think timer's guard",
		Equivalent: "leave arms the think timer only while Asked < Demand, so the guard never sees Asked = Demand"},
}
