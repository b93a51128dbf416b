package checker

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/electlab/electlab/claim"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/model"
)

// genRow is one setting of a registered claim at one size, with the set
// of its configurations the exhaustive driver gives (canonical forms).
type genRow struct {
	info    *model.Info
	st      *claim.Setting
	variant string
	n       int
	all     map[string]bool
}

// genRows lists the registered settings at sizes up to 5 whose
// enumeration has at most 300 configurations.
func genRows(t *testing.T) []genRow {
	t.Helper()
	var rows []genRow
	seen := map[string]bool{}
	for spec, c := range algos.Registry().Claims() {
		info := spec.Meta()
		for si := range c.Settings {
			st := &c.Settings[si]
			for _, v := range c.CheckedVariants() {
				for n := c.NMin; n <= min(c.NMax, 5); n++ {
					key := fmt.Sprintf("%s %s %q %d", info.Name, st.Name, v, n)
					if seen[key] || (st.Family != nil && st.Family(n, v).Count == 0) {
						continue
					}
					seen[key] = true
					all := map[string]bool{}
					if EnumerateConfigs(info, st, v, n, 300, func(cfg *model.Config) bool { all[canonical(cfg)] = true; return true }) {
						rows = append(rows, genRow{info, st, v, n, all})
					}
				}
			}
		}
	}
	if len(rows) < 100 {
		t.Fatalf("only %d rows", len(rows))
	}
	return rows
}

// canonical is cfg up to rotation of the ring (the highest id first) and
// up to the order of its sets.
func canonical(cfg *model.Config) string {
	c := cfg.Clone()
	if i := slices.Index(c.IDs, slices.Max(c.IDs)); i > 0 {
		c.IDs = append(c.IDs[i:], c.IDs[:i]...)
	}
	for _, s := range [][]model.ID{c.Initiators, c.Crashed, c.Absent} {
		slices.Sort(s)
	}
	return fmt.Sprintf("%+v", *c)
}

// sampledOutside returns the first of draws configurations the driver d
// makes for a row that the exhaustive driver does not give, or "".
func sampledOutside(rows []genRow, d func(i int) choices, draws int) string {
	for ri, r := range rows {
		for i := range draws {
			cfg := genConfig(d(ri*draws+i), r.info, r.st, r.variant, r.n)
			if !r.all[canonical(cfg)] {
				return fmt.Sprintf("%s %s %q n=%d: %s", r.info.Name, r.st.Name, r.variant, r.n, cfg)
			}
		}
	}
	return ""
}

// TestDriversAgree: every configuration the seeded and rapid drivers draw
// is one the exhaustive driver enumerates (up to rotation and set order):
// the three drivers share one distribution's support.
func TestDriversAgree(t *testing.T) {
	rows := genRows(t)
	rng := rand.New(rand.NewPCG(1, 2))
	if bad := sampledOutside(rows, func(int) choices { return seeded{rng} }, 40); bad != "" {
		t.Errorf("seeded driver drew a configuration outside the setting: %s", bad)
	}
	rapid.Check(t, func(rt *rapid.T) {
		r := rows[rapid.IntRange(0, len(rows)-1).Draw(rt, "row")]
		cfg := DrawConfig(rt, r.info, r.st, r.variant, r.n, r.n)
		if !r.all[canonical(cfg)] {
			rt.Fatalf("%s %s %q n=%d: rapid drew %s, outside the setting", r.info.Name, r.st.Name, r.variant, r.n, cfg)
		}
	})
}

// oneTooMany is a broken seeded driver: its subsets take one more
// position than allowed when there is one.
type oneTooMany struct{ seeded }

func (b oneTooMany) subset(what string, s set) ([]int, int) {
	p, k := b.seeded.subset(what, s)
	if k == s.hi && k < s.n {
		k++
	}
	return p, k
}

// TestDriversAgreeCatches: the membership check of TestDriversAgree
// catches a driver drawing a dead or initiator set too large.
func TestDriversAgreeCatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	if sampledOutside(genRows(t), func(int) choices { return oneTooMany{seeded{rng}} }, 40) == "" {
		t.Error("a driver drawing one position too many went unnoticed")
	}
}

