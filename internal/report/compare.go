package report

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"

	"github.com/electlab/electlab/internal/interrupt"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/model"
)

// The comparison section of the claims report (docs/REPORT.md,
// "Comparison"): the message counts of every ring election algorithm side
// by side, the seeds' rings and the classic O(n log n) ones beyond the
// seeds, measured in one setting. It is a measurement, not a verdict: the
// minimum, maximum and mean are over the sampled arrangements only.

// CompareSpecs returns the algorithms of the registry all that the
// comparison measures, those whose Info.Compare is set, in the registry's
// order (electlab's: lelann, changroberts, ringpoll, fceabr, franklin,
// peterson; then any algorithm a program adds through cli.Main).
func CompareSpecs(all []model.Spec) []model.Spec {
	var out []model.Spec
	for _, s := range all {
		if s.Meta().Compare {
			out = append(out, s)
		}
	}
	return out
}

// CompareSizes are the sizes measured; CompareTableSizes those the table
// shows.
var (
	CompareSizes      = []int{8, 16, 32, 64, 128, 256, 512}
	CompareTableSizes = []int{8, 64, 512}
)

// CompareSamples is the number of random arrangements per algorithm and
// size.
const CompareSamples = 20

// Comparison is the comparison section of the report.
type Comparison struct {
	// Setting says what was run and counted.
	Setting string `json:"setting"`
	// Samples is the number of random arrangements per algorithm and size.
	Samples int `json:"samples_per_size"`
	// Rows are the measurements, by algorithm (the registry's order) then n.
	Rows []CompareRow `json:"rows"`
	// Plot is the comparison plot (with -out only), relative to the
	// report directory.
	Plot string `json:"plot,omitempty"`
	// WorstSetting says how the exact worst cases were measured.
	WorstSetting string `json:"worst_setting"`
	// Worst is every algorithm's exact worst case at small n, in the
	// order of Rows.
	Worst []CompareWorst `json:"worst"`
}

// CompareRow is one algorithm at one size.
type CompareRow struct {
	Algorithm string  `json:"algorithm"`
	N         int     `json:"n"`
	Min       int64   `json:"min"`
	Max       int64   `json:"max"`
	Mean      float64 `json:"mean"`
}

// compareSetting describes the comparison's executions.
const compareSetting = "every process initiates, no failures, async FIFO links under the fair FIFO schedule (the fast simulator), " +
	"each algorithm in its default reading; %d uniformly random id arrangements per algorithm and size (seeded); " +
	"P2P messages, every kind (the announcements included); min, max and mean over the sampled arrangements, not a worst case"

// Compare measures every algorithm of specs (CompareSpecs) at every size
// of CompareSizes over samples random arrangements drawn from seed, and
// its exact worst case at CompareWorstMin..CompareWorstMax, one algorithm
// after the other. The arrangements are the same for every algorithm.
func Compare(specs []model.Spec, seed uint64, samples int) (*Comparison, error) {
	pc := NewPendingComparison(specs, seed, samples)
	for _, t := range pc.Tasks() {
		t.run()
	}
	return pc.Result()
}

// PendingComparison is a comparison whose measurements are tasks, run
// beside the claims' (RunTasks) before Result assembles them.
type PendingComparison struct {
	specs   []model.Spec
	seed    uint64
	samples int
	rows    [][]CompareRow
	errs    []error
	worst   []CompareWorst
}

// NewPendingComparison prepares the comparison of specs (CompareSpecs)
// with samples random arrangements per size drawn from seed.
func NewPendingComparison(specs []model.Spec, seed uint64, samples int) *PendingComparison {
	return &PendingComparison{specs: specs, seed: seed, samples: samples,
		rows: make([][]CompareRow, len(specs)), errs: make([]error, len(specs)), worst: make([]CompareWorst, len(specs))}
}

