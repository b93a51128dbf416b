package explore

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/model"
)

// crDesc is Chang–Roberts (reading "swallow") on ids n..1 in ring order,
// every process an initiator, FIFO links: the worst case, every id
// travels until it meets a higher one.
func crDesc(t testing.TB, n int) model.System {
	ids := make([]model.ID, n)
	for i := range ids {
		ids[i] = model.ID(n - i)
	}
	s0, err := changroberts.Algorithm.NewSystem(&model.Config{Algo: "changroberts", IDs: ids, Forwarding: changroberts.Algorithm.Forwarding})
	if err != nil {
		t.Fatal(err)
	}
	return s0
}

// crReachable counts the reachable states of Chang–Roberts on ids (ring
// order), every process an initiator, FIFO links, by a search written
// independently of the model package: the rules of
// testdata/spin/changroberts.pml (an initiation, or the delivery of the
// head of a process's input link with its handling, per event), a state
// being each process's pending/sent/elected/leader and each link's queue.
// Nothing else (no clocks, histories, sequence numbers or counters).
func crReachable(ids []int) int {
	n := len(ids)
	type msg struct {
		coord bool
		x     int
	}
	type st struct {
		pending, sent, elected []bool
		leader                 []int
		q                      [][]msg // q[i]: the link into process i
	}
	key := func(s *st) string { return fmt.Sprint(s.pending, s.sent, s.elected, s.leader, s.q) }
	clone := func(s *st) *st {
		c := &st{append([]bool(nil), s.pending...), append([]bool(nil), s.sent...), append([]bool(nil), s.elected...),
			append([]int(nil), s.leader...), make([][]msg, n)}
		for i := range s.q {
			c.q[i] = append([]msg(nil), s.q[i]...)
		}
		return c
	}
	s0 := &st{make([]bool, n), make([]bool, n), make([]bool, n), make([]int, n), make([][]msg, n)}
	for i := range s0.pending {
		s0.pending[i] = true
	}
	seen := map[string]bool{key(s0): true}
	stack := []*st{s0}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i := range n {
			send := func(c *st, m msg) { j := (i + 1) % n; c.q[j] = append(c.q[j], m) }
			var succ []*st
			if s.pending[i] {
				c := clone(s)
				c.pending[i] = false
				if !c.sent[i] {
					c.sent[i] = true
					send(c, msg{false, ids[i]})
				}
				succ = append(succ, c)
			}
			if len(s.q[i]) > 0 {
				c := clone(s)
				m := c.q[i][0]
				c.q[i] = c.q[i][1:]
				self := ids[i]
				switch {
				case !m.coord && m.x == self:
					c.elected[i], c.leader[i] = true, self
					send(c, msg{true, self})
				case !m.coord && self > m.x:
					if !c.sent[i] {
						c.sent[i] = true
						send(c, msg{false, self})
					}
				case !m.coord:
					send(c, msg{false, m.x})
				case m.x != self:
					c.leader[i], c.elected[i] = m.x, false
					send(c, msg{true, m.x})
				}
				succ = append(succ, c)
			}
			for _, c := range succ {
				if k := key(c); !seen[k] {
					seen[k] = true
					stack = append(stack, c)
				}
			}
		}
	}
	return len(seen)
}

// historySystem is a broken World for TestCanonicalStates: its encoding
// also holds the process the last event happened at (a history: two
// interleavings reaching one World differ in it). The number of events
// and of deliveries would not do on this model: every path to a World
// has the same length.
type historySystem struct{ model.System }

func (h historySystem) Clone() model.System { return historySystem{h.System.Clone()} }
func (h historySystem) Encode(b []byte) []byte {
	b = h.System.Encode(b)
	if ef := h.Effects(); len(ef) > 0 {
		b = append(b, byte(ef[0].P))
	}
	return b
}

// TestCanonicalStates: the unreduced explorer stores exactly the states of
// an independent count of Chang–Roberts (ids n..1 in ring order, all
// initiating, FIFO links; crReachable), whatever the counters kept: the
// hashed state holds nothing that does not determine the future (no hop
// clocks, event numbers, link sequence numbers or observations), and on
// this model the counters are a function of the World (counts=none,
// total and per-process store the same number). A World whose encoding
// adds history (historySystem) stores more and fails the comparison.
// Spin stores these numbers plus 4 (TestCanonicalStatesSpin).
func TestCanonicalStates(t *testing.T) {
	top := 5
	if !testing.Short() {
		top = 6
	}
	for n := 3; n <= top; n++ {
		ids := make([]int, n)
		for i := range ids {
			ids[i] = n - i
		}
		want := int64(crReachable(ids))
		for _, c := range []CountMode{CountsNone, CountsTotal, CountsPerProcess} {
			r := Explore(crDesc(t, n), Options{NoPOR: true, Counts: c})
			if r.States != want || !r.Complete() {
				t.Errorf("n=%d counts=%s: %d states (%s), the independent count is %d", n, c, r.States, r.Verdict(), want)
			}
		}
		if n == 4 {
			r := Explore(historySystem{crDesc(t, n)}, Options{NoPOR: true})
			if r.States == want {
				t.Errorf("n=4: a World that hashes its history stores %d states, as many as the canonical one", r.States)
			}
		}
	}
}

// TestCanonicalStatesSpin compares with Spin 6.5 on
// testdata/spin/changroberts.pml -DDESC -DNOREDUCE (no reduction) when
// spin and gcc are installed: Spin stores electlab's states plus 4 (its
// init process before the run, and its monitor's states at the quiescent
// state).
func TestCanonicalStatesSpin(t *testing.T) {
	run := spinRun(t, "changroberts.pml")
	for n := 3; n <= 6; n++ {
		run("spin", "-a", "-DN="+strconv.Itoa(n), "-DDESC", "changroberts.pml")
		run("gcc", "-O2", "-DSAFETY", "-DNOREDUCE", "-o", "pan", "pan.c")
		out := run("./pan", "-m100000")
		m := regexp.MustCompile(`(\d+) states, stored`).FindSubmatch(out)
		if m == nil {
			t.Fatalf("pan printed no state count:\n%s", out)
		}
		spin, _ := strconv.ParseInt(string(m[1]), 10, 64)
		r := Explore(crDesc(t, n), Options{NoPOR: true, Counts: CountsPerProcess})
		if r.States+4 != spin {
			t.Errorf("n=%d: electlab %d states, Spin %d (want electlab + 4)", n, r.States, spin)
		}
	}
}

// spinRun prepares a Spin comparison: it skips t in -short mode or when
// spin or gcc is not installed, copies testdata/spin/pml into a temporary
// directory, and returns a function that runs a command there and returns
// its combined output, failing t when the command fails.
func spinRun(t *testing.T, pml string) func(name string, args ...string) []byte {
	t.Helper()
	if testing.Short() {
		t.Skip("runs spin and gcc")
	}
	for _, tool := range []string{"spin", "gcc"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " is not installed")
		}
	}
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "testdata", "spin", pml))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, pml), src, 0o644); err != nil {
		t.Fatal(err)
	}
	return func(name string, args ...string) []byte {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
		return out
	}
}
