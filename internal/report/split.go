package report

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/parts"
	"github.com/electlab/electlab/internal/reproduce"
	"github.com/electlab/electlab/model"
	"github.com/electlab/electlab/traces"
)

// Work is the work of one claims run, as tasks (RunTasks) that write
// their results where the report takes them: the reproduced tables the
// reproduce-checked claims and -reproduce need (first: they are the
// longest), the comparison's measurements (the full report only), then
// one task per entry of the report.
//
// A run split across machines (claims -part i/k, claims -merge) splits
// the tasks whose result can be carried in a part file: the tables, the
// comparison's measurements and the registered claims' checks. The other
// tasks (an entry judged from its reproduced tables, or UNCHECKED with the
// reason) are cheap and read the tables: the merge runs them, after the
// parts' results are in place. Every task's result depends only on the
// engine's settings and the task (its seeds come from the base seed, the
// claim, the size and the schedule index), never on which part or worker
// runs it, nor when: so the merge's report is the unsplit run's, byte for
// byte.
type Work struct {
	// Tasks are the run's tasks, in the order RunTasks hands them out.
	Tasks []Task
	// Found: some entry (or the comparison) is to be produced.
	Found bool

	entries []Entry
	cache   *reproduce.Cache
	cmp     *PendingComparison
	problem string
}

// NewWork lays out the claims run of reg's claims filtered by claimID and
// algo (Plan; none with compareOnly), with the papers to reproduce beside
// them and the comparison of the ring algorithms of specs when no filter
// is given, checked by eng.
func NewWork(reg claim.Registry, specs []model.Spec, claimID, algo string, compareOnly bool, papers []*reproduce.Paper, eng *claims.Engine) *Work {
	w := &Work{cache: &reproduce.Cache{}}
	var jobs []Job
	if !compareOnly {
		jobs = Plan(reg, claimID, algo)
	}
	w.Found = len(jobs) > 0 || compareOnly
	for i := range jobs {
		jobs[i].SetCache(w.cache)
	}
	w.entries = make([]Entry, len(jobs))
	w.Tasks = TableTasks(ReproTables(jobs, papers), eng.Seed, w.cache)
	if claimID == "" && algo == "" {
		w.cmp = NewPendingComparison(CompareSpecs(specs), eng.Seed, CompareSamples)
		w.Tasks = append(w.Tasks, w.cmp.Tasks()...)
	}
	w.Tasks = append(w.Tasks, ClaimTasks(jobs, eng, w.entries)...)
	// The problem: the engine's settings and every task, in order.
	var b strings.Builder
	fmt.Fprintf(&b, "schema %d\nseed %d cases %d growth-cases %d exhaustive-limit %d max-n %d max-steps %d fair-after %d explore-states %d compare-only %t\n",
		Schema, eng.Seed, eng.Cases, eng.GrowthCases, eng.ExhaustiveLimit, eng.MaxN, eng.MaxSteps, eng.FairAfter, eng.ExploreStates, compareOnly)
	for _, t := range w.Tasks {
		fmt.Fprintf(&b, "%s\t%t\n", t.label, t.save != nil)
	}
	h := sha256.Sum256([]byte(b.String()))
	w.problem = hex.EncodeToString(h[:])
	return w
}

// Entries are the report's entries once the tasks have run, the
// composition rule applied (JudgeFromParts).
func (w *Work) Entries() []Entry { return JudgeFromParts(w.entries) }

// Cache holds the reproduced tables (-reproduce writes its papers from
// it).
func (w *Work) Cache() *reproduce.Cache { return w.cache }

// Comparison is the comparison's pending result, nil when the run has
// none (a -claim or -algo filter).
func (w *Work) Comparison() *PendingComparison { return w.cmp }

// Problem is a digest of what the run computes: the engine's settings and
// its tasks (ClaimsPart's head).
func (w *Work) Problem() string { return w.problem }

// Split are the indices (in Tasks) of the tasks a split run gives to its
// parts, in order.
func (w *Work) Split() []int {
	var out []int
	for i, t := range w.Tasks {
		if t.save != nil {
			out = append(out, i)
		}
	}
	return out
}