// Tasks are the comparison's measurements: per algorithm, the sampled
// sizes and the exact worst case, each writing its own slot. After a
// SIGINT (internal/interrupt) a task not yet started does nothing: the
// interrupted claims report has no comparison.
func (pc *PendingComparison) Tasks() []Task {
	var tasks []Task
	unlessInterrupted := func(f func()) func() {
		return func() {
			if !interrupt.Requested() {
				f()
			}
		}
	}
	for i, spec := range pc.specs {
		name := spec.Meta().Name
		tasks = append(tasks,
			Task{label: "comparison, " + name + " (sampled)", run: unlessInterrupted(func() { pc.rows[i], pc.errs[i] = compareAll(spec, pc.seed, pc.samples) }),
				save: func() ([]byte, error) {
					return json.Marshal(sampledResult{Rows: pc.rows[i], Error: errText(pc.errs[i])})
				},
				load: func(data []byte) error {
					var r sampledResult
					if err := strictJSON(data, &r); err != nil {
						return err
					}
					pc.rows[i], pc.errs[i] = r.Rows, textErr(r.Error)
					return nil
				}},
			Task{label: "comparison, " + name + " (worst case)", run: unlessInterrupted(func() { pc.worst[i] = worstCase(spec, CompareWorstMin, CompareWorstMax) }),
				save: func() ([]byte, error) { return json.Marshal(pc.worst[i]) },
				load: func(data []byte) error { return strictJSON(data, &pc.worst[i]) }})
	}
	return tasks
}

// sampledResult is a comparison's sampled measurement of one algorithm in
// a part file: its rows, or the error of a run that did not end.
type sampledResult struct {
	Rows  []CompareRow `json:"rows"`
	Error string       `json:"error,omitempty"`
}

// Result is the comparison once every task has run, or the first
// algorithm's error (a sampled run that did not end).
func (pc *PendingComparison) Result() (*Comparison, error) {
	cmp := &Comparison{Setting: fmt.Sprintf(compareSetting, pc.samples), Samples: pc.samples,
		WorstSetting: fmt.Sprintf(worstSetting, CompareWorstMin, CompareWorstMax), Worst: []CompareWorst{}}
	for i := range pc.specs {
		if pc.errs[i] != nil {
			return nil, pc.errs[i]
		}
		cmp.Rows = append(cmp.Rows, pc.rows[i]...)
		cmp.Worst = append(cmp.Worst, pc.worst[i])
	}
	return cmp, nil
}

