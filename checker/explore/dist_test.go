package explore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// distResultBytes renders what a distributed search and the sequential
// BFS must agree on: every field of the Result but the memory measures
// (one process's in the BFS, each rank's in a distributed search), with
// the counterexamples' events.
func distResultBytes(t testing.TB, r *Result) []byte {
	c := *r
	c.MemEstimate, c.TableBytes, c.Ranks = 0, 0, nil
	b, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	out.Write(b)
	for _, v := range r.Violations {
		fmt.Fprintf(&out, "\n%s %v tainted=%v", v.Property, v.Events, v.tainted)
	}
	if r.Err != nil {
		fmt.Fprintf(&out, "\nerr %v", r.Err)
	}
	return out.Bytes()
}

// runDist runs a distributed search of s0 with k ranks over local
// transports and returns rank 1's result, checking that every rank got
// the same.
func runDist(t testing.TB, s0 model.System, opt Options, ts []Transport) *Result {
	k := len(ts)
	res := make([]*Result, k)
	errs := make([]error, k)
	var wg sync.WaitGroup
	for r := range k {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[r], errs[r] = ExploreDist(s0.Clone(), opt, ts[r])
		}()
	}
	wg.Wait()
	for r := range k {
		if errs[r] != nil {
			t.Fatalf("rank %d: %v", r+1, errs[r])
		}
	}
	want := distResultBytes(t, res[0])
	for r := 1; r < k; r++ {
		if got := distResultBytes(t, res[r]); !bytes.Equal(got, want) {
			t.Fatalf("rank %d's result differs from rank 1's:\n%s\nvs\n%s", r+1, got, want)
		}
	}
	return res[0]
}

// distProps are the generic properties a distributed search checks (it
// does not search for livelocks).
const distProps = model.Safety | model.Agreement | model.Validity

// TestDistMatchesBFS: a distributed search with 1, 2 and 3 ranks gives
// the sequential breadth-first search's result, byte for byte but for the
// memory measures, for every registered algorithm on the small
// configurations, in every count mode: states, transitions, depth, final
// states, min/max counts, the violations with their shortest traces,
// which are kept, and their taint.
func TestDistMatchesBFS(t *testing.T) {
	n, every := 0, 1
	if testing.Short() {
		every = 4
	}
	viols := 0
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
				{BFS: true, Counts: CountsNone, MaxStates: 20000},
				{BFS: true, Counts: CountsTotal, MaxStates: 20000, MaxViolations: 1},
				{BFS: true, Counts: CountsPerProcess, MaxDepth: 6},
			} {
				opt.Checks.Props = distProps
				if spec.Meta().Mutex {
					opt.Checks.Props = 0
					opt.Checks.Invariant = spec.Meta().Invariant
					opt.Checks.Custom = nil
				}
				if opt.checks().Props&model.Termination != 0 {
					continue
				}
				seq := Explore(s0, opt)
				if !seq.Complete() && !strings.HasPrefix(seq.Incomplete, "max-depth") {
					continue // a cut mid-level: not the distributed search's cut
				}
				want := distResultBytes(t, seq)
				viols += len(seq.Violations)
				for k := 1; k <= 3; k++ {
					got := distResultBytes(t, runDist(t, s0, opt, LocalTransports(k)))
					if !bytes.Equal(got, want) {
						t.Errorf("%s %s (counts %s): %d ranks differ from the BFS:\n%s\nvs\n%s", spec.Meta().Name, cfg, opt.Counts, k, got, want)
					}
				}
				n++
			}
		}
	}
	if n < 20 || viols == 0 {
		t.Fatalf("only %d searches compared, %d violations among them", n, viols)
	}
}

// TestDistMatchCatches: the comparison fails for a distributed search
// that keeps, for a new state, another record than the least: its paths,
// and so its traces, differ from the BFS's.
func TestDistMatchCatches(t *testing.T) {
	spec, err := algos.Registry().Lookup("kabashi")
	if err != nil {
		t.Fatal(err)
	}
	// Kabashi, 4 processes, the coordinator crashed: two violations.
	s0, err := spec.NewSystem(&model.Config{Algo: "kabashi", IDs: []model.ID{1, 2, 3, 4}, Crashed: []model.ID{4}})
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{BFS: true, Checks: checker.Checks{Props: model.Safety | model.Agreement}}
	want := distResultBytes(t, Explore(s0, opt))
	if got := distResultBytes(t, runDist(t, s0, opt, LocalTransports(2))); !bytes.Equal(got, want) {
		t.Fatalf("the sound search differs:\n%s\nvs\n%s", got, want)
	}
	opt.brokenDist = true
	if got := distResultBytes(t, runDist(t, s0, opt, LocalTransports(2))); bytes.Equal(got, want) {
		t.Errorf("a distributed search that keeps the greatest record matches the BFS:\n%s", got)
	}
}
