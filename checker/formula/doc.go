// Package formula is electlab's bound language and formula fitting.
//
// A bound is a small expression over a run's configuration and measured
// counters, such as
//
//	sends <= 3*n - 1
//	sends[ELECTION] <= n*(n+1)/2 and rounds <= 2*n
//
// Parse turns its text into an Expr; Eval and Check evaluate it in exact
// rational arithmetic (math/big) against an Env that names the variables
// (n, sends, ...) and the indexed counters (sends[ELECTION], ...). Every
// problem, at parse or evaluation time, is an *Error carrying the 1-based
// column of the offending part of the text. docs/FORMULA.md is the
// language reference.
//
// Fit finds the simplest closed form in n (a polynomial of degree at most
// 3, optionally with one n·H(n), n·⌈log₂ n⌉, n·⌊log₂ n⌋ or parity term)
// that matches every given point exactly, solving on the smaller sizes
// and confirming on held-out larger ones; FitMean is its statistical
// counterpart for sampled means. Compare names the smallest n at which
// two formulas differ.
package formula
