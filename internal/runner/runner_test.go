package runner

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/model"
)

// TestProgressWithoutNewStates: the explore progress printer prints at a
// steady interval when states stop growing, names the phase, and the
// search calls it on transitions, not only on new states.
func TestProgressWithoutNewStates(t *testing.T) {
	var buf bytes.Buffer
	now := time.Unix(0, 0)
	p := progressPrinterClock(&buf, func() time.Time { return now })
	for i := range 5 {
		now = now.Add(2 * time.Second)
		p(explore.Progress{States: 55, Transitions: int64(1000 * (i + 1)), Depth: 7})
	}
	now = now.Add(2 * time.Second)
	p(explore.Progress{States: 10, Transitions: 50000, Depth: 3, Phase: "livelock search (after the main search's 55 states)"})
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 6 || !strings.Contains(lines[1], "55 states (+0/s)") || !strings.Contains(lines[5], "livelock search") || strings.Contains(buf.String(), "-") {
		t.Errorf("progress lines:\n%s", buf.String())
	}
	// The search reports on transitions: with the state interval out of
	// reach, Progress is still called (Bully n=4 takes > 4096 transitions).
	calls := 0
	s0 := bully4(t)
	explore.Explore(s0, explore.Options{ProgressEvery: 1 << 40, Progress: func(p explore.Progress) {
		if !p.Done {
			calls++
		}
	}})
	if calls == 0 {
		t.Errorf("the search never reported progress on transitions")
	}
}

// bully4 is Bully's initial World on ids 1..4, all initiators.
func bully4(t *testing.T) model.System {
	t.Helper()
	spec, err := algos.Registry().Lookup("bully")
	if err != nil {
		t.Fatal(err)
	}
	s, err := spec.NewSystem(&model.Config{Algo: "bully", IDs: []model.ID{1, 2, 3, 4}, Forwarding: spec.Meta().Forwarding})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// stock is the Tool of a call of electlab's own: its registry, no extra
// algorithm.
var stock = Tool{Reg: algos.Registry()}
