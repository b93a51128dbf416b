package distnats_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/checker/explore/distnats"
	"github.com/electlab/electlab/model"
)

func crSystem(t *testing.T, ids ...model.ID) model.System {
	t.Helper()
	s0, err := changroberts.Algorithm.NewSystem(&model.Config{Algo: "changroberts", IDs: ids, Forwarding: changroberts.Algorithm.Forwarding})
	if err != nil {
		t.Fatal(err)
	}
	return s0
}

// connect starts an embedded server on 127.0.0.1 (a free port) and
// connects k ranks to it.
func connect(t *testing.T, k int, run string, timeout time.Duration) []*distnats.Transport {
	t.Helper()
	srv, err := distnats.Embed("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	var ts []*distnats.Transport
	for r := range k {
		tr, err := distnats.Connect(distnats.Options{URL: srv.URL(), Run: run, Rank: r, Ranks: k, Timeout: timeout})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(tr.Close)
		ts = append(ts, tr)
	}
	return ts
}

var opt = explore.Options{BFS: true, Counts: explore.CountsTotal, Checks: checker.Checks{Props: model.Safety | model.Agreement | model.Validity}}

// TestNATSMatchesLocal: ranks over NATS give the result of ranks over the
// in-process transport and of the single-process BFS (counts, depth,
// violations).
func TestNATSMatchesLocal(t *testing.T) {
	s0 := crSystem(t, 4, 1, 3, 2)
	want := explore.Explore(s0, opt)
	for k := 1; k <= 3; k++ {
		ts := connect(t, k, "match", 30*time.Second)
		res := make([]*explore.Result, k)
		errs := make([]error, k)
		var wg sync.WaitGroup
		for r := range k {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res[r], errs[r] = explore.ExploreDist(s0.Clone(), opt, ts[r])
			}()
		}
		wg.Wait()
		for r := range k {
			if errs[r] != nil {
				t.Fatalf("%d ranks: rank %d: %v", k, r+1, errs[r])
			}
			got := res[r]
			if got.States != want.States || got.Transitions != want.Transitions || got.Final != want.Final || got.MaxDepth != want.MaxDepth || *got.Counts != *want.Counts {
				t.Errorf("%d ranks: rank %d: %+v, want %+v", k, r+1, got, want)
			}
		}
	}
}

// stopping is a rank's transport that stops answering (closes its
// connection, as a killed process's would) at its stopAt'th barrier.
type stopping struct {
	*distnats.Transport
	stopAt, n int
}

var errKilled = errors.New("killed")

func (s *stopping) AllGather(b []byte) ([][]byte, error) {
	s.n++
	if s.n == s.stopAt {
		s.Transport.Close()
		return nil, errKilled
	}
	return s.Transport.AllGather(b)
}

