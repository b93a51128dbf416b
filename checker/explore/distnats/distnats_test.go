package distnats_test

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

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
