package main

import (
	"fmt"
	"strings"
	"sync"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/model"
)

// The table of docs/SCALE.md that says what each split of one search
// buys (`scale-split`): on Chang–Roberts, ids 1..8, without reduction, the
// states the largest part stores (a share of all the distinct states) and
// the states all parts store together, for -shard (the depth-first search
// split below a depth, each part with its own visited set) and -dist (each
// state stored by its one owner), k = 2, 4 and 8. Run, not typed.
func init() {
	docGenerators["scale-split"] = scaleSplitMD
}

func scaleSplitMD() string {
	const n = 8
	ids := make([]model.ID, n)
	for i := range ids {
		ids[i] = model.ID(i + 1)
	}
	s0, err := changroberts.Algorithm.NewSystem(&model.Config{Algo: "changroberts", IDs: ids, Forwarding: changroberts.Algorithm.Forwarding})
	if err != nil {
		return "error: " + err.Error()
	}
	props := checker.Checks{Props: model.Safety | model.Agreement | model.Validity}
	whole := explore.Explore(s0, explore.Options{NoPOR: true, Checks: props}).States
	var b strings.Builder
	fmt.Fprintf(&b, "Chang–Roberts, ids 1..%d, no reduction: %d distinct states.\n\n", n, whole)
	b.WriteString("| split | k | the largest part stores | share of all states | all parts store together |\n|---|---|---|---|---|\n")
	row := func(name string, k int, parts []int64) {
		var most, sum int64
		for _, p := range parts {
			most = max(most, p)
			sum += p
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %.0f %% | %.2f× the states |\n", name, k, most, 100*float64(most)/float64(whole), float64(sum)/float64(whole))
	}
	for _, k := range []int{2, 4, 8} {
		var parts []int64
		for i := range k {
			r := explore.Explore(s0, explore.Options{NoPOR: true, Checks: props, Shard: i, Shards: k})
			parts = append(parts, r.States)
		}
		row("`-shard i/k`", k, parts)
	}
	for _, k := range []int{2, 4, 8} {
		ts := explore.LocalTransports(k)
		res := make([]*explore.Result, k)
		var wg sync.WaitGroup
		for r := range k {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res[r], _ = explore.ExploreDist(s0.Clone(), explore.Options{BFS: true, Checks: props}, ts[r])
			}()
		}
		wg.Wait()
		if res[0] == nil {
			return "error: the distributed search failed"
		}
		var parts []int64
		for _, rk := range res[0].Ranks {
			parts = append(parts, rk.States)
		}
		row("`-bfs -dist local:k`", k, parts)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
