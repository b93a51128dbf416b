package main

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"electlab/algos"
	"electlab/checker"
	"electlab/model"
	"electlab/reproduce"
)

func quickEngine() *checker.Engine {
	eng := checker.DefaultEngine()
	eng.MaxN, eng.Cases, eng.GrowthCases, eng.Minimize = 5, 10, 3, minimize
	return eng
}

// TestRunClaimsWorkers: the entries do not depend on how many claims are
// checked at once.
func TestRunClaimsWorkers(t *testing.T) {
	jobs := planClaims("", "changroberts")
	jobs = append(jobs, planClaims("C-FCEABR-1", "")...)
	jobs = append(jobs, planClaims("C-FCEABOB-4", "")...) // reproduce 003 table 3
	var want string
	for _, w := range []int{1, 2, 5, 100} {
		// The reproduce-checked claim reads its table from a cache the
		// table's own task fills, concurrently.
		cache := &reproduce.Cache{}
		for i := range jobs {
			jobs[i].cache = cache
		}
		entries := make([]claimEntry, len(jobs))
		tasks := append(tableTasks(reproTables(jobs, nil), 1, cache), claimTasks(jobs, quickEngine(), entries)...)
		runTasks(tasks, w, newProgress(io.Discard, len(tasks)))
		b, err := json.Marshal(entries)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != len(jobs) {
			t.Fatalf("%d workers: %d entries for %d jobs", w, len(entries), len(jobs))
		}
		if w == 1 {
			want = string(b)
		} else if string(b) != want {
			t.Errorf("%d workers give other entries than 1", w)
		}
	}
}

// TestRunClaimsPanic: a check that panics panics on the caller's
// goroutine, naming the claim, so the command reports an internal error.
func TestRunClaimsPanic(t *testing.T) {
	spec, err := algos.Lookup("changroberts")
	if err != nil {
		t.Fatal(err)
	}
	var c model.Claim
	for _, r := range algos.ClaimsFor("C-RING1-4") {
		if r.Spec.Meta().Name == "changroberts" {
			c = *r.Claim
		}
	}
	c.ID = "C-TEST-PANIC"
	c.Custom = func(model.System) error { panic("boom") }
	jobs := planClaims("", "changroberts")
	jobs = append(jobs, claimJob{reg: &algos.Registered{Spec: spec, Claim: &c}})
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(string), "C-TEST-PANIC") || !strings.Contains(r.(string), "boom") {
			t.Errorf("want a panic naming the claim and the cause, got %v", r)
		}
	}()
	runClaims(jobs, quickEngine(), 2, newProgress(io.Discard, len(jobs)))
}

// TestClaimsReproduceWorkers: `claims -reproduce` writes the report and
// the reproductions as the same bytes with 1 and 2 workers, the
// reproductions the same bytes as `electlab reproduce` writes them, and
// the reproduce-checked claim (whose table the reproduction shares
// through the cache) the same entry as without -reproduce.
func TestClaimsReproduceWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("reproduces paper 003 three times")
	}
	args := func(dir string) []string {
		return []string{"claims", "-claim", "C-HIER-3", "-reproduce", "003", "-out", dir}
	}
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	d1 := t.TempDir()
	one := cli(t, args(d1)...).mustCode(t, 0)
	runtime.GOMAXPROCS(2)
	d2 := t.TempDir()
	two := cli(t, args(d2)...).mustCode(t, 0)
	if one.stdout != two.stdout {
		t.Errorf("stdout differs with 1 and 2 workers")
	}
	f1, f2 := listTree(t, d1), listTree(t, d2)
	if strings.Join(f1, " ") != strings.Join(f2, " ") {
		t.Fatalf("different files with 1 and 2 workers: %v vs %v", f1, f2)
	}
	for _, f := range f1 {
		if !bytes.Equal(readFile(t, filepath.Join(d1, f)), readFile(t, filepath.Join(d2, f))) {
			t.Errorf("%s differs with 1 and 2 workers", f)
		}
	}
	d3 := t.TempDir()
	cli(t, "reproduce", "-paper", "003", "-out", d3).mustCode(t, 0)
	for _, f := range []string{"reproduce-003.txt", "reproduce-003.json"} {
		if !bytes.Equal(readFile(t, filepath.Join(d2, f)), readFile(t, filepath.Join(d3, f))) {
			t.Errorf("claims -reproduce wrote another %s than reproduce -out", f)
		}
	}
	alone := cli(t, "claims", "-claim", "C-HIER-3").mustCode(t, 0)
	if alone.stdout != two.stdout {
		t.Errorf("C-HIER-3's entry changes with -reproduce")
	}
}

// TestClaimsReproduceBadInput: -reproduce names known papers, once each,
// and needs -out.
func TestClaimsReproduceBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-reproduce", "999", "-out", t.TempDir()}, `unknown paper "999"`},
		{[]string{"-reproduce", "003,003", "-out", t.TempDir()}, "listed twice"},
		{[]string{"-reproduce", "003"}, "-reproduce needs -out"},
	} {
		r := cli(t, append([]string{"claims", "-claim", "C-RING1-4"}, c.args...)...).mustCode(t, 2)
		if !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: want %q in:\n%s", c.args, c.want, r)
		}
	}
}

// TestReproTables: every table the reproduce-checked claims and the
// papers need is listed once, the longer runs first.
func TestReproTables(t *testing.T) {
	p, err := reproduce.Lookup("000")
	if err != nil {
		t.Fatal(err)
	}
	keys := reproTables(planClaims("", ""), []*reproduce.Paper{p})
	seen := map[tableKey]bool{}
	for i, k := range keys {
		if seen[k] {
			t.Errorf("%v listed twice", k)
		}
		seen[k] = true
		if i > 0 && k.runs > 0 && keys[i-1].runs == 0 {
			t.Errorf("%v comes after a table with the paper's runs", k)
		}
	}
	for _, rc := range reproClaims {
		for _, tb := range strings.Split(rc.Table, ",") {
			if !seen[tableKey{rc.Paper, tb, 0}] || (rc.moreRuns > 0 && !seen[tableKey{rc.Paper, tb, rc.moreRuns}]) {
				t.Errorf("%s: table %s %s missing from %v", rc.ID, rc.Paper, tb, keys)
			}
		}
	}
	for _, tb := range p.TableIDs() {
		if !seen[tableKey{"000", tb, 0}] {
			t.Errorf("paper 000 table %s missing", tb)
		}
	}
}
