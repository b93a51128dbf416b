package main

import (
	"fmt"
	"math"
	"strings"

	"electlab/checker"
	"electlab/reproduce"
)

// reproClaim is a catalog claim about a paper's statistical table, which
// the claim engine does not express (random ids and detectors, a fixed
// number of runs) and `electlab reproduce` re-runs: the report derives its
// verdict from the reproduced table.
type reproClaim struct {
	// ID is the catalog claim; Paper and Table select the reproduction.
	ID, Paper, Table string
}

// reproClaims are the catalog claims checked through `electlab reproduce`.
var reproClaims = []reproClaim{
	{ID: "C-FCEABR-9", Paper: "000", Table: "3"},
	{ID: "C-FCEABOB-4", Paper: "003", Table: "3"},
	{ID: "C-HIER-3", Paper: "003", Table: "5"},
}

// reproFor returns the reproduction that checks catalog claim id, or nil.
func reproFor(id string) *reproClaim {
	for i := range reproClaims {
		if reproClaims[i].ID == id {
			return &reproClaims[i]
		}
	}
	return nil
}

// command is the command line that reproduces the table.
func (rc *reproClaim) command(seed uint64) string {
	return fmt.Sprintf("electlab reproduce -paper %s -table %s -seed %d", rc.Paper, rc.Table, seed)
}

// reproRule states how a reproduce-checked claim is judged.
const reproRule = "the table is re-run with the paper's repetition count and seeded random ids and detectors, under every reading the reproduction names. " +
	"A printed mean is reproduced by a reading when the reading's mean lies within two standard errors (eq.(13)'s S_x̄) plus half a unit of the printed last digit; " +
	"a printed standard deviation (SD) is compared with the reading's S_x̄, within three times S_x̄'s own sampling error S_x̄/√(2(n−1)) plus half a unit. " +
	"HOLDS when some reading reproduces every printed number; REFUTED, row by row, where none does."

// reproEntry checks a catalog claim by reproducing its table with the
// paper's repetition count and the engine's seed. A printed number is
// reproduced by a reading when the reading's mean lies within two standard
// errors (eq.(13)'s S_x̄) plus half a unit of the printed last digit; a
// printed standard deviation ("SD") is compared with the reading's S_x̄,
// within three times S_x̄'s own sampling error, S_x̄/√(2(n−1)), plus half a
// unit. The claim HOLDS when every printed number is reproduced by some
// reading and is REFUTED, row by row, where none reproduces it.
func reproEntry(rc *reproClaim, ce *entryInfo, seed uint64) claimEntry {
	e := claimEntry{ID: rc.ID, Algorithm: "reproduce " + rc.Paper, Source: ce.Source, Says: ce.Title,
		Kind: "table", Claimed: "printed numbers = the model's means (statistical)", Formal: reproRule, Rows: []checker.Row{}}
	p, err := reproduce.Lookup(rc.Paper)
	var rep *reproduce.Report
	if err == nil {
		rep, err = reproduce.Reproduce(p, rc.Table, reproduce.Options{Seed: seed})
	}
	if err != nil {
		e.Verdict, e.Summary = checker.Unchecked, "reproduce failed: "+err.Error()
		return e
	}
	cmd := rc.command(seed)
	bad, total := 0, 0
	for _, t := range rep.Tables {
		for _, r := range t.Rows {
			row, checked, ok := reproRow(t, r, cmd)
			if checked == 0 {
				continue
			}
			total += checked
			if !ok {
				bad++
			}
			e.Rows = append(e.Rows, row)
		}
	}
	switch {
	case total == 0:
		e.Verdict, e.Summary = checker.Unchecked, "the reproduced table has no printed number a reading measures"
	case bad == 0:
		e.Verdict = checker.Holds
		e.Summary = fmt.Sprintf("every printed number (%d) is reproduced by some reading within two standard errors (`%s`)", total, cmd)
	default:
		e.Verdict = checker.Refuted
		e.Summary = fmt.Sprintf("%d of %d rows have a printed number no reading reproduces (`%s`; the rows give the arithmetic)", bad, len(e.Rows), cmd)
	}
	return e
}

// entryInfo is what a reproduce-checked entry shows of its catalog entry.
type entryInfo struct{ Source, Title string }

// reproRow judges the printed numbers of one reproduced row: how many it
// checked and whether each is reproduced by some reading.
func reproRow(t *reproduce.Table, r reproduce.Row, cmd string) (checker.Row, int, bool) {
	row := checker.Row{Setting: fmt.Sprintf("Table %s, %s", t.ID, r.Label), Variant: "-", Model: "SYNC-LOCKSTEP (reproduce)",
		Verdict: checker.Holds, Executions: t.Runs,
		Coverage: fmt.Sprintf("%d seeded random runs per reading (`%s`)", t.Runs, cmd)}
	var parts []string
	checked, ok := 0, true
	for _, pv := range r.Printed {
		half := halfUnit(pv.Text)
		var match []string
		closest, closestDiff, tol := "", math.Inf(1), 0.0
		compared := false
		for _, m := range r.Measured {
			if pv.Column == "SD" {
				compared = true
				d := m.Stats.SE - pv.Float
				t := half
				if m.Stats.Runs > 1 {
					t += 3 * m.Stats.SE / math.Sqrt(2*float64(m.Stats.Runs-1))
				}
				if math.Abs(d) <= t {
					match = append(match, m.Reading)
				}
				if math.Abs(d) < math.Abs(closestDiff) {
					closest, closestDiff, tol = m.Reading, d, t
				}
				continue
			}
			for _, d := range m.Printed {
				if d.Column != pv.Column {
					continue
				}
				compared = true
				t := half + 2*m.Stats.SE
				if math.Abs(d.MeanMinus) <= t {
					match = append(match, m.Reading)
				}
				if math.Abs(d.MeanMinus) < math.Abs(closestDiff) {
					closest, closestDiff, tol = m.Reading, d.MeanMinus, t
				}
			}
		}
		if !compared {
			continue
		}
		checked++
		what := "mean"
		if pv.Column == "SD" {
			what = "S_x̄"
		}
		if len(match) > 0 {
			parts = append(parts, fmt.Sprintf("%s printed %s: reproduced by %s", pv.Column, pv.Text, strings.Join(match, "; ")))
			continue
		}
		ok = false
		parts = append(parts, fmt.Sprintf("%s printed %s: no reading reproduces it; closest %s (%s) differs by %.4g, tolerance %.3g", pv.Column, pv.Text, what, closest, closestDiff, tol))
	}
	if !ok {
		row.Verdict = checker.Refuted
	}
	row.Arithmetic = strings.Join(append(parts, r.Notes...), "; ")
	return row, checked, ok
}

// halfUnit is half a unit of the last printed digit of text ("112" → 0.5,
// "0.022" → 0.0005).
func halfUnit(text string) float64 {
	i := strings.IndexByte(text, '.')
	if i < 0 {
		return 0.5
	}
	return 0.5 * math.Pow(10, -float64(len(text)-i-1))
}
