package hierarchical

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/electlab/electlab/model"
)

// TestPreparedLayout: the layout and variant the checks read from a
// World (model.PreparedOf: what Info.Prepare computed for its run) are
// the ones parsed and built anew from its configuration, for new Worlds
// and for Worlds Reset to another configuration (other ids, size or
// variant).
func TestPreparedLayout(t *testing.T) {
	variants := []string{"", "spn3,stable", "spn3,scan2,initial", "stable,halves", "startup"}
	var w *model.World[State]
	for k := 0; k < 40; k++ {
		n := 4 + k%9
		ids := make([]model.ID, n)
		for i := range ids {
			ids[i] = model.ID((i+k)%n + 1)
			if k%2 == 1 {
				ids[i] = model.ID(n) + 1 - ids[i]
			}
		}
		cfg := &model.Config{Algo: "hierarchical", Variant: variants[k%len(variants)], IDs: ids, Timing: model.Async, Net: model.FIFO}
		name := fmt.Sprintf("n=%d %q %v", n, cfg.Variant, ids)
		var err error
		if w == nil || k%3 == 0 {
			w, err = Algorithm.NewWorld(cfg)
		} else {
			err = w.Reset(cfg)
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		l, v, ok := layoutOfSystem(w)
		freshLayouts = true
		fl, fv, fok := layoutOfSystem(w)
		freshLayouts = false
		if !ok || !fok || !reflect.DeepEqual(v, fv) || !reflect.DeepEqual(l, fl) {
			t.Errorf("%s: prepared layout %+v %v, built anew %+v %v", name, l, v, fl, fv)
		}
	}
}

// TestLayoutCache: Worlds built one after another share the last layout
// computed (keptLayoutOf), for the same ids and variant, and each is
// the layout built anew from its own configuration; a cache that ignores
// the ids' order is caught.
func TestLayoutCache(t *testing.T) {
	check := func() error {
		for k, ids := range [][]model.ID{{1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}, {6, 5, 4, 3, 2, 1}, {6, 5, 4, 3, 2, 1}, {1, 2, 3, 4, 5, 6}, {2, 1, 3, 4, 5, 6}} {
			w, err := Algorithm.NewWorld(&model.Config{Algo: "hierarchical", Variant: "spn3", IDs: ids, Timing: model.Async, Net: model.FIFO})
			if err != nil {
				return err
			}
			l, _, ok := layoutOfSystem(w)
			fl := NewLayout(w.Topo(), w.Variant())
			if !ok || !reflect.DeepEqual(l, fl) {
				return fmt.Errorf("World %d (%v): prepared layout %+v, built anew %+v", k, ids, l, fl)
			}
		}
		return nil
	}
	if err := check(); err != nil {
		t.Fatal(err)
	}
	brokenLayoutCache = true
	defer func() { brokenLayoutCache = false }()
	if check() == nil {
		t.Error("a layout cache that ignores the ids' order was not caught")
	}
}