// TestRankGone: a rank that disappears mid-search (its connection closed
// at its fifth barrier, in the second level) makes every other rank stop
// with an error naming it, after the heartbeat timeout, never a hang.
func TestRankGone(t *testing.T) {
	s0 := crSystem(t, 5, 4, 3, 2, 1)
	ts := connect(t, 3, "gone", 2*time.Second)
	errs := make([]error, 3)
	var wg sync.WaitGroup
	for r := range 3 {
		var tr explore.Transport = ts[r]
		if r == 2 {
			tr = &stopping{Transport: ts[r], stopAt: 5}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[r] = explore.ExploreDist(s0.Clone(), opt, tr)
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the ranks still wait a minute after rank 3 stopped")
	}
	if !errors.Is(errs[2], errKilled) {
		t.Errorf("rank 3: %v, want the injected stop", errs[2])
	}
	for r := range 2 {
		if errs[r] == nil || !strings.Contains(errs[r].Error(), "rank 3 of 3 stopped answering") {
			t.Errorf("rank %d: %v, want an error naming rank 3", r+1, errs[r])
		}
	}
}

// core renders what a resumed search must print as one that never
// stopped: every field but the memory figures, the ranks' part and the
// level it resumed after, and the counterexamples' events.
func core(t *testing.T, r *explore.Result) string {
	t.Helper()
	c := *r
	c.MemEstimate, c.TableBytes, c.Ranks, c.ResumedAt = 0, 0, nil, 0
	b, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, v := range r.Violations {
		s += fmt.Sprintf("\n%s %v clean=%v", v.Property, v.Events, v.Clean())
	}
	for _, rk := range r.Ranks {
		// What each rank stored, applied and sent is the same too.
		rk.MemEstimate, rk.TableBytes = 0, 0
		s += fmt.Sprintf("\n%+v", rk)
	}
	return s
}

// runRanks runs a distributed search of s0 on k ranks over a fresh
// embedded server, rank 3 (when k >= 3 and stopAt > 0) stopping at its
// stopAt'th barrier; it returns every rank's result and error. The
// ranks give up on a silent one after 3 s: three of its heartbeats (one a
// second), where a 1 s timeout failed a live rank once on a machine
// loaded by other tests.
func runRanks(t *testing.T, s0 model.System, o explore.Options, k, stopAt int, run string) ([]*explore.Result, []error) {
	ts := connect(t, k, run, 3*time.Second)
	res := make([]*explore.Result, k)
	errs := make([]error, k)
	var wg sync.WaitGroup
	for r := range k {
		var tr explore.Transport = ts[r]
		if r == 2 && stopAt > 0 {
			tr = &stopping{Transport: ts[r], stopAt: stopAt}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[r], errs[r] = explore.ExploreDist(s0.Clone(), o, tr)
		}()
	}
	wg.Wait()
	return res, errs
}

// TestRestartFromCheckpoint: a search whose rank 3 is killed mid-level
// (the others then stop with an error naming it), started again with the
// same checkpoint directory, resumes after the last level every rank
// wrote and gives, byte for byte, the result of a search that never
// stopped: states, counts, the violations with their traces, and what
// each rank stored and sent. Kabashi, 4 processes, the coordinator
// crashed (two violations), 3 ranks; killed at several points.
func TestRestartFromCheckpoint(t *testing.T) {
	spec, err := algos.Registry().Lookup("kabashi")
	if err != nil {
		t.Fatal(err)
	}
	s0, err := spec.NewSystem(&model.Config{Algo: "kabashi", IDs: []model.ID{1, 2, 3, 4}, Crashed: []model.ID{4}})
	if err != nil {
		t.Fatal(err)
	}
	o := explore.Options{BFS: true, Counts: explore.CountsTotal, Checks: checker.Checks{Props: model.Safety | model.Agreement}}
	res, errs := runRanks(t, s0, o, 3, 0, "whole")
	if errs[0] != nil {
		t.Fatal(errs[0])
	}
	want := core(t, res[0])
	if len(res[0].Violations) == 0 || res[0].MaxDepth < 10 {
		t.Fatalf("not the search this test needs: %s", want)
	}
	// A rank makes 3 barriers a level, and one at the start: 3*L+2 is in
	// level L's expansion (L from 0).
	for i, stopAt := range []int{3*1 + 2, 3*7 + 2, 3*7 + 3, 3*15 + 4} {
		dir := t.TempDir()
		o.Checkpoint = dir
		_, errs := runRanks(t, s0, o, 3, stopAt, fmt.Sprintf("killed%d", i))
		if errs[0] == nil || !strings.Contains(errs[0].Error(), "rank 3 of 3 stopped answering") {
			t.Fatalf("killed at barrier %d: rank 1: %v", stopAt, errs[0])
		}
		res, errs := runRanks(t, s0, o, 3, 0, fmt.Sprintf("again%d", i))
		for r := range 3 {
			if errs[r] != nil {
				t.Fatalf("killed at barrier %d, started again: rank %d: %v", stopAt, r+1, errs[r])
			}
			if got := core(t, res[r]); got != want {
				t.Errorf("killed at barrier %d, started again: rank %d:\n%s\nwant\n%s", stopAt, r+1, got, want)
			}
		}
		if res[0].ResumedAt < (stopAt-2)/3-1 || res[0].ResumedAt == 0 {
			t.Errorf("killed at barrier %d: resumed after level %d", stopAt, res[0].ResumedAt)
		}
	}
}

// TestCheckpointOfAnotherSearch: a checkpoint directory holding another
// search's checkpoints is refused, naming the file.
func TestCheckpointOfAnotherSearch(t *testing.T) {
	dir := t.TempDir()
	o := opt
	o.Checkpoint = dir
	if _, errs := runRanks(t, crSystem(t, 3, 1, 2), o, 2, 0, "first"); errs[0] != nil {
		t.Fatal(errs[0])
	}
	_, errs := runRanks(t, crSystem(t, 4, 1, 2, 3), o, 2, 0, "second")
	if errs[0] == nil || !strings.Contains(errs[0].Error(), "is the checkpoint of another search") {
		t.Errorf("%v, want a refusal", errs[0])
	}
}

// TestRankStartedAgainAlone: a rank killed and started again on its own
// (its pod retried by a Job, say) while the other ranks still wait for it
// makes them stop with an error saying so, and stops itself once they are
// gone: never a hang where each waits for the other.
func TestRankStartedAgainAlone(t *testing.T) {
	s0 := crSystem(t, 5, 4, 3, 2, 1)
	srv, err := distnats.Embed("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	conn := func(r int) *distnats.Transport {
		tr, err := distnats.Connect(distnats.Options{URL: srv.URL(), Run: "again", Rank: r, Ranks: 3, Timeout: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(tr.Close)
		return tr
	}
	errs := make([]error, 4)
	var wg sync.WaitGroup
	start := func(i int, tr *distnats.Transport, stopAt int) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A rank's process ends when its search does: its heartbeats
			// stop.
			defer tr.Close()
			var x explore.Transport = tr
			if stopAt > 0 {
				x = &stopping{Transport: tr, stopAt: stopAt}
			}
			_, errs[i] = explore.ExploreDist(s0.Clone(), opt, x)
		}()
	}
	start(0, conn(0), 0)
	start(1, conn(1), 0)
	start(2, conn(2), 5)
	time.Sleep(500 * time.Millisecond)
	start(3, conn(2), 0) // rank 3 again
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("still waiting a minute after rank 3 started again")
	}
	for r := range 2 {
		if errs[r] == nil || !strings.Contains(errs[r].Error(), "rank 3 of 3 was started again") {
			t.Errorf("rank %d: %v, want an error saying rank 3 started again", r+1, errs[r])
		}
	}
	if errs[3] == nil {
		t.Error("rank 3 started again alone finished")
	}
}
