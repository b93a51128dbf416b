// Package reproduce re-runs the experiments of a paper with the
// algorithms of electlab and prints every table side by side with the
// paper's printed numbers, its formula evaluated in code, and the
// measured statistics under each reading of the catalog, with the
// differences.
//
// A paper is an entry of the registry (Papers): an id ("000"), and its
// tables, each a function from Options to a Table of rows (label, printed
// values, formula values, measured statistics per reading). Every random
// choice comes from a PCG source seeded by Options.Seed and the table and
// row it is for, so the output is the same bytes for the same seed, and a
// table run alone gives the numbers it gives within the whole paper.
package reproduce

import (
	"fmt"
	"hash/fnv"
	"math/big"
	"math/rand/v2"
	"strings"
)

// DefaultSeed is the seed used when none is given.
const DefaultSeed uint64 = 1

// Options parameterise a reproduction.
type Options struct {
	// Runs overrides every table's repetition count (0: the paper's own).
	Runs int
	// Seed seeds every random choice.
	Seed uint64
	// Cache, when set, memoises the tables across calls (see Cache); the
	// output is the same with or without it.
	Cache *Cache
}

// Value is one number of a row: printed by the paper or computed from
// its formula.
type Value struct {
	// Column is the table column (or formula) it belongs to.
	Column string `json:"column"`
	// Text is the value as the paper writes it ("2N+N/2", "1287").
	Text string `json:"text"`
	// Exact is the value as an exact rational.
	Exact string `json:"exact"`
	// Float is the value as a float.
	Float float64 `json:"value"`

	rat big.Rat
}

func newValue(column, text string, r *big.Rat) Value {
	v := Value{Column: column, Text: text, Exact: ratString(r)}
	v.rat.Set(r)
	v.Float, _ = r.Float64()
	return v
}

func intValue(column, text string, x int64) Value {
	return newValue(column, text, new(big.Rat).SetInt64(x))
}

// Measured is one reading's statistics over the runs of a row.
type Measured struct {
	// Reading names what was run and counted ("FCEABR sync r2, sends,
	// ring 320").
	Reading string `json:"reading"`
	// Stats are eq.(11)–(13) over the runs.
	Stats Stats `json:"stats"`
	// Printed compares the mean with the printed columns it is read
	// against.
	Printed []Diff `json:"vs_printed,omitempty"`
	// Formula compares it with the formula it is read against (nil for
	// none).
	Formula *Diff `json:"vs_formula,omitempty"`
}

// Diff compares a reading's mean with one printed or formula value.
type Diff struct {
	// Column names the printed column or formula.
	Column string `json:"column"`
	// Value is that column's value in the row.
	Value float64 `json:"value"`
	// MeanMinus is the mean minus the value.
	MeanMinus float64 `json:"mean_minus"`
	// MeanEqual: the exact mean equals the value.
	MeanEqual bool `json:"mean_equal"`
	// EveryRun: every run's count equals the value (min = max = value);
	// for a formula, the formula holds exactly in every run.
	EveryRun bool `json:"every_run_equal"`
}

// Row is one row of a table.
type Row struct {
	// Label names the row as the paper does.
	Label string `json:"label"`
	// N is the number of processes of the row and FPN the detectors.
	N   int `json:"n"`
	FPN int `json:"fpn"`
	// Printed are the paper's numbers, one per printed column.
	Printed []Value `json:"printed"`
	// Formulas are the paper's formulas evaluated in code.
	Formulas []Value `json:"formulas"`
	// Measured are the readings' statistics.
	Measured []Measured `json:"measured"`
	// Notes spell out the arithmetic where printed, formula and model
	// disagree.
	Notes []string `json:"notes,omitempty"`
}

