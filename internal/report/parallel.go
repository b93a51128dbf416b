package report

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/reproduce"
)

// Workers is how many claims `claims` checks at once: one per CPU
// Go may use (GOMAXPROCS). Each claim's result depends only on the seed
// and the claim, never on the order or the interleaving of the checks, so
// the report is the same bytes with any number of workers (a test checks
// it).
func Workers() int { return runtime.GOMAXPROCS(0) }

// Task is one unit of work of `claims` or `reproduce`: checking one
// claim, or reproducing one table. A task writes its result where its run
// function says (a slot of its own, or a reproduce.Cache entry), never
// into shared state another task reads while it runs, so the results do
// not depend on which worker runs it or when.
type Task struct {
	// label names the task in progress lines ("C-RING1-5, changroberts",
	// "reproduce 000 table 3").
	label string
	// run does the work.
	run func()
	// quiet: the task is not worth a progress line of its own (a claim
	// without a model); the last task to finish always gets one.
	quiet bool
	// save encodes the task's result, once it has run, for a part file
	// of a split run (claims -part), and load puts a result so encoded
	// where run would have put it (claims -merge); both nil for a task
	// the merge runs itself (Work).
	save func() ([]byte, error)
	load func([]byte) error
}

// RunTasks runs the tasks on up to workers goroutines, handing them out
// in the given order (put the longest first), and returns when every
// task is done. Progress is reported as tasks finish. A panic in a task
// is re-raised on the caller's goroutine, naming the task (so the
// command's recover reports an internal error); the other workers stop
// taking tasks.
func RunTasks(tasks []Task, workers int, prog *Progress) {
	if workers < 1 {
		workers = 1
	}
	if workers > len(tasks) {
		workers = len(tasks)
	}
	var (
		mu     sync.Mutex
		next   int
		failed string
		wg     sync.WaitGroup
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if failed != "" || next >= len(tasks) {
			return 0, false
		}
		next++
		return next - 1, true
	}
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i, ok := take()
				if !ok {
					return
				}
				t := &tasks[i]
				prog.begin(t.label)
				ok = func() (ok bool) {
					defer func() {
						if r := recover(); r != nil {
							buf := make([]byte, 16<<10)
							mu.Lock()
							if failed == "" {
								failed = fmt.Sprintf("%s: %v\n%s", t.label, r, buf[:runtime.Stack(buf, false)])
							}
							mu.Unlock()
						}
					}()
					t.run()
					return true
				}()
				if !ok {
					return
				}
				prog.done(t.label, !t.quiet)
			}
		}()
	}
	wg.Wait()
	if failed != "" {
		panic("checking " + failed)
	}
}

// ClaimTasks returns one task per job, each writing its entry to out[i].
func ClaimTasks(jobs []Job, eng *claims.Engine, out []Entry) []Task {
	tasks := make([]Task, len(jobs))
	for i, j := range jobs {
		tasks[i] = Task{label: j.Label(), quiet: j.Reg == nil && j.repro == nil, run: func() { out[i] = j.run(eng) }}
		if j.Reg != nil {
			// A registered claim's check: split among the parts. (An
			// entry judged from its tables, or UNCHECKED, is the
			// merge's.)
			tasks[i].save = func() ([]byte, error) { return saveEntry(&out[i], j.Reg.Spec) }
			tasks[i].load = func(data []byte) error { return loadEntry(data, &out[i], j.Reg.Claim, j.Reg.Spec) }
		}
	}
	return tasks
}

// runClaims checks the jobs with up to workers claims at a time and
// returns their entries in the jobs' order.
func runClaims(jobs []Job, eng *claims.Engine, workers int, prog *Progress) []Entry {
	out := make([]Entry, len(jobs))
	RunTasks(ClaimTasks(jobs, eng, out), workers, prog)
	return out
}

// TableKey names one reproduction of one table: paper, table id and
// repetitions (0: the paper's own).
type TableKey struct {
	// Paper and Table name the table; Runs is the repetitions of
	// each row (0: the paper's own).
	Paper, Table string
	Runs         int
}

