package model_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/electlab/electlab/model"
)

// variantAlg is a test algorithm with two ambiguities, whose processes do
// nothing.
func variantAlg() *model.Algorithm[int] {
	return &model.Algorithm[int]{
		Info: model.Info{Name: "variants", Topology: model.UniRing, Kinds: pingKinds, Ambiguities: []model.Ambiguity{
			{ID: "AMB-1", Readings: []string{"swallow", "resend"}},
			{ID: "AMB-2", Readings: []string{"n", "n-1"}, Default: 1},
		}},
		Init: func(*model.Env) int { return 0 },
		Step: func(_ *model.Env, s int, _ model.Input, _ *model.Outbox) int { return s },
		View: func(int) model.View { return model.View{} },
	}
}

// checkVariants builds a World of alg for each variant text in turn and
// returns an error naming the first whose parsed variant is not
// ParseVariant's.
func checkVariants(alg *model.Algorithm[int], texts []string) error {
	for _, text := range texts {
		want, err := alg.Info.ParseVariant(text)
		if err != nil {
			return err
		}
		w, err := alg.NewWorld(&model.Config{IDs: []model.ID{1, 2, 3}, Variant: text})
		if err != nil {
			return err
		}
		if !slices.Equal(w.Variant(), want) {
			return fmt.Errorf("variant %q: the World runs %v, ParseVariant gives %v", text, w.Variant(), want)
		}
	}
	return nil
}

// Worlds built one after another share the last parse of their
// algorithm's variant (resolveInto keeps it): each World still runs the
// variant its configuration names, from two goroutines at once too; a
// cache that ignores the text is caught. An unknown reading is still
// refused after a good one.
func TestVariantCache(t *testing.T) {
	texts := []string{"", "resend", "resend", "n", "resend,n", "default", "n-1", "swallow,n", "swallow,n"}
	alg := variantAlg()
	if err := checkVariants(alg, texts); err != nil {
		t.Fatal(err)
	}
	if _, err := alg.NewWorld(&model.Config{IDs: []model.ID{1, 2, 3}, Variant: "forward"}); err == nil {
		t.Error("an unknown reading after a known one was accepted")
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for g := range 2 {
		wg.Go(func() {
			order := slices.Clone(texts)
			if g == 1 {
				slices.Reverse(order)
			}
			for range 50 {
				if err := checkVariants(alg, order); err != nil {
					errs[g] = err
					return
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	model.BreakVariantCache(true)
	defer model.BreakVariantCache(false)
	if err := checkVariants(variantAlg(), texts); err == nil {
		t.Error("a variant cache that ignores the text was not caught")
	}
}
