//go:build exploredev

package explore

import (
	"fmt"
	"testing"
	"time"

	"electlab/algos"
	"electlab/model"
)

func TestSmoke(t *testing.T) {
	for _, spec := range algos.All {
		for n := 3; n <= 6; n++ {
			ids := make([]model.ID, n)
			for i := range ids {
				ids[i] = model.ID(i + 1)
			}
			cfg := &model.Config{Algo: spec.Meta().Name, IDs: ids, Forwarding: spec.Meta().Forwarding}
			s0, err := spec.NewSystem(cfg)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range []Options{{NoPOR: true}, {}, {Counts: CountsTotal, NoPOR: true}, {Counts: CountsTotal}, {BFS: true, Counts: CountsTotal}} {
				t0 := time.Now()
				r := Explore(s0, o)
				fmt.Printf("%s n=%d nopor=%v bfs=%v counts=%v: states=%d trans=%d depth=%d final=%d counts=%+v cycle=%v viol=%d %s %v\n", spec.Meta().Name, n, o.NoPOR, o.BFS, o.Counts, r.States, r.Transitions, r.MaxDepth, r.Final, r.Counts, r.Cycle, len(r.Violations), r.Verdict(), time.Since(t0))
			}
		}
	}
}
