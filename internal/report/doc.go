// Package report builds the claims report of `electlab claims`: it plans
// the report's entries (every catalog claim, once per algorithm that
// registers it), checks them on every CPU beside the reproduced tables
// they need (parallel.go, with a progress line on stderr: progress.go),
// judges the claims checked against a paper's own tables (reproduce.go,
// convergence.go), and renders the result as text, Markdown, JSON and one
// static HTML page, with gonum plots and every counterexample trace and
// its renderings written into a report directory (WriteDir). It also
// generates docs/CLAIMS.md from the registry (ClaimsDoc).
//
// It imports algos, checker, model, traces, reproduce and internal/render
// (the JSON writer); cmd/electlab parses the flags and wires it;
// internal/runner uses its trace and file helpers. The same seed and flags
// give the same bytes, whatever the number of workers.
package report
