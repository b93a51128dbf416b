package report

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/parts"
	"github.com/electlab/electlab/internal/reproduce"
)

// costWork is the claims run whose tasks the cost table lists: the
// default report (`electlab claims`) with every paper reproduced beside
// it (`-reproduce 000,003`, as make claims runs it), a superset of the
// default report's tasks.
func costWork(papers []*reproduce.Paper) *Work {
	reg := algos.Registry()
	eng := claims.DefaultEngine()
	return NewWork(reg, reg.Specs(), "", "", false, papers, eng)
}

// TestTaskCostTable: the cost table (taskcost.tsv) lists exactly the
// split tasks of the default claims report with every paper reproduced:
// a task added (a new claim) or gone (a claim removed or renamed) fails
// here, so the table cannot drift silently. To regenerate it, measuring
// every task's CPU time one task at a time (its process CPU time, the
// garbage collector's included: about 5 CPU-minutes, 7 minutes on a
// shared two-core machine):
//
//	ELECTLAB_UPDATE_COSTS=1 go test -count=1 -timeout 2h ./internal/report -run TestTaskCostTable -v
func TestTaskCostTable(t *testing.T) {
	w := costWork(reproduce.Papers)
	if os.Getenv("ELECTLAB_UPDATE_COSTS") != "" {
		writeCostTable(t, w)
		return
	}
	driftErrors(t, w)
}

// TestTaskCostTableCatchesDrift: the drift check above fails on a table
// with a task missing and on one with a task that does not exist.
func TestTaskCostTableCatchesDrift(t *testing.T) {
	saved := taskCosts
	defer func() { taskCosts = saved }()
	w := costWork(reproduce.Papers)
	first := w.Tasks[w.Split()[0]].label
	for name, edit := range map[string]func(m map[string]int64){
		"missing": func(m map[string]int64) { delete(m, first) },
		"stale":   func(m map[string]int64) { m["C-GONE-1, nobody"] = 5 },
	} {
		m := map[string]int64{}
		for k, v := range saved {
			m[k] = v
		}
		edit(m)
		taskCosts = m
		ft := &fakeT{}
		driftErrors(ft, w)
		if len(ft.errs) != 1 {
			t.Errorf("%s: the drift check reported %q, want one error", name, ft.errs)
		}
	}
}

// fakeT records errors.
type fakeT struct{ errs []string }

func (f *fakeT) Errorf(format string, args ...any) {
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}

// driftErrors is TestTaskCostTable's check, on e.
func driftErrors(e interface{ Errorf(string, ...any) }, w *Work) {
	var ids []string
	for _, i := range w.Split() {
		ids = append(ids, w.Tasks[i].label)
	}
	for _, id := range ids {
		if _, ok := taskCosts[id]; !ok {
			e.Errorf("task %q is not in the cost table taskcost.tsv: regenerate it (see TestTaskCostTable's comment)", id)
		}
	}
	for _, id := range tabledTasks() {
		if !slices.Contains(ids, id) {
			e.Errorf("the cost table taskcost.tsv lists %q, which is no task of the claims run: regenerate it (see TestTaskCostTable's comment)", id)
		}
	}
}

