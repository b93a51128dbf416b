package cli

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// TestParseRange: fit's -n LO..HI, spaces allowed; each way a range can be
// wrong is a usage error saying which.
func TestParseRange(t *testing.T) {
	if lo, hi, err := parseRange(" 2 .. 8 "); lo != 2 || hi != 8 || err != nil {
		t.Errorf("2..8: %d..%d %v", lo, hi, err)
	}
	if lo, hi, err := parseRange("5..5"); lo != 5 || hi != 5 || err != nil {
		t.Errorf("5..5: %d..%d %v", lo, hi, err)
	}
	for in, want := range map[string]string{
		"8":       "want a range LO..HI, such as 2..8",
		"2..x":    "want a range LO..HI of whole numbers",
		"..4":     "want a range LO..HI of whole numbers",
		"1..4":    "need at least 2 processes",
		"6..3":    "the range is empty",
		"2..2001": "at most 2000 processes",
	} {
		_, _, err := parseRange(in)
		var u *usageError
		if !errors.As(err, &u) || !strings.Contains(err.Error(), `-n "`+in+`": `+want) {
			t.Errorf("-n %s: %v, want a usage error saying %q", in, err, want)
		}
	}
}

// TestStepsFlag: -max-steps auto (the default) is the derived cap, 0 no
// cap at all, N a cap of N events; anything else is refused.
func TestStepsFlag(t *testing.T) {
	cfg := &model.Config{Algo: "changroberts", IDs: model.IDsUpTo(5)}
	f := newStepsFlag()
	if f.String() != "auto" || f.options() != 0 || f.resolve(cfg) != checker.ConfigStepCap(cfg) || f.resolve(cfg) <= 0 {
		t.Errorf("the default: %s, options %d, resolves to %d", f, f.options(), f.resolve(cfg))
	}
	for _, tc := range []struct {
		in               string
		options, resolve int
	}{{"0", checker.NoCap, 0}, {"12", 12, 12}, {"auto", 0, checker.ConfigStepCap(cfg)}} {
		if err := f.Set(tc.in); err != nil || f.String() != tc.in || f.options() != tc.options || f.resolve(cfg) != tc.resolve {
			t.Errorf("-max-steps %s: err %v, %s, options %d, resolves to %d", tc.in, err, f, f.options(), f.resolve(cfg))
		}
	}
	for _, bad := range []string{"-1", "x", "1e3", ""} {
		if err := f.Set(bad); err == nil {
			t.Errorf("-max-steps %q accepted", bad)
		}
	}
}

// TestOrderedIDs: -order asc and desc, and random: a permutation of 1..n
// that depends on -seed only.
func TestOrderedIDs(t *testing.T) {
	if got := orderedIDs(4, "asc", 1); !slices.Equal(got, []model.ID{1, 2, 3, 4}) {
		t.Errorf("asc: %v", got)
	}
	if got := orderedIDs(4, "desc", 1); !slices.Equal(got, []model.ID{4, 3, 2, 1}) {
		t.Errorf("desc: %v", got)
	}
	r1, again, r2 := orderedIDs(50, "random", 1), orderedIDs(50, "random", 1), orderedIDs(50, "random", 2)
	if !slices.Equal(slices.Sorted(slices.Values(r1)), model.IDsUpTo(50)) || slices.IsSorted(r1) {
		t.Errorf("random is not a shuffled permutation of 1..50: %v", r1)
	}
	if !slices.Equal(r1, again) || slices.Equal(r1, r2) {
		t.Errorf("random: the same seed gave %v and %v, seed 2 %v", r1, again, r2)
	}
}