// compareAll measures spec at every size of CompareSizes.
func compareAll(spec model.Spec, seed uint64, samples int) ([]CompareRow, error) {
	var rows []CompareRow
	for _, n := range CompareSizes {
		row, err := compareAt(spec, n, seed, samples)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// compareAt measures spec at size n.
func compareAt(spec model.Spec, n int, seed uint64, samples int) (CompareRow, error) {
	name := spec.Meta().Name
	row := CompareRow{Algorithm: name, N: n}
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	var sum int64
	var sim model.Simulator
	for k := range samples {
		ids := model.IDsUpTo(n)
		rng.Shuffle(n, func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		cfg := &model.Config{Algo: name, IDs: ids, Forwarding: spec.Meta().Forwarding}
		var err error
		sim, err = simFor(spec, sim, cfg)
		if err != nil {
			return row, fmt.Errorf("comparison, %s at n=%d: %v", name, n, err)
		}
		res := sim.Run(int64(64*n*n + 20000))
		if !res.Quiescent {
			return row, fmt.Errorf("comparison, %s at n=%d: the run did not end (%s)", name, n, res.Capped)
		}
		c := res.Counts.Sends
		if k == 0 || c < row.Min {
			row.Min = c
		}
		row.Max = max(row.Max, c)
		sum += c
	}
	row.Mean = float64(sum) / float64(samples)
	return row, nil
}

// simFor returns a simulator of cfg: sim (the last one spec's NewSim
// made, or nil) reset to cfg when it can be (model.Sim.Reset: it then runs
// exactly as a new one), else a new one.
func simFor(spec model.Spec, sim model.Simulator, cfg *model.Config) (model.Simulator, error) {
	if r, ok := sim.(interface{ Reset(*model.Config) error }); ok {
		return sim, r.Reset(cfg)
	}
	return spec.NewSim(cfg)
}

// Algorithms lists the compared algorithms in the section's order (that
// of Rows).
func (cmp *Comparison) Algorithms() []string {
	var out []string
	for _, r := range cmp.Rows {
		if !slices.Contains(out, r.Algorithm) {
			out = append(out, r.Algorithm)
		}
	}
	return out
}

// compareCell renders one algorithm at one size as "min / mean / max",
// or "-" when it was not measured.
func (cmp *Comparison) compareCell(algo string, n int) string {
	for _, r := range cmp.Rows {
		if r.Algorithm == algo && r.N == n {
			return fmt.Sprintf("%d / %.1f / %d", r.Min, r.Mean, r.Max)
		}
	}
	return "-"
}

// Markdown renders the comparison section.
func (cmp *Comparison) Markdown() string {
	var b strings.Builder
	b.WriteString("\n## Ring algorithms compared\n\n")
	fmt.Fprintf(&b, "Messages per election, %s.\n\n", cmp.Setting)
	if cmp.Plot != "" {
		fmt.Fprintf(&b, "![messages per election of every ring algorithm against n, log scales](%s)\n\n", cmp.Plot)
	}
	b.WriteString("| Algorithm |")
	for _, n := range CompareTableSizes {
		fmt.Fprintf(&b, " n=%d (min / mean / max) |", n)
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(CompareTableSizes)) + "\n")
	for _, a := range cmp.Algorithms() {
		fmt.Fprintf(&b, "| %s |", a)
		for _, n := range CompareTableSizes {
			fmt.Fprintf(&b, " %s |", cmp.compareCell(a, n))
		}
		b.WriteString("\n")
	}
	cmp.worstMarkdown(&b)
	return b.String()
}

// Text renders the comparison section for the terminal.
func (cmp *Comparison) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nRing algorithms compared (messages per election, min / mean / max): %s\n", cmp.Setting)
	fmt.Fprintf(&b, "  %-14s", "algorithm")
	for _, n := range CompareTableSizes {
		fmt.Fprintf(&b, "  %-28s", fmt.Sprintf("n=%d", n))
	}
	b.WriteString("\n")
	for _, a := range cmp.Algorithms() {
		fmt.Fprintf(&b, "  %-14s", a)
		for _, n := range CompareTableSizes {
			fmt.Fprintf(&b, "  %-28s", cmp.compareCell(a, n))
		}
		b.WriteString("\n")
	}
	if len(cmp.Worst) > 0 {
		fmt.Fprintf(&b, "\n  Exact worst case at small n: %s.\n", cmp.WorstSetting)
		for _, w := range cmp.Worst {
			fmt.Fprintf(&b, "  %-14s  %s\n", w.Algorithm, w.Line())
		}
	}
	return b.String()
}

// compareStem is the plot's file name without extension.
const compareStem = "comparison"

// writeComparePlot draws the comparison plot under dir/plots (SVG and
// PNG) and records it in cmp.Plot; nothing when cmp is nil.
func writeComparePlot(dir string, cmp *Comparison) error {
	if cmp == nil || drawer == nil {
		return nil
	}
	p, err := drawer.Compare(cmp)
	if err != nil {
		return fmt.Errorf("plot %s: %v", compareStem, err)
	}
	if p == nil {
		return nil
	}
	for _, ext := range plotFormats {
		data, err := p.Render(ext)
		if err != nil {
			return fmt.Errorf("plot %s.%s: %v", compareStem, ext, err)
		}
		if err := outfile.WriteFile(filepath.Join(dir, filepath.FromSlash(plotPath(compareStem, ext))), data, nil); err != nil {
			return &DirError{Dir: dir, Err: err}
		}
	}
	cmp.Plot = plotPath(compareStem, "svg")
	return nil
}

// htmlCompare is the comparison section as the HTML template shows it.
type htmlCompare struct {
	Setting string
	Plot    *htmlPlot
	Sizes   []int
	Rows    []htmlCompareRow
	// WorstSetting and Worst are the exact worst cases at small n.
	WorstSetting string
	Worst        []htmlWorst
}

type htmlCompareRow struct {
	Algorithm string
	Cells     []string
}

// html returns the comparison section's template data (nil for nil).
func (cmp *Comparison) html() *htmlCompare {
	if cmp == nil {
		return nil
	}
	h := &htmlCompare{Setting: cmp.Setting, Sizes: CompareTableSizes, WorstSetting: cmp.WorstSetting, Worst: cmp.worstHTML()}
	if cmp.Plot != "" {
		h.Plot = newHTMLPlot(compareStem, "messages per election of every ring algorithm against n, log scales",
			"Mean messages per election against n (log scales), with the sampled minimum and maximum as bars.")
	}
	for _, a := range cmp.Algorithms() {
		r := htmlCompareRow{Algorithm: a}
		for _, n := range CompareTableSizes {
			r.Cells = append(r.Cells, cmp.compareCell(a, n))
		}
		h.Rows = append(h.Rows, r)
	}
	return h
}