// Local are the indices (in Tasks) of the tasks the merge of a split run
// runs itself.
func (w *Work) Local() []int {
	var out []int
	for i, t := range w.Tasks {
		if t.save == nil {
			out = append(out, i)
		}
	}
	return out
}

// Select is the tasks of indices idx, in order.
func (w *Work) Select(idx []int) []Task {
	out := make([]Task, len(idx))
	for j, i := range idx {
		out[j] = w.Tasks[i]
	}
	return out
}

// Assign is the part (1..k) of every split task (Split's order): by the
// cost table, longest first (parts.Assign).
func (w *Work) Assign(k int) []int {
	split := w.Split()
	ids := make([]string, len(split))
	costs := make([]int64, len(split))
	for j, i := range split {
		ids[j] = w.Tasks[i].label
		costs[j] = TaskCost(ids[j])
	}
	return parts.Assign(ids, costs, k)
}

// PartTasks are the indices (in Tasks) of the tasks of part i of k, in
// order.
func (w *Work) PartTasks(i, k int) []int {
	split := w.Split()
	var out []int
	for j, p := range w.Assign(k) {
		if p == i {
			out = append(out, split[j])
		}
	}
	return out
}

// The part file of claims -part: its kind, format version and key
// scheme. The scheme is how work is keyed: each result is a task's,
// named by its id (the claim and algorithm, the table and repetitions,
// the comparison's algorithm and measurement), computed from the engine's
// settings and the task alone, never from the part that runs it; the
// tasks are given to parts by the cost table, longest first (Assign).
const (
	ClaimsPartKind    = "claims-part"
	ClaimsPartVersion = 1
	ClaimsPartScheme  = "task-id/1"
)

// ClaimsPart is the part file claims -part writes and claims -merge reads:
// the results of its share of one claims run's tasks.
type ClaimsPart struct {
	// Head's Options are the run's canonical options; its Problem is
	// Work.Problem.
	parts.Head
	// Part is "i/k"; Tasks the number of tasks the run splits among its
	// parts; Results those of this part, in the run's order.
	Part    string       `json:"part"`
	Tasks   int          `json:"tasks"`
	Results []TaskResult `json:"results"`
}

// TaskResult is one task's result in a part file: the task's id and its
// result, as the report needs it (an entry with its counterexamples'
// traces, a reproduced table, a comparison's measurement).
type TaskResult struct {
	Task   string          `json:"task"`
	Result json.RawMessage `json:"result"`
}

// PartHead, PartText, Consistent: a ClaimsPart is a parts.Part.
func (p *ClaimsPart) PartHead() *parts.Head { return &p.Head }

// PartText is the part's "i/k".
func (p *ClaimsPart) PartText() string { return p.Part }

// Consistent checks a part in itself: no more results than tasks, each
// of one task named once.
func (p *ClaimsPart) Consistent() error {
	if p.Tasks < 0 || len(p.Results) > p.Tasks {
		return fmt.Errorf("%d results of %d tasks", len(p.Results), p.Tasks)
	}
	seen := map[string]bool{}
	for _, r := range p.Results {
		if r.Task == "" || seen[r.Task] || len(r.Result) == 0 {
			return fmt.Errorf("result %q: each result names its task, once, and holds it", r.Task)
		}
		seen[r.Task] = true
	}
	return nil
}

// claimsFormat is claims' part files, for the guard of -merge.
var claimsFormat = parts.Format{Kind: ClaimsPartKind, Version: ClaimsPartVersion, Scheme: ClaimsPartScheme,
	Command: "claims", Noun: "claims part", Whole: "claims run", Keyed: "tasks",
	OtherProblem: "another electlab version, or a program with other algorithms"}

// ReadClaimsParts reads the part files of claims -merge and checks that
// they are the parts 1..k of one claims run, once each (parts.ReadParts).
func ReadClaimsParts(files []string) ([]*ClaimsPart, error) {
	return parts.ReadParts(files, &claimsFormat, func() *ClaimsPart { return &ClaimsPart{} })
}