// Table is one reproduced table (or figure).
type Table struct {
	// ID is what -table selects ("1", "2", "3", "fig11", "fig12").
	ID string `json:"id"`
	// Title and Source name it as the paper does.
	Title  string `json:"title"`
	Source string `json:"source"`
	// Runs is the repetition count of each row.
	Runs int `json:"runs"`
	// Setup describes the experiment and its readings.
	Setup []string `json:"setup"`
	// Rows are the table's rows.
	Rows []Row `json:"rows"`
	// Findings are computed from the rows: which reading reproduces which
	// printed column, where they differ.
	Findings []string `json:"findings"`
}

// TableSpec is a registered table.
type TableSpec struct {
	// ID is what -table selects.
	ID string
	// Title names the table.
	Title string
	// Runs is the paper's repetition count for it.
	Runs int
	// Run reproduces the table with runs repetitions and the seed.
	Run func(runs int, seed uint64) (*Table, error)
}

// Paper is a registered paper.
type Paper struct {
	// ID is the seed number ("000").
	ID string
	// Ref is the citation key ("[S0]") and Title the paper's title.
	Ref, Title string
	// NotYet, when set, is why the paper cannot be reproduced yet.
	NotYet string
	// Tables are its tables and figures, in paper order.
	Tables []TableSpec
}

// Report is a reproduction's result (the -json output: fields may be
// added, never renamed).
type Report struct {
	// Paper is the paper's id ("000"), Ref its citation key and Title
	// its title.
	Paper string `json:"paper"`
	Ref   string `json:"ref"`
	Title string `json:"title"`
	// Seed is the seed every random choice was derived from.
	Seed uint64 `json:"seed"`
	// Tables are the reproduced tables, in paper order.
	Tables []*Table `json:"tables"`
}

// Papers is the registry, in id order.
var Papers = []*Paper{paper000, paper003}

// Lookup returns the registered paper with id.
func Lookup(id string) (*Paper, error) {
	var ids []string
	for _, p := range Papers {
		if p.ID == id {
			return p, nil
		}
		ids = append(ids, p.ID)
	}
	return nil, fmt.Errorf("unknown paper %q (known: %s)", id, strings.Join(ids, ", "))
}

// ErrNotYet is returned (wrapped) for a registered paper that cannot be
// reproduced yet.
type ErrNotYet struct {
	// Paper is the paper's id and Reason why it cannot be reproduced.
	Paper, Reason string
}

// Error implements error.
func (e *ErrNotYet) Error() string { return "paper " + e.Paper + ": " + e.Reason }

// TableIDs lists the ids -table accepts for p.
func (p *Paper) TableIDs() []string {
	var ids []string
	for _, t := range p.Tables {
		ids = append(ids, t.ID)
	}
	return ids
}

// Reproduce runs the tables of p (all of them when table is ""; else the
// one with that id).
func Reproduce(p *Paper, table string, o Options) (*Report, error) {
	if p.NotYet != "" {
		return nil, &ErrNotYet{p.ID, p.NotYet}
	}
	if o.Runs < 0 {
		return nil, fmt.Errorf("-runs %d: want a positive number of runs (0: the paper's own)", o.Runs)
	}
	rep := &Report{Paper: p.ID, Ref: p.Ref, Title: p.Title, Seed: o.Seed}
	found := false
	for i := range p.Tables {
		ts := &p.Tables[i]
		if table != "" && table != ts.ID {
			continue
		}
		found = true
		runs := ts.Runs
		if o.Runs > 0 {
			runs = o.Runs
		}
		t, err := o.Cache.table(p, ts, runs, o.Seed)
		if err != nil {
			return nil, fmt.Errorf("table %s: %w", ts.ID, err)
		}
		rep.Tables = append(rep.Tables, t)
	}
	if !found {
		return nil, fmt.Errorf("-table %q: paper %s has no such table (known: %s)", table, p.ID, strings.Join(p.TableIDs(), ", "))
	}
	return rep, nil
}

// stream returns the PCG source of one row of one table.
func stream(seed uint64, table, row string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(table))
	h.Write([]byte{0})
	h.Write([]byte(row))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}
