package explore

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/electlab/electlab/algos/bully"
	"github.com/electlab/electlab/model"
)

// TestStackSetReuse: the set of states on the DFS stack is pooled between
// searches (stackSets); a search after one that a bound stopped with
// states on its stack gives the result of a search run alone. A release
// that keeps the stopped search's stack is caught.
func TestStackSetReuse(t *testing.T) {
	s0, err := bully.Algorithm.NewSystem(&model.Config{Algo: "bully", IDs: []model.ID{3, 1, 4, 2}})
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Counts: CountsPerProcess}
	ref := Explore(s0, opt)
	if !ref.Complete() || !ref.CountsLowerBound {
		t.Fatalf("the test needs a complete search that meets cycles on its stack: complete %v, lower bound %v", ref.Complete(), ref.CountsLowerBound)
	}
	after := func() (r *Result, err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v", p)
			}
		}()
		cut := opt
		cut.MaxStates = ref.States / 2
		if stopped := Explore(s0, cut); stopped.Complete() {
			return r, fmt.Errorf("the bound of %d states did not stop the search", cut.MaxStates)
		}
		return Explore(s0, opt), nil
	}
	for range 3 {
		if r, err := after(); err != nil || !reflect.DeepEqual(r, ref) {
			t.Fatalf("a search after a stopped one: %v\n%+v\nwant %+v", err, r, ref)
		}
	}
	brokenStackRelease = true
	defer func() { brokenStackRelease = false }()
	caught := false
	for range 3 {
		if r, err := after(); err != nil || !reflect.DeepEqual(r, ref) {
			caught = true
		}
	}
	if !caught {
		t.Error("a release that keeps a stopped search's stack was not caught")
	}
}

// TestMemoryCountsSpare: the Worlds the depth-first search keeps for its
// next copies (e.spare, up to maxSpare) are in its memory estimate, so a
// -max-mem bound covers them.
func TestMemoryCountsSpare(t *testing.T) {
	opt := safetyOnly
	opt.NoPOR = true
	s0 := crDesc(t, 4)
	e := newEngine(s0, opt)
	before := e.memory()
	for range 3 {
		e.recycle(s0.Clone())
	}
	if got, want := e.memory()-before, 3*e.worldBytes; got != want {
		t.Fatalf("three spare Worlds added %d bytes to the estimate, want %d", got, want)
	}
}
