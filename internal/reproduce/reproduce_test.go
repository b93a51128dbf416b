package reproduce

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"
)

// statsCase is a sample with its statistics computed by hand.
var statsCase = struct {
	xs             []int64
	mean, varExact string
	sd, se         float64
	min, max       int64
}{
	// X = 2,4,4,4,5,5,7,9: ΣX = 40, X̄ = 5; Σ(X−X̄)² = 9+1+1+1+0+0+4+16 = 32;
	// S_x² = 32/7; S_x = √(32/7) = 2.13809; S_x̄ = S_x/√8 = 0.75593.
	xs: []int64{2, 4, 4, 4, 5, 5, 7, 9}, mean: "5", varExact: "32/7",
	sd: 2.138089935299395, se: 0.7559289460184544, min: 2, max: 9,
}

// statsMatch compares st with the hand-computed values.
func statsMatch(st Stats) error {
	c := statsCase
	switch {
	case st.MeanExact != c.mean:
		return errors.New("mean " + st.MeanExact + ", want " + c.mean)
	case st.VarExact != c.varExact:
		return errors.New("sample variance " + st.VarExact + ", want " + c.varExact)
	case math.Abs(st.SD-c.sd) > 1e-12 || math.Abs(st.SE-c.se) > 1e-12:
		return errors.New("S_x or S_x̄ differs from the hand-computed value")
	case st.Min != c.min || st.Max != c.max || st.Runs != len(c.xs):
		return errors.New("min, max or runs differ")
	}
	return nil
}

// Reference: [S0] §VIII eq.(11)–(13): the mean, the sample variance with
// divisor n−1 and S_x̄ = S_x/√n, against hand-computed values; the
// population variance (divisor n, a deliberately broken eq.(12)) is caught.
func TestStatsEq11to13(t *testing.T) {
	if err := statsMatch(Summarize(statsCase.xs)); err != nil {
		t.Errorf("Summarize: %v", err)
	}
	if err := statsMatch(summarize(statsCase.xs, 0)); err == nil {
		t.Errorf("a sample variance with divisor n (not n−1) passed the hand-computed check")
	}
	// One run: no spread; a constant sample: zero variance.
	one := Summarize([]int64{7})
	if one.MeanExact != "7" || one.VarExact != "0" || one.SE != 0 {
		t.Errorf("one run: %+v", one)
	}
	c := Summarize([]int64{3, 3, 3})
	if c.VarExact != "0" || !c.MeanEquals(big.NewRat(3, 1)) {
		t.Errorf("constant sample: %+v", c)
	}
	// A non-integer mean stays exact.
	if h := Summarize([]int64{1, 2}); h.MeanExact != "3/2" || h.VarExact != "1/2" {
		t.Errorf("mean of 1, 2: %s, variance %s; want 3/2, 1/2", h.MeanExact, h.VarExact)
	}
}

// exactRows runs Table 1's setting at FPN = 1 (sync) under reading (variant,
// counted) and reports whether every run of every size equals eq.(1).
func exactRows(t *testing.T, variant string, c counted) bool {
	t.Helper()
	ok := true
	for _, n := range []int{35, 36, 70} {
		e, err := eq1Value("eq.(1)", n, 1)
		if err != nil {
			t.Fatal(err)
		}
		row := Row{Label: "test", N: n, FPN: 1, Formulas: []Value{e}}
		rd := fceabrReading("r", n, 1, false, false, variant, syncT, c, "eq.(1)")
		if err := measureRow(&row, stream(3, "test", "exact"), 5, []reading{rd}); err != nil {
			t.Fatal(err)
		}
		ok = ok && row.Measured[0].Formula.EveryRun
	}
	return ok
}

// Reference: [S0] §VI.1 eq.(1) at FPN = 1 (catalog C-FCEABR-3, whose
// sync one-initiator setting holds under r2): the reproduction's
// measurement gives eq.(1) = 2N exactly in every run under sync r2 sends,
// and the comparison catches a broken reading: r1 at odd N (two adjacent
// terminals both send both ways) and send+receive counted as sends.
func TestEq1ExactAtOneInitiator(t *testing.T) {
	if !exactRows(t, "r2", sends) {
		t.Fatalf("eq.(1) does not hold exactly under sync, FPN = 1, r2, sends")
	}
	if exactRows(t, "r1", sends) {
		t.Errorf("the r1 reading (not eq.(1)'s at odd N) was not caught")
	}
	if exactRows(t, "r2", sendRecv) {
		t.Errorf("counting sends + receives as messages was not caught")
	}
}

