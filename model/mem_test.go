package model_test

import (
	"testing"

	"github.com/electlab/electlab/model"
)

// TestApproxBytes: one decimal in the largest unit reached, and a value
// that rounds to 1024.0 of a unit is said in the next one (it printed
// "1024.0MiB" for a peak estimate just under 1 GiB).
func TestApproxBytes(t *testing.T) {
	for v, want := range map[int64]string{
		0:                "0B",
		1023:             "1023B",
		1024:             "1.0KiB",
		1536:             "1.5KiB",
		1023 * 1024:      "1023.0KiB",
		1<<20 - 1:        "1.0MiB",
		1<<30 - 1<<10:    "1.0GiB",
		1<<30 - 60<<20:   "964.0MiB",
		14<<30 + 700<<20: "14.7GiB",
	} {
		if got := model.ApproxBytes(v); got != want {
			t.Errorf("ApproxBytes(%d) = %q, want %q", v, got, want)
		}
	}
}
