package claims

// CheckedSizes is checkedSizes for the external tests (the sizes a claim
// is checked at), so that they do not write it again.
var CheckedSizes = checkedSizes
