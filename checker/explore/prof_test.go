//go:build exploredev

package explore

import (
	"testing"

	"electlab/algos"
	"electlab/model"
)

func BenchmarkProf(b *testing.B) {
	spec, _ := algos.Lookup("ringpoll")
	cfg := &model.Config{Algo: "ringpoll", IDs: []model.ID{1, 2, 3, 4, 5}}
	s0, _ := spec.NewSystem(cfg)
	for b.Loop() {
		Explore(s0, Options{})
	}
}
