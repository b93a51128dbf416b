package checker

// SetQuickHook sets the test hook of Execute's random shortcut: 0 on, 1
// off (every step lists the enabled events), 2 broken (a draw skipped).
func SetQuickHook(h int) { quickHook = h }
