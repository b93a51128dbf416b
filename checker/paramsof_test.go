package checker_test

import (
	"slices"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// TestParamsOfVariant: ParamsOf takes the variant a World parsed when it
// was built (model.World.Variant), which is what Info.ParseVariant makes
// of its Config's Variant, for every registered algorithm built on 3..6
// processes under its default and every single reading.
func TestParamsOfVariant(t *testing.T) {
	checked := 0
	for _, spec := range algos.Registry().Specs() {
		info := spec.Meta()
		variants := []string{""}
		for _, a := range info.Ambiguities {
			variants = append(variants, a.Readings...)
		}
		for _, v := range variants {
			for n := 3; n <= 6; n++ {
				cfg := &model.Config{Algo: info.Name, Variant: v, IDs: model.IDsUpTo(n)}
				s, err := spec.NewSystem(cfg)
				if err != nil {
					continue // not a size or reading this algorithm runs on
				}
				want, err := info.ParseVariant(v)
				if err != nil {
					t.Fatalf("%s %q: %v", info.Name, v, err)
				}
				if got := checker.ParamsOf(s).Variant; !slices.Equal(got, want) {
					t.Errorf("%s variant %q n=%d: ParamsOf gives %v, ParseVariant %v", info.Name, v, n, got, want)
				}
				checked++
				break
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d algorithm variants built", checked)
	}
	t.Logf("%d algorithm variants checked", checked)
}
