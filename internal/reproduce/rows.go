package reproduce

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"

	"github.com/electlab/electlab/internal/interrupt"
)

// ErrInterrupted is the error of a table whose runs a SIGINT stopped
// (internal/interrupt): the table is not reproduced.
var ErrInterrupted = errors.New("interrupted")

// reading is one measured column of a row: what is run on each sample.
type reading struct {
	// name is the row-independent name of the reading.
	name string
	// compare lists the printed columns it is read against.
	compare []string
	// formula is the formula column it is read against ("" for none).
	formula string
	// n is the ring size of its samples (readings of one row with the
	// same n share each run's sample).
	n int
	// measure runs it on one sample.
	measure func(s *sample) (int64, error)
}

// measureRow runs every reading on runs samples from rng and fills
// row.Measured with the statistics and their comparisons with the row's
// printed and formula values.
func measureRow(row *Row, rng *rand.Rand, runs int, rds []reading) error {
	vals := make([][]int64, len(rds))
	for range runs {
		if interrupt.Requested() {
			return ErrInterrupted
		}
		var ns []int
		var ss []*sample
		for i, rd := range rds {
			var s *sample
			for j, n := range ns {
				if n == rd.n {
					s = ss[j]
				}
			}
			if s == nil {
				s = newSample(rng, rd.n)
				ns, ss = append(ns, rd.n), append(ss, s)
			}
			v, err := rd.measure(s)
			if err != nil {
				return fmt.Errorf("%s, %s: %w", row.Label, rd.name, err)
			}
			vals[i] = append(vals[i], v)
		}
	}
	for i, rd := range rds {
		m := Measured{Reading: rd.name, Stats: Summarize(vals[i])}
		for _, c := range rd.compare {
			if v := column(row.Printed, c); v != nil {
				m.Printed = append(m.Printed, diff(&m.Stats, v))
			}
		}
		if v := column(row.Formulas, rd.formula); rd.formula != "" && v != nil {
			d := diff(&m.Stats, v)
			m.Formula = &d
		}
		row.Measured = append(row.Measured, m)
	}
	return nil
}

func diff(s *Stats, v *Value) Diff {
	d := Diff{Column: v.Column, Value: v.Float, MeanMinus: s.Mean - v.Float, MeanEqual: s.MeanEquals(&v.rat)}
	d.EveryRun = d.MeanEqual && s.Min == s.Max
	return d
}

// column returns the value of column col among vs (a row's Printed or
// Formulas), or nil.
func column(vs []Value, col string) *Value {
	for i := range vs {
		if vs[i].Column == col {
			return &vs[i]
		}
	}
	return nil
}

// closest returns the measured reading whose mean is nearest the printed
// column col (first on ties), or nil.
func (r *Row) closest(col string) (*Measured, *Diff) {
	var bm *Measured
	var bd *Diff
	for i := range r.Measured {
		m := &r.Measured[i]
		for j := range m.Printed {
			d := &m.Printed[j]
			if d.Column == col && (bd == nil || math.Abs(d.MeanMinus) < math.Abs(bd.MeanMinus)) {
				bm, bd = m, d
			}
		}
	}
	return bm, bd
}

// arithmetic notes, for every printed column of each row, the printed
// value, the formula the closest reading is read against, and that
// reading's mean: "printed 1287, eq.(1)=930.91, measured mean 1289.5 (…)".
func arithmetic(t *Table) {
	for ri := range t.Rows {
		r := &t.Rows[ri]
		for _, p := range r.Printed {
			m, d := r.closest(p.Column)
			if m == nil {
				continue
			}
			f := ""
			if m.Formula != nil {
				f = fmt.Sprintf(", %s=%s", m.Formula.Column, num(m.Formula.Value))
			}
			verdict := "differs"
			if d.MeanEqual {
				verdict = "equal"
			}
			r.Notes = append(r.Notes, fmt.Sprintf("%s: printed %s%s, closest measured mean %s (%s): %s by %s",
				p.Column, p.Text, f, num(m.Stats.Mean), m.Reading, verdict, signed(d.MeanMinus)))
		}
	}
}

