package traces

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/model"
)

// ev returns a distinct synthetic event numbered i.
func ev(i int) model.Event { return model.Event{Kind: model.EvCrash, P: model.ID(i + 1)} }

func evs(is ...int) []model.Event {
	out := make([]model.Event, len(is))
	for k, i := range is {
		out[k] = ev(i)
	}
	return out
}

// containsInOrder reports that sub occurs in s as a subsequence.
func containsInOrder(s, sub []model.Event) bool {
	j := 0
	for _, e := range s {
		if j < len(sub) && e == sub[j] {
			j++
		}
	}
	return j == len(sub)
}

// checkOneMinimal fails t unless got is a subsequence of in, fails(got),
// and no single removal keeps fails true.
func checkOneMinimal(t interface {
	Fatalf(format string, args ...any)
}, in, got []model.Event, fails func([]model.Event) bool) {
	if !containsInOrder(in, got) {
		t.Fatalf("result %v is not a subsequence of the input", got)
	}
	if !fails(slices.Clone(got)) {
		t.Fatalf("result %v does not fail", got)
	}
	for i := range got {
		c := slices.Delete(slices.Clone(got), i, i+1)
		if fails(c) {
			t.Fatalf("result %v is not 1-minimal: removing event %d (%s) still fails", got, i, got[i])
		}
	}
}

func TestMinimizeSynthetic(t *testing.T) {
	in := evs(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19)
	// Fails when 3, 11 and 17 are all present, with 3 before 17.
	fails := func(e []model.Event) bool {
		i3, i11, i17 := slices.Index(e, ev(3)), slices.Index(e, ev(11)), slices.Index(e, ev(17))
		return i3 >= 0 && i11 >= 0 && i17 > i3
	}
	got := Minimize(in, fails)
	if want := evs(3, 11, 17); !slices.Equal(got, want) {
		t.Fatalf("Minimize = %v, want %v", got, want)
	}
	checkOneMinimal(t, in, got, fails)
	if !slices.Equal(in, evs(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19)) {
		t.Fatal("Minimize modified its input")
	}
	// Deterministic: the same answer twice.
	if again := Minimize(in, fails); !slices.Equal(got, again) {
		t.Fatalf("Minimize is not deterministic: %v then %v", got, again)
	}
}

func TestMinimizeEdgeCases(t *testing.T) {
	never := func([]model.Event) bool { return false }
	always := func([]model.Event) bool { return true }
	in := evs(0, 1, 2)
	if got := Minimize(in, never); !slices.Equal(got, in) {
		t.Fatalf("non-failing input: Minimize = %v, want the input", got)
	}
	if got := Minimize(in, always); len(got) != 0 {
		t.Fatalf("always failing: Minimize = %v, want empty", got)
	}
	if got := Minimize(nil, always); len(got) != 0 {
		t.Fatalf("empty input: Minimize = %v", got)
	}
	// A non-monotone predicate: fails on exactly {1,2} or on the full input.
	odd := func(e []model.Event) bool {
		return slices.Equal(e, evs(1, 2)) || slices.Equal(e, in)
	}
	checkOneMinimal(t, in, Minimize(in, odd), odd)
}

// TestMinimizeProperty checks 1-minimality on random monotone and
// non-monotone predicates.
func TestMinimizeProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 30).Draw(t, "n")
		in := make([]model.Event, n)
		for i := range in {
			in[i] = ev(i)
		}
		need := rapid.SliceOfDistinct(rapid.IntRange(0, max(n-1, 0)), func(i int) int { return i }).Draw(t, "need")
		parity := rapid.Bool().Draw(t, "parity")
		fails := func(e []model.Event) bool {
			for _, i := range need {
				if i < n && !slices.Contains(e, ev(i)) {
					return false
				}
			}
			// Optionally non-monotone: also require an even length.
			return !parity || len(e)%2 == 0
		}
		if !fails(in) {
			return
		}
		checkOneMinimal(t, in, Minimize(in, fails), fails)
	})
}

// TestMinimizeSchedule shrinks a real schedule with a fails function built
// on Lenient: "process 5 ends up the coordinator" needs only part of the
// FIFO run's events.
func TestMinimizeSchedule(t *testing.T) {
	s0, events := fifoRun(t, ringConfig(3, 1, 2, 5, 4))
	fails := func(e []model.Event) bool {
		s, _ := Lenient(s0, e)
		i := s.Topo().IndexOf(5)
		return s.View(i).Coordinator
	}
	got := Minimize(events, fails)
	checkOneMinimal(t, events, got, fails)
	_, applied := Lenient(s0, got)
	if !slices.Equal(applied, got) {
		t.Fatalf("a 1-minimal schedule should have every event enabled: %v applied of %v", applied, got)
	}
	// Events name messages by link sequence number, so the result keeps
	// the messages that made those numbers; it is still much shorter.
	if len(got) >= len(events)*2/3 {
		t.Fatalf("Minimize kept %d of %d events: %v", len(got), len(events), got)
	}
	if _, err := Record(s0, got, &Violation{Property: "demo", Step: len(got), Message: "5 is coordinator"}, ""); err != nil {
		t.Fatalf("the minimal schedule does not record: %v", err)
	}
}
