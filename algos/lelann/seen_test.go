package lelann

import (
	"fmt"
	"slices"
	"strconv"
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/model"
)

// TestSeenIsASortedSet checks Seen against the sorted list without
// duplicates it stands for (model.InsertID's): a pool of sets, each
// grown from an earlier one by with (so that sets share arrays, as the
// copies of a state do), must each hold, count, maximise, print (%+v of a
// State, as traces print states) and encode (State's Encode) exactly what
// its reference list does, whatever was added to the others since.
func TestSeenIsASortedSet(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		type member struct {
			seen Seen
			want []model.ID
		}
		pool := []member{{}}
		for range rapid.IntRange(1, 120).Draw(rt, "steps") {
			from := pool[rapid.IntRange(0, len(pool)-1).Draw(rt, "from")]
			x := model.ID(rapid.IntRange(1, 40).Draw(rt, "id"))
			pool = append(pool, member{seen: from.seen.with(x), want: model.InsertID(from.want, x)})
		}
		for _, m := range pool {
			checkSeen(rt, m.seen, m.want)
		}
	})
}

// checkSeen fails unless s holds the ids of the sorted list want.
func checkSeen(t interface{ Fatalf(string, ...any) }, s Seen, want []model.ID) {
	got := State{Seen: s, Leader: 3}
	if len(s) != len(want) {
		t.Fatalf("%v (arrival order) holds %d ids, want %d (%v)", []model.ID(s), len(s), len(want), want)
	}
	if len(s) > 0 && s.max() != want[len(want)-1] {
		t.Fatalf("%v: max %d, want %d", []model.ID(s), s.max(), want[len(want)-1])
	}
	if g, w := fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", struct {
		Initiator, Sent, Returned bool
		Seen                      []model.ID
		Leader                    model.ID
		Coord                     bool
	}{Seen: want, Leader: 3}); g != w {
		t.Fatalf("prints %s, want %s", g, w)
	}
	// The encoding of a State, written out: its flags, its leader, then
	// the ids in increasing order.
	w := strconv.AppendInt(append([]byte(nil), model.Flags(false, false, false, false)), 3, 10)
	for _, id := range want {
		w = strconv.AppendInt(append(w, ','), int64(id), 10)
	}
	w = append(w, ';')
	if g := Algorithm.Encode(got, nil); !slices.Equal(g, w) || !slices.Equal(slices.Sorted(slices.Values(s)), want) {
		t.Fatalf("%v (arrival order) encodes %q, want %q (%v)", []model.ID(s), g, w, want)
	}
}

// TestSeenLarge checks a set beyond the size that appendAscending
// orders without a copy.
func TestSeenLarge(t *testing.T) {
	var s Seen
	var want []model.ID
	for _, x := range []int{40, 3, 77, 3, 12, 90, 1, 55, 56, 2, 41, 39, 100, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 77} {
		s, want = s.with(model.ID(x)), model.InsertID(want, model.ID(x))
	}
	if len(s) <= 32 {
		t.Fatalf("only %d ids: the test needs more than 32", len(s))
	}
	checkSeen(t, s, want)
}