// findings states, for each printed column, which readings reproduce it at
// every row (exact mean), and for each formula, under which readings it
// holds exactly in every run of every row.
func findings(t *Table) {
	var cols, forms []string
	for _, r := range t.Rows {
		for _, p := range r.Printed {
			cols = appendNew(cols, p.Column)
		}
		for _, m := range r.Measured {
			if m.Formula != nil {
				forms = appendNew(forms, family(m.Formula.Column))
			}
		}
	}
	type tally struct {
		name        string
		rows, match int
		where       []string
	}
	count := func(col string, formula bool) []*tally {
		var ts []*tally
		for _, r := range t.Rows {
			for _, m := range r.Measured {
				var d *Diff
				if formula {
					if m.Formula != nil && family(m.Formula.Column) == col {
						d = m.Formula
					}
				} else {
					for j := range m.Printed {
						if m.Printed[j].Column == col {
							d = &m.Printed[j]
						}
					}
				}
				if d == nil {
					continue
				}
				var tl *tally
				for _, x := range ts {
					if x.name == m.Reading {
						tl = x
					}
				}
				if tl == nil {
					tl = &tally{name: m.Reading}
					ts = append(ts, tl)
				}
				tl.rows++
				ok := d.MeanEqual
				if formula {
					ok = d.EveryRun
				}
				if ok {
					tl.match++
					tl.where = append(tl.where, r.Label)
				}
			}
		}
		return ts
	}
	// phrase states which readings match at every row (after head) and
	// which at some rows only (after some).
	phrase := func(ts []*tally, head, some string) string {
		var every, part []string
		for _, tl := range ts {
			switch {
			case tl.match == tl.rows:
				every = append(every, tl.name)
			case tl.match > 0:
				part = append(part, fmt.Sprintf("%s (only at %s)", tl.name, strings.Join(tl.where, "; ")))
			}
		}
		s := head
		if len(every) == 0 {
			s += "no reading"
		} else {
			s += strings.Join(every, "; ")
		}
		if len(part) > 0 {
			s += some + strings.Join(part, "; ")
		}
		return s
	}
	for _, c := range cols {
		ts := count(c, false)
		if len(ts) == 0 {
			continue // no reading is read against this column
		}
		t.Findings = append(t.Findings, phrase(ts, fmt.Sprintf("printed column %q: reproduced exactly (mean = printed) at every row by ", c), "; at some rows by "))
	}
	for _, f := range forms {
		t.Findings = append(t.Findings, phrase(count(f, true), fmt.Sprintf("%s holds exactly in every run of every row under ", f), "; in every run of some rows under "))
	}
}

// family is a formula column's name without its row's parameters
// ("eq.(1) N=319" → "eq.(1)", "eq.(4) FPN=3" → "eq.(4)"), so findings tally a formula across rows.
func family(col string) string {
	if i := strings.Index(col, " FPN="); i >= 0 {
		return col[:i]
	}
	if i := strings.Index(col, " N="); i >= 0 {
		return col[:i]
	}
	if i := strings.Index(col, " n="); i >= 0 {
		return col[:i]
	}
	return col
}

func appendNew(xs []string, x string) []string {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// num renders a float with at most 3 decimals, trailing zeros dropped.
func num(f float64) string {
	s := fmt.Sprintf("%.3f", f)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

func signed(f float64) string {
	s := num(f)
	if !strings.HasPrefix(s, "-") && s != "0" {
		s = "+" + s
	}
	return s
}

// ratOf is x/y as a big.Rat.
func ratOf(x, y int64) *big.Rat { return big.NewRat(x, y) }

// fillRows measures the n rows of t with row, in order, then adds the
// table's arithmetic and findings.
func fillRows(t *Table, n int, row func(i int) (*Row, error)) (*Table, error) {
	for i := range n {
		r, err := row(i)
		if err != nil {
			return nil, err
		}
		t.Rows = append(t.Rows, *r)
	}
	arithmetic(t)
	findings(t)
	return t, nil
}

// addRow measures row under rds (measureRow), on the row's own stream of
// t, and appends it to t's rows.
func (t *Table) addRow(row Row, runs int, seed uint64, rds []reading) error {
	if err := measureRow(&row, stream(seed, t.ID, row.Label), runs, rds); err != nil {
		return err
	}
	t.Rows = append(t.Rows, row)
	return nil
}

// printedSD is a printed standard deviation (text as the paper prints
// it) as the value of the column "SD".
func printedSD(text string) (Value, error) {
	sd, ok := new(big.Rat).SetString(text)
	if !ok {
		return Value{}, fmt.Errorf("bad printed SD %q", text)
	}
	return newValue("SD", text, sd), nil
}

// addSD notes the printed SD beside S_x and S_x̄ of the measured reading
// closest to the printed column col (which the note calls closest), then
// adds sd to the row's printed values.
func addSD(row *Row, col, closest string, sd Value) {
	if m, _ := row.closest(col); m != nil {
		row.Notes = append(row.Notes, fmt.Sprintf("SD: printed %s; %s (%s): S_x = %s, S_x̄ = S_x/√%d = %s (printed − S_x̄ = %s)",
			sd.Text, closest, m.Reading, num(m.Stats.SD), m.Stats.Runs, num(m.Stats.SE), signed(sd.Float-m.Stats.SE)))
	}
	row.Printed = append(row.Printed, sd)
}
