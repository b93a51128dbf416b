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
