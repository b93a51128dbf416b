//go:build exploredev

package explore

import (
	"fmt"
	"slices"
	"testing"

	"electlab/algos"
	"electlab/model"
)

func TestShardDev(t *testing.T) {
	spec, _ := algos.Lookup("tokenring")
	cfg := &model.Config{Algo: "tokenring", IDs: []model.ID{3, 1, 2}, CrashBudget: 1}
	s0, _ := spec.NewSystem(cfg)
	whole := Explore(s0, Options{Counts: CountsTotal, KeepFingerprints: true, MaxViolations: 1000})
	fmt.Println("whole", whole.States, whole.NoReduction)
	nopor := Explore(s0, Options{Counts: CountsTotal, KeepFingerprints: true, NoPOR: true, MaxViolations: 1000})
	fmt.Println("nopor", nopor.States)
	var parts []*Result
	for i := range 2 {
		p := Explore(s0, Options{Counts: CountsTotal, Shard: i, Shards: 2, MaxViolations: 1000})
		fmt.Println("part", i, p.States, p.ShardDepth, p.NoReduction)
		parts = append(parts, p)
	}
	m, _ := Merge(parts)
	for _, k := range m.Fingerprints {
		if _, ok := slices.BinarySearch(whole.Fingerprints, k); !ok {
			fmt.Printf("extra %x\n", k)
		}
	}
}
