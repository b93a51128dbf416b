package claims

// CheckedSizes is checkedSizes for the external tests (the sizes a claim
// is checked at), so that they do not write it again.
var CheckedSizes = checkedSizes

// SetStarts makes enumerate build a new initial World per case (fresh),
// or run its cases in place on the shared one (broken), until the
// returned function is called.
func SetStarts(fresh, broken bool) (restore func()) {
	freshStarts, brokenShare = fresh, broken
	return func() { freshStarts, brokenShare = false, false }
}