// Part is part i of k of the run once its tasks (PartTasks) have run,
// with options: its results, ready to write.
func (w *Work) Part(i, k int, options []string) (*ClaimsPart, error) {
	p := &ClaimsPart{Head: parts.Head{Tool: "electlab", Kind: ClaimsPartKind, Version: ClaimsPartVersion, Scheme: ClaimsPartScheme,
		Options: options, Problem: w.problem}, Part: fmt.Sprintf("%d/%d", i, k), Tasks: len(w.Split()), Results: []TaskResult{}}
	for _, ti := range w.PartTasks(i, k) {
		t := &w.Tasks[ti]
		data, err := t.save()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", t.label, err)
		}
		p.Results = append(p.Results, TaskResult{Task: t.label, Result: data})
	}
	return p, nil
}

// Load puts the parts' results (read by ReadClaimsParts) where the
// report takes them, after checking that they are this run's (the same
// problem) and hold every split task once.
func (w *Work) Load(ps []*ClaimsPart) error {
	split := w.Split()
	byID := map[string]int{}
	for _, i := range split {
		byID[w.Tasks[i].label] = i
	}
	from := map[string]string{}
	for _, p := range ps {
		if p.Problem != w.problem || p.Tasks != len(split) {
			return exit.Usagef("-merge: %s: its options build another claims run here (%s)", p.File(), claimsFormat.OtherProblem)
		}
		for _, r := range p.Results {
			i, ok := byID[r.Task]
			if !ok {
				return exit.Usagef("-merge: %s: not a valid claims part: task %q is not one of this claims run's", p.File(), r.Task)
			}
			if f, dup := from[r.Task]; dup {
				return exit.Usagef("-merge: %s and %s both hold task %q (parts of another electlab version?)", f, p.File(), r.Task)
			}
			from[r.Task] = p.File()
			if err := w.Tasks[i].load(r.Result); err != nil {
				return exit.Usagef("-merge: %s: not a valid claims part: task %q: %v", p.File(), r.Task, err)
			}
		}
	}
	for _, i := range split {
		if id := w.Tasks[i].label; from[id] == "" {
			return exit.Usagef("-merge: no part holds task %q (parts of another electlab version?)", id)
		}
	}
	return nil
}

// strictJSON decodes data into v, refusing unknown fields.
func strictJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// errText is err's message, "" for nil; textErr its inverse.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func textErr(s string) error {
	if s == "" {
		return nil
	}
	return errors.New(s)
}

// entryResult is a claim task's result in a part file: its entry (as the
// report's JSON has it) and, for each row with a counterexample, its
// trace (without snapshots), which the report JSON leaves out but the
// report directory and the evidence text need.
type entryResult struct {
	Entry           Entry      `json:"entry"`
	Counterexamples []rowTrace `json:"counterexamples,omitempty"`
}

// rowTrace is the counterexample of row Row as a trace, and its
// configuration's variant as the counterexample names it (the trace
// names every reading).
type rowTrace struct {
	Row     int             `json:"row"`
	Variant string          `json:"variant"`
	Trace   json.RawMessage `json:"trace"`
}

// saveEntry encodes e, the result of checking a claim of spec.
func saveEntry(e *Entry, spec model.Spec) ([]byte, error) {
	r := entryResult{Entry: *e}
	for i := range e.Rows {
		ce := e.Rows[i].Counterexample
		if ce == nil {
			continue
		}
		t, err := traces.Record(ce.Initial, ce.Events, nil, "")
		if err != nil {
			return nil, fmt.Errorf("recording the counterexample of row %d: %v", i, err)
		}
		data, err := t.Marshal()
		if err != nil {
			return nil, err
		}
		// The merge rebuilds the counterexample from the trace: it must
		// be the same (checked here, when the part is written).
		back := &checkerCounterexample{}
		if err := back.load(data, ce.Config.Variant, spec); err != nil {
			return nil, fmt.Errorf("the counterexample of row %d does not survive its trace: %v", i, err)
		}
		if why := back.differs(ce); why != "" {
			return nil, fmt.Errorf("the counterexample of row %d does not survive its trace: %s", i, why)
		}
		r.Counterexamples = append(r.Counterexamples, rowTrace{Row: i, Variant: ce.Config.Variant, Trace: data})
	}
	return json.Marshal(r)
}