// ReproTables lists the tables the jobs' reproduce-checked claims and the
// papers (whole, with the paper's repetition counts) need, each once: the
// longer runs of a table first (they take longest), then in paper order.
func ReproTables(jobs []Job, papers []*reproduce.Paper) []TableKey {
	var long, rest []TableKey
	seen := map[TableKey]bool{}
	add := func(k TableKey, long_ bool) {
		if seen[k] {
			return
		}
		seen[k] = true
		if long_ {
			long = append(long, k)
		} else {
			rest = append(rest, k)
		}
	}
	for _, j := range jobs {
		if j.Reg != nil || j.repro == nil {
			continue
		}
		for _, t := range strings.Split(j.repro.Table, ",") {
			add(TableKey{j.repro.Paper, t, 0}, false)
			if j.repro.MoreRuns() > 0 {
				add(TableKey{j.repro.Paper, t, j.repro.MoreRuns()}, true)
			}
		}
	}
	for _, p := range papers {
		for _, t := range p.TableIDs() {
			add(TableKey{p.ID, t, 0}, false)
		}
	}
	return append(long, rest...)
}

// TableTasks returns one task per table, each computing it into cache
// (an error is kept there too, and reported by whoever asks for the
// table).
func TableTasks(keys []TableKey, seed uint64, cache *reproduce.Cache) []Task {
	tasks := make([]Task, 0, len(keys))
	for _, k := range keys {
		p, err := reproduce.Lookup(k.Paper)
		if err != nil || p.NotYet != "" {
			continue // the claim or the command reports it
		}
		label := fmt.Sprintf("reproduce %s table %s", k.Paper, k.Table)
		if k.Runs > 0 {
			label += fmt.Sprintf(" (%d runs)", k.Runs)
		}
		tasks = append(tasks, Task{label: label, run: func() {
			reproduce.Reproduce(p, k.Table, reproduce.Options{Runs: k.Runs, Seed: seed, Cache: cache})
		}, save: func() ([]byte, error) {
			t, err, ok := cache.Get(p, k.Table, k.Runs, seed)
			if !ok {
				return nil, fmt.Errorf("not computed")
			}
			return json.Marshal(tableResult{Table: t, Error: errText(err)})
		}, load: func(data []byte) error {
			var r tableResult
			if err := strictJSON(data, &r); err != nil {
				return err
			}
			if (r.Table == nil) == (r.Error == "") {
				return fmt.Errorf("want a table or an error")
			}
			cache.Put(p, k.Table, k.Runs, seed, r.Table, textErr(r.Error))
			return nil
		}})
	}
	return tasks
}

// tableResult is a reproduced table's task result in a part file: the
// table, or the error computing it.
type tableResult struct {
	Table *reproduce.Table `json:"table"`
	Error string           `json:"error,omitempty"`
}

// BatchGC lets the garbage collector use more memory for less CPU during
// a long batch run (`claims`, `reproduce`), which allocates many
// short-lived worlds: GOGC 800 instead of 100, with a soft limit of 1 GiB
// past which it collects as often as needed. The full report with both
// reproductions then takes 30% less CPU time (73 instead of 104 CPU-s)
// and peaks at about 490 MB instead of 75 MB (GOGC 400: 80 CPU-s, 225
// MB). It changes nothing when the user set GOGC
// or GOMEMLIMIT, and never the output: no result reads the heap (the
// explore searches bound their own estimate of their memory). It returns
// the function that restores the previous settings.
func BatchGC() (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	gc := debug.SetGCPercent(800)
	lim := debug.SetMemoryLimit(1 << 30)
	return func() {
		debug.SetGCPercent(gc)
		debug.SetMemoryLimit(lim)
	}
}

// Label names the task in progress lines; it is also the task's id in
// the part files of a split run and in the cost table.
func (t *Task) Label() string { return t.label }
