package checker

// SetQuickHook sets the test hook of Execute's random shortcut: 0 on, 1
// off (every step lists the enabled events), 2 broken (a draw skipped).
func SetQuickHook(h int) { quickHook = h }

// SetStuckHook sets the test hook of Execute's forced-cycle detection in
// its random phase: 0 on, 1 off, 2 broken (every chosen event taken as
// forced, from the first).
func SetStuckHook(h int) { stuckHook = h }

// BreakScratchFinal sets or clears the test hook that makes a run given a
// Scratch start from the last run's Final World as it is.
func BreakScratchFinal(on bool) { brokenScratchFinal = on }