// TestEveryAnswer: the exhaustive driver visits every option of every
// choice point, in each method's order, deepest first.
func TestEveryAnswer(t *testing.T) {
	var got []string
	everyAnswer(func(c choices) *model.Config {
		a := c.arrangement("a", 3)
		p, k := c.subset("s", set{n: 3, hi: 2, lex: a[1] == 1})
		got = append(got, fmt.Sprint(a, p[:k]))
		return nil
	}, func(*model.Config) bool { return true })
	want := []string{
		"[2 0 1] [] [2 0 1] [0] [2 0 1] [1] [2 0 1] [0 1] [2 0 1] [2] [2 0 1] [0 2] [2 0 1] [1 2]",
		"[2 1 0] [] [2 1 0] [0] [2 1 0] [0 1] [2 1 0] [0 2] [2 1 0] [1] [2 1 0] [1 2] [2 1 0] [2]",
	}
	if len(got) != 14 || fmt.Sprint(got[:7]) != "["+want[0]+"]" || fmt.Sprint(got[7:]) != "["+want[1]+"]" {
		t.Errorf("got %v\nwant %v", got, want)
	}
	// A choice without options prunes its branch.
	var seen []int
	everyAnswer(func(c choices) *model.Config {
		i := c.index("i", 3)
		if i == 1 {
			c.index("none", 0)
		}
		seen = append(seen, i)
		return nil
	}, func(*model.Config) bool { return true })
	if fmt.Sprint(seen) != "[0 2]" {
		t.Errorf("answers %v, want [0 2] (1 pruned)", seen)
	}
}

// TestNextMask: the skipping mask walk gives exactly the masks with lo..hi
// bits, in increasing order, and is quick on a wide space.
func TestNextMask(t *testing.T) {
	for n := 0; n <= 7; n++ {
		for lo := 0; lo <= n; lo++ {
			for hi := lo; hi <= n; hi++ {
				var want, got []int
				for m := 0; m < 1<<n; m++ {
					if k := popcount(m); k >= lo && k <= hi {
						want = append(want, m)
					}
				}
				s, c := set{n: n, lo: lo, hi: hi}, []int{-1}
				for nextMask(&c, s) {
					got = append(got, c[0])
				}
				if !slices.Equal(got, want) {
					t.Errorf("n=%d lo=%d hi=%d: %v, want %v", n, lo, hi, got, want)
				}
			}
		}
	}
	s, c, k := set{n: 60, hi: 1}, []int{-1}, 0
	for nextMask(&c, s) {
		k++
	}
	if k != 61 {
		t.Errorf("%d masks of at most one bit over 60, want 61", k)
	}
}

func popcount(m int) int {
	k := 0
	for ; m != 0; m &= m - 1 {
		k++
	}
	return k
}

// TestEnumerateConfigsKeepsOrStreams: EnumerateConfigs gives the same
// configurations in the same order whether it keeps them (a limit up to
// keepConfigs) or counts them and generates them again (a larger limit);
// over the limit it refuses before calling f, and a false from f stops it.
func TestEnumerateConfigsKeepsOrStreams(t *testing.T) {
	spec, err := algos.Registry().Lookup("bully")
	if err != nil {
		t.Fatal(err)
	}
	st := &claim.Setting{Name: "sync, any detector set", Timing: model.Sync, Net: model.FIFO, Initiators: claim.AnyInitiators, MaxDead: 2, CoordinatorDead: true}
	list := func(limit, stop int) ([]string, bool) {
		var got []string
		ok := EnumerateConfigs(spec.Meta(), st, "", 5, limit, func(cfg *model.Config) bool {
			got = append(got, fmt.Sprintf("%+v", *cfg))
			return len(got) != stop
		})
		return got, ok
	}
	kept, ok1 := list(4000, -1)
	streamed, ok2 := list(keepConfigs+1, -1)
	if !ok1 || !ok2 || len(kept) < 10 {
		t.Fatalf("kept %d (%v), streamed %d (%v)", len(kept), ok1, len(streamed), ok2)
	}
	if !slices.Equal(kept, streamed) {
		t.Fatalf("kept configurations differ from streamed ones:\n%v\n%v", kept, streamed)
	}
	if got, ok := list(len(kept)-1, -1); ok || len(got) != 0 {
		t.Errorf("limit %d of %d: ok %v after %d calls of f; want a refusal before any", len(kept)-1, len(kept), ok, len(got))
	}
	if got, ok := list(len(kept), -1); !ok || len(got) != len(kept) {
		t.Errorf("limit %d of %d: ok %v, %d calls of f", len(kept), len(kept), ok, len(got))
	}
	for _, limit := range []int{4000, keepConfigs + 1} {
		if got, ok := list(limit, 3); !ok || !slices.Equal(got, kept[:3]) {
			t.Errorf("limit %d, f false at the third: ok %v, %d calls of f", limit, ok, len(got))
		}
	}
	t.Logf("%d configurations, the same kept or streamed", len(kept))
}
