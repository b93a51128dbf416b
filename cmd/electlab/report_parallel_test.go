package main

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"electlab/algos"
	"electlab/checker"
	"electlab/model"
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
	var want string
	for _, w := range []int{1, 2, 5, 100} {
		entries := runClaims(jobs, quickEngine(), w, newProgress(io.Discard, len(jobs)))
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
