// Package report builds the claims report of `electlab claims`: it turns
// the claim engine's walk (checker/claims) into the report's entries,
// checks them on every CPU beside the reproduced tables they need
// (parallel.go, with a progress line on stderr: progress.go), takes the
// verdicts of the claims checked against a paper's own tables from their
// judges (reproduce/judge), and renders the result as text, Markdown,
// JSON and one static HTML page, with plots (drawn by the Drawer that
// cli/plots registers: gonum stays out of this package) and every
// counterexample trace and its renderings written into a report directory
// (WriteDir). It also generates docs/CLAIMS.md from the registry
// (ClaimsDoc).
//
// It imports algos, checker, checker/claims, model, traces, reproduce,
// reproduce/judge and internal/render (the JSON writer); cmd/electlab
// parses the flags and wires it; internal/runner uses its trace and file
// helpers. The same seed and flags give the same bytes, whatever the
// number of workers.
package report
