package explore

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/electlab/electlab/model"
)

// resultBytes renders everything a Result holds, the counterexamples'
// events and the fingerprints included (fields JSON leaves out).
func resultBytes(t testing.TB, r *Result) []byte {
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	out.Write(b)
	for _, v := range r.Violations {
		fmt.Fprintf(&out, "\n%s %v tainted=%v", v.Property, v.Events, v.tainted)
	}
	fmt.Fprintf(&out, "\n%v\n%v", r.Fingerprints, r.FinalFingerprints)
	return out.Bytes()
}

// TestWorkersIdentical: the breadth-first search gives byte-identical
// results (states, transitions, depth, final states, min/max counts,
// violations with their shortest counterexamples, fingerprints, memory
// estimate, a bound's cut) with 1, 2 and 3 workers, for every registered
// algorithm on the small configurations, in two count modes and under a
// state bound that cuts the search mid-level. The workers compute
// successors concurrently; that the bytes agree shows the merge makes the
// result independent of their scheduling (run it with -race as well).
func TestWorkersIdentical(t *testing.T) {
	n, every, cap := 0, 1, int64(20000)
	if testing.Short() {
		every, cap = 6, 1000
	}
	for _, spec := range testSpecs() {
		for k, cfg := range testConfigs(spec.Meta()) {
			if k%every != 0 {
				continue
			}
			s0, err := spec.NewSystem(cfg)
			if err != nil {
				continue
			}
			for _, opt := range []Options{
				{BFS: true, Counts: CountsNone, MaxStates: cap, KeepFingerprints: true},
				{BFS: true, Counts: CountsTotal, MaxStates: cap, KeepFingerprints: true},
				{BFS: true, Counts: CountsPerProcess, MaxStates: 300, KeepFingerprints: true},
			} {
				opt.Workers = 1
				want := resultBytes(t, Explore(s0, opt))
				for _, w := range []int{2, 3} {
					opt.Workers = w
					if got := resultBytes(t, Explore(s0, opt)); !bytes.Equal(got, want) {
						t.Errorf("%s %s (counts %s, max-states %d): %d workers differ from 1:\n%s\nvs\n%s", spec.Meta().Name, cfg, opt.Counts, opt.MaxStates, w, got, want)
					}
				}
				n++
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d searches compared", n)
	}
	// The comparison can fail: another search (DFS) gives other bytes.
	s0 := crDesc(t, 4)
	if bytes.Equal(resultBytes(t, Explore(s0, Options{BFS: true, Workers: 2})), resultBytes(t, Explore(s0, Options{NoPOR: true}))) {
		t.Error("resultBytes does not tell a BFS from a DFS result")
	}
}

// TestWorkersBully: a larger level-synchronous search (Bully n = 4, every
// detector, lazy and eager; no counters, since with them Bully's cycles
// that send make the breadth-first graph infinite) agrees byte for byte
// with 1 and 2 workers, and stores the states of the depth-first search.
func TestWorkersBully(t *testing.T) {
	for _, d := range []model.Detection{model.DetectEager, model.DetectLazy} {
		s0 := bullyDetect(t, 4, nil, d)
		one := Explore(s0, Options{BFS: true, Workers: 1, KeepFingerprints: true})
		two := Explore(s0, Options{BFS: true, Workers: 2, KeepFingerprints: true})
		if !bytes.Equal(resultBytes(t, one), resultBytes(t, two)) {
			t.Errorf("%s: 1 and 2 workers differ", d)
		}
		if dfs := Explore(s0, Options{NoPOR: true}); dfs.States != two.States || dfs.Final != two.Final {
			t.Errorf("%s: BFS with 2 workers %d states, %d final; DFS %d, %d", d, two.States, two.Final, dfs.States, dfs.Final)
		}
	}
}

// TestBFSFinalSeesLastStep: the end-of-run checks and OnFinal of a
// breadth-first search see a final state's World as its last event left
// it, effects included, as the depth-first search's do, with any number
// of workers: a custom end check that reads the last event's effects
// finds them. (The workers trim the Worlds a batch finds new, which
// drops the effects; they leave final states to the merge, which trims
// them after the checks. Trimming them in the workers fails here.)
func TestBFSFinalSeesLastStep(t *testing.T) {
	s0 := crDesc(t, 4)
	checks := safetyChecks
	checks.Custom = func(s model.System) error {
		if len(s.Effects()) == 0 {
			return errors.New("the final World has no effects of its last event")
		}
		return nil
	}
	for _, o := range []Options{{}, {BFS: true}, {BFS: true, Workers: 2}} {
		finals, bare := 0, 0
		o.Checks, o.NoPOR = checks, true
		o.OnFinal = func(w model.System) {
			finals++
			if len(w.Effects()) == 0 {
				bare++
			}
		}
		res := Explore(s0, o)
		if res.Final == 0 || len(res.Violations) != 0 || bare != 0 || finals != int(res.Final) {
			t.Errorf("bfs %v, %d workers: %d final states, %d seen by OnFinal without effects, violations %v",
				o.BFS, o.Workers, res.Final, bare, res.Violations)
		}
	}
}