// Reference: [S0] §VII–VIII, Table 2: the rows are reproduced by named
// readings, computed from the runs (1 run per row for speed: the rows at
// FPN = 1 give the same count in every run).
func TestTable2Mapping(t *testing.T) {
	tab, err := table2(1, DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != 4 || len(tab.Findings) == 0 {
		t.Fatalf("table 2: %d rows, %d findings", len(tab.Rows), len(tab.Findings))
	}
	for _, r := range tab.Rows {
		for _, m := range r.Measured {
			if m.Stats.Runs != 1 {
				t.Errorf("%s %s: %d runs, want 1", r.Label, m.Reading, m.Stats.Runs)
			}
		}
	}
}

// Reference: [S0] §VII ("Random numbers are assigned to each process"):
// the same seed gives the same bytes; another seed other runs.
func TestDeterministic(t *testing.T) {
	checkSeeded(t, paper000, "1", 3)
}

// The registry: papers 000 and 003 are reproducible; an unknown paper or
// table is an error naming it.
func TestRegistry(t *testing.T) {
	p, err := Lookup("003")
	if err != nil || p.NotYet != "" {
		t.Fatalf("paper 003: %v %q", err, p.NotYet)
	}
	if _, err := Reproduce(p, "9", Options{Runs: 1}); err == nil || !strings.Contains(err.Error(), "3, 4, 5") {
		t.Errorf("table 9 of paper 003: %v", err)
	}
	if _, err := Lookup("999"); err == nil {
		t.Errorf("paper 999 was found")
	}
	if _, err := Reproduce(paper000, "7", Options{Runs: 1}); err == nil {
		t.Errorf("table 7 of paper 000 was found")
	}
	if _, err := Reproduce(paper000, "1", Options{Runs: -1}); err == nil {
		t.Errorf("-runs -1 was accepted")
	}
	var ny *ErrNotYet
	if _, err := Reproduce(&Paper{ID: "x", NotYet: "why"}, "", Options{}); !errors.As(err, &ny) || ny.Reason != "why" {
		t.Errorf("a paper not yet reproducible: %v", err)
	}
}

// reproduceText reproduces table of p (all tables for "") under o and
// renders the report as text (WriteText), failing the test on an error.
func reproduceText(t *testing.T, p *Paper, table string, o Options) (*Report, string) {
	t.Helper()
	rep, err := Reproduce(p, table, o)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteText(&b, rep); err != nil {
		t.Fatal(err)
	}
	return rep, b.String()
}

// benchRow times row, one row of a table measured with its readings, b.N
// times.
func benchRow(b *testing.B, row func() (*Row, error)) {
	for b.Loop() {
		if _, err := row(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReproduceTable2Row5890 times one run (one sample: every
// reading) of Table 2's largest row, NPBCC = 5890.
func BenchmarkReproduceTable2Row5890(b *testing.B) {
	benchRow(b, func() (*Row, error) { return table2Row(5890, 1, 1) })
}

// BenchmarkReproduceTable3Row830 times one run of Table 3's largest row
// (NPS = 830, NOF = 20; every reading).
func BenchmarkReproduceTable3Row830(b *testing.B) {
	benchRow(b, func() (*Row, error) { return table3Row(3, 1, 1) })
}

// BenchmarkReproduce003Table5Row40 times one run (every reading) of
// [S3] Table 5's largest row (NS = 40 sites × SPN = 250, P = 7, FPN = 7).
func BenchmarkReproduce003Table5Row40(b *testing.B) {
	benchRow(b, func() (*Row, error) { return s3Table5Row(3, 1, 1) })
}

// BenchmarkReproduce003Table5Row40Paper times [S3] Table 5's largest row
// with the paper's 200 repetitions (NS = 40 sites × SPN = 250, P = 7,
// FPN = 7; every reading): the "in seconds, not minutes" figure.
func BenchmarkReproduce003Table5Row40Paper(b *testing.B) {
	benchRow(b, func() (*Row, error) { return s3Table5Row(3, 200, 1) })
}
