package explore

import (
	"bytes"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// TestQueueReuse: the depth-first search whose copies reuse the queue
// arrays of the Worlds it recycles (model.World.CloneIntoReusing) gives
// the same search, byte for byte, as copies that allocate their own, on
// every configuration of the golden file. (model's TestCloneIntoReusing
// shows the comparison of Worlds catching a pool that takes shared
// arrays.)
func TestQueueReuse(t *testing.T) {
	n := 0
	datadriven.RunTest(t, goldenFile, func(t *testing.T, d *datadriven.TestData) string {
		s0, opt := goldenCase(t, d)
		reuse := Explore(s0, opt)
		opt.noReuse = true
		own := Explore(s0, opt)
		if got, want := resultBytes(t, reuse), resultBytes(t, own); !bytes.Equal(got, want) {
			t.Errorf("%s: reusing queue arrays gives\n%s\nallocating them\n%s", d.Pos, got, want)
		}
		n++
		return d.Expected
	})
	if n < 40 {
		t.Errorf("only %d searches compared", n)
	}
}
