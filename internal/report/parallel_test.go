package report

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/internal/reproduce"
	"github.com/electlab/electlab/internal/reproduce/judge"
	"github.com/electlab/electlab/model"
)

func quickEngine() *claims.Engine {
	eng := claims.DefaultEngine()
	eng.MaxN, eng.Cases, eng.GrowthCases = 5, 10, 3
	return eng
}

// TestRunClaimsWorkers: the entries do not depend on how many claims are
// checked at once.
func TestRunClaimsWorkers(t *testing.T) {
	jobs := Plan(algos.Registry(), "", "changroberts")
	jobs = append(jobs, Plan(algos.Registry(), "C-FCEABR-1", "")...)
	jobs = append(jobs, Plan(algos.Registry(), "C-FCEABOB-4", "")...) // reproduce 003 table 3
	var want string
	for _, w := range []int{1, 2, 5, 100} {
		// The reproduce-checked claim reads its table from a cache the
		// table's own task fills, concurrently.
		cache := &reproduce.Cache{}
		for i := range jobs {
			jobs[i].cache = cache
		}
		entries := make([]Entry, len(jobs))
		tasks := append(TableTasks(ReproTables(jobs, nil), 1, cache), ClaimTasks(jobs, quickEngine(), entries)...)
		RunTasks(tasks, w, NewProgress(io.Discard, len(tasks)))
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
	spec, err := algos.Registry().Lookup("changroberts")
	if err != nil {
		t.Fatal(err)
	}
	var c claim.Claim
	for _, r := range algos.Registry().ClaimsFor("C-RING1-4") {
		if r.Spec.Meta().Name == "changroberts" {
			c = *r.Claim
		}
	}
	c.ID = "C-TEST-PANIC"
	c.Custom = func(model.System) error { panic("boom") }
	jobs := Plan(algos.Registry(), "", "changroberts")
	jobs = append(jobs, Job{Target: claims.Target{Reg: &claim.Registered{Spec: spec, Claim: &c}}})
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(string), "C-TEST-PANIC") || !strings.Contains(r.(string), "boom") {
			t.Errorf("want a panic naming the claim and the cause, got %v", r)
		}
	}()
	runClaims(jobs, quickEngine(), 2, NewProgress(io.Discard, len(jobs)))
}

// TestReproTables: every table the reproduce-checked claims and the
// papers need is listed once, the longer runs first.
func TestReproTables(t *testing.T) {
	p, err := reproduce.Lookup("000")
	if err != nil {
		t.Fatal(err)
	}
	keys := ReproTables(Plan(algos.Registry(), "", ""), []*reproduce.Paper{p})
	seen := map[TableKey]bool{}
	for i, k := range keys {
		if seen[k] {
			t.Errorf("%v listed twice", k)
		}
		seen[k] = true
		if i > 0 && k.Runs > 0 && keys[i-1].Runs == 0 {
			t.Errorf("%v comes after a table with the paper's runs", k)
		}
	}
	for _, rc := range judge.All() {
		for _, tb := range strings.Split(rc.Table, ",") {
			if !seen[TableKey{rc.Paper, tb, 0}] || (rc.MoreRuns() > 0 && !seen[TableKey{rc.Paper, tb, rc.MoreRuns()}]) {
				t.Errorf("%s: table %s %s missing from %v", rc.ID, rc.Paper, tb, keys)
			}
		}
	}
	for _, tb := range p.TableIDs() {
		if !seen[TableKey{"000", tb, 0}] {
			t.Errorf("paper 000 table %s missing", tb)
		}
	}
}