// loadEntry decodes an entry saved by saveEntry into e, for claim c of
// spec.
func loadEntry(data []byte, e *Entry, c *claim.Claim, spec model.Spec) error {
	var r entryResult
	if err := strictJSON(data, &r); err != nil {
		return err
	}
	if r.Entry.ID != c.ID || r.Entry.Algorithm != spec.Meta().Name {
		return fmt.Errorf("its entry is %s (%s)", r.Entry.ID, r.Entry.Algorithm)
	}
	for _, rt := range r.Counterexamples {
		if rt.Row < 0 || rt.Row >= len(r.Entry.Rows) || r.Entry.Rows[rt.Row].Counterexample == nil {
			return fmt.Errorf("a trace of row %d, which has no counterexample", rt.Row)
		}
		var back checkerCounterexample
		if err := back.load(rt.Trace, rt.Variant, spec); err != nil {
			return fmt.Errorf("the trace of row %d: %v", rt.Row, err)
		}
		ce := r.Entry.Rows[rt.Row].Counterexample
		ce.Config, ce.Events, ce.Initial = back.config, back.events, back.initial
	}
	for i := range r.Entry.Rows {
		if ce := r.Entry.Rows[i].Counterexample; ce != nil && ce.Initial == nil {
			return fmt.Errorf("row %d has a counterexample without its trace", i)
		}
	}
	*e = r.Entry
	e.claim, e.spec = c, spec
	return nil
}

// checkerCounterexample is what a counterexample's trace rebuilds: its
// configuration, events and initial world.
type checkerCounterexample struct {
	config  *model.Config
	events  []model.Event
	initial model.System
}

// load rebuilds it from a trace of spec's, its variant named as variant.
func (b *checkerCounterexample) load(data []byte, variant string, spec model.Spec) error {
	t, err := traces.Unmarshal(data)
	if err != nil {
		return err
	}
	if t.Config == nil || t.Config.Algo != spec.Meta().Name {
		return fmt.Errorf("not a trace of %s", spec.Meta().Name)
	}
	t.Config.Variant = variant
	s, err := spec.NewSystem(t.Config.Clone())
	if err != nil {
		return err
	}
	b.config, b.initial = t.Config, s
	for _, st := range t.Steps {
		b.events = append(b.events, st.Event)
	}
	return nil
}

// differs says how the rebuilt counterexample differs from ce ("" when
// it is ce's: the same configuration, events and initial world).
func (b *checkerCounterexample) differs(ce *checker.Counterexample) string {
	switch {
	case ce.Config == nil || ce.Initial == nil:
		return "it has no configuration or initial world"
	case b.config.String() != ce.Config.String():
		return fmt.Sprintf("configuration %s, not %s", b.config, ce.Config)
	case b.initial.Fingerprint() != ce.Initial.Fingerprint():
		return "another initial world"
	case !slices.EqualFunc(b.events, ce.Events, func(x, y model.Event) bool { return reflect.DeepEqual(x, y) }):
		return "other events"
	}
	return ""
}

// The cost table: each split task's measured cost, in CPU milliseconds
// (taskcost.tsv, written by TestTaskCostTable from a run of the default
// claims report with -reproduce of every paper, one task at a time; see
// its comment for the command). A task it does not list costs
// DefaultTaskCost.
var (
	//go:embed taskcost.tsv
	taskCostTSV string
	taskCosts   = parseTaskCosts(taskCostTSV)
)

// DefaultTaskCost is the cost, in CPU milliseconds, of a task the cost
// table does not list (a claim added since it was measured, an algorithm
// a program adds through cli.Main): one CPU-second.
const DefaultTaskCost = 1000

// TaskCost is task id's tabled cost in CPU milliseconds, at least 1 (so
// that tasks measured at 0 ms spread over the parts too), or
// DefaultTaskCost when the table does not list it.
func TaskCost(id string) int64 {
	if c, ok := taskCosts[id]; ok {
		return max(c, 1)
	}
	return DefaultTaskCost
}

// parseTaskCosts parses the cost table: "COST<TAB>TASK" lines, "#"
// comments.
func parseTaskCosts(text string) map[string]int64 {
	m := map[string]int64{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, id, ok := strings.Cut(line, "\t")
		v, err := strconv.ParseInt(c, 10, 64)
		if !ok || err != nil || v < 0 {
			panic(fmt.Sprintf("internal/report/taskcost.tsv: bad line %q", line))
		}
		m[id] = v
	}
	return m
}