// processCPU is the user and system CPU time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// writeCostTable runs every split task of w alone (one at a time, under
// BatchGC as claims runs them) and writes its CPU time to taskcost.tsv.
func writeCostTable(t *testing.T, w *Work) {
	defer BatchGC()()
	var b strings.Builder
	b.WriteString("# The cost of each task of a split claims run (claims -part), in CPU milliseconds,\n" +
		"# measured one task at a time on the default report with -reproduce 000,003.\n" +
		"# Written by TestTaskCostTable (ELECTLAB_UPDATE_COSTS=1); do not edit.\n")
	type row struct {
		id string
		ms int64
	}
	var rows []row
	var total time.Duration
	for _, i := range w.Split() {
		task := &w.Tasks[i]
		runtime.GC()
		before := processCPU()
		task.run()
		d := processCPU() - before
		total += d
		t.Logf("%8d ms  %s", d.Milliseconds(), task.label)
		rows = append(rows, row{task.label, d.Milliseconds()})
	}
	slices.SortFunc(rows, func(x, y row) int { return strings.Compare(x.id, y.id) })
	for _, r := range rows {
		fmt.Fprintf(&b, "%d\t%s\n", r.ms, r.id)
	}
	if err := os.WriteFile("taskcost.tsv", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote taskcost.tsv: %d tasks, %.1f CPU-s", len(rows), total.Seconds())
}

// TestAssignBalance: on the tabled costs of the default report (with and
// without the reproductions), the largest of k parts holds at most 0.6
// of the total for k = 2, and at most the average plus the largest task
// for every k (the LPT bound); the assignment is a function of the table
// and k alone.
func TestAssignBalance(t *testing.T) {
	for _, papers := range [][]*reproduce.Paper{nil, reproduce.Papers} {
		w := costWork(papers)
		seen := map[string]bool{}
		for _, task := range w.Tasks {
			if seen[task.label] {
				t.Errorf("two tasks are named %q: a part file names its results by task", task.label)
			}
			seen[task.label] = true
		}
		var total, largest int64
		for _, i := range w.Split() {
			c := TaskCost(w.Tasks[i].label)
			total += c
			largest = max(largest, c)
		}
		for k := 2; k <= 4; k++ {
			load := make([]int64, k)
			as := w.Assign(k)
			for j, i := range w.Split() {
				load[as[j]-1] += TaskCost(w.Tasks[i].label)
			}
			big := slices.Max(load)
			t.Logf("%d papers, k=%d: tabled CPU-ms per part %v of %d", len(papers), k, load, total)
			if k == 2 && float64(big) > 0.6*float64(total) {
				t.Errorf("k=2: the largest part holds %d of %d ms (more than 0.6)", big, total)
			}
			if big > total/int64(k)+largest {
				t.Errorf("k=%d: the largest part holds %d ms, more than the average %d plus the largest task %d", k, big, total/int64(k), largest)
			}
			if again := costWork(papers).Assign(k); !slices.Equal(as, again) {
				t.Errorf("k=%d: two assignments differ", k)
			}
		}
	}
}

// TestAssignLPT: parts.Assign gives the longest task first to the least
// loaded part, ties by id, and its largest part holds at most the average
// plus the largest task on random costs.
func TestAssignLPT(t *testing.T) {
	got := parts.Assign([]string{"a", "b", "c", "d", "e"}, []int64{5, 7, 3, 3, 2}, 2)
	// b(7)→1, a(5)→2, c(3)→2, d(3)→1, e(2)→2: 10 and 10.
	if want := []int{2, 1, 2, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("Assign = %v, want %v", got, want)
	}
	if got := parts.Assign([]string{"y", "x"}, []int64{1, 1}, 3); !slices.Equal(got, []int{2, 1}) {
		t.Errorf("ties by id: %v", got)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		n, k := 1+r.IntN(40), 1+r.IntN(6)
		ids := make([]string, n)
		costs := make([]int64, n)
		var total, largest int64
		for i := range ids {
			ids[i] = fmt.Sprint(i)
			costs[i] = r.Int64N(1000)
			total += costs[i]
			largest = max(largest, costs[i])
		}
		load := make([]int64, k)
		for i, p := range parts.Assign(ids, costs, k) {
			load[p-1] += costs[i]
		}
		if big := slices.Max(load); big*int64(k) > total+int64(k)*largest {
			t.Fatalf("n=%d k=%d: largest part %d above the average %d/%d plus the largest task %d", n, k, big, total, k, largest)
		}
	}
}

// TestEntryRoundTrip: a claim's entry with counterexamples survives the
// part file (saveEntry, loadEntry): the report renders the same text,
// Markdown and JSON from it; and the check saveEntry makes catches a
// counterexample its trace would not rebuild (an initial world of another
// configuration, whose events still apply).
func TestEntryRoundTrip(t *testing.T) {
	jobs := Plan(algos.Registry(), "C-RING1-5", "changroberts")
	if len(jobs) != 1 {
		t.Fatalf("%d jobs", len(jobs))
	}
	j := jobs[0]
	eng := claims.DefaultEngine()
	eng.Cases, eng.GrowthCases, eng.ExhaustiveLimit, eng.MaxN, eng.ExploreStates = 3, 2, 10, 4, 2000
	e := j.run(eng)
	var ce *checker.Counterexample
	for i := range e.Rows {
		if e.Rows[i].Counterexample != nil {
			ce = e.Rows[i].Counterexample
			break
		}
	}
	if ce == nil {
		t.Fatal("C-RING1-5 of changroberts has no counterexample: not the case this test means")
	}
	data, err := saveEntry(&e, j.Reg.Spec)
	if err != nil {
		t.Fatal(err)
	}
	var back Entry
	if err := loadEntry(data, &back, j.Reg.Claim, j.Reg.Spec); err != nil {
		t.Fatal(err)
	}
	render := func(e Entry) string {
		rep := &Report{Tool: "electlab", Schema: Schema, Claims: []Entry{}}
		rep.Add(e)
		var js strings.Builder
		if err := WriteJSON(&js, rep); err != nil {
			t.Fatal(err)
		}
		return Text(rep) + Markdown(rep) + js.String()
	}
	if a, b := render(e), render(back); a != b {
		t.Errorf("the entry read back renders otherwise:\n%s\n---\n%s", a, b)
	}
	other := ce.Config.Clone()
	other.Forwarding = !other.Forwarding // no crash: the same events apply
	s, err := j.Reg.Spec.NewSystem(other)
	if err != nil {
		t.Fatal(err)
	}
	ce.Initial = s
	if _, err := saveEntry(&e, j.Reg.Spec); err == nil || !strings.Contains(err.Error(), "does not survive its trace: configuration") {
		t.Errorf("a counterexample whose initial world is of another configuration: %v", err)
	}
}

// tabledTasks are the cost table's task ids, sorted.
func tabledTasks() []string {
	var ids []string
	for id := range taskCosts {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
