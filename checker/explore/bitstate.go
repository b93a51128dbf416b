package explore

import (
	"fmt"
	"math"

	"github.com/electlab/electlab/model"
)

// Bitstate is Result.Incomplete of a bitstate search that ran to its
// end: it stored each state as a few bits of a fixed array (Holzmann's
// supertrace), so a new state whose bits were all set by others was
// taken for visited and not explored. Not a proof: Result.Bitstate
// estimates what it may have missed.
const Bitstate = "bitstate search (a partial search: states whose bits were already set were not explored; not a proof)"

// BitstateStats describe a bitstate search (Options.Bitstate).
type BitstateStats struct {
	// Bits is the size of the bit array, Hashes the bits set per state.
	Bits   int64 `json:"bits"`
	Hashes int   `json:"hashes"`
	// HashFactor is Bits over the states stored (Spin's "hash factor"):
	// the larger, the fewer states are lost.
	HashFactor float64 `json:"hash_factor"`
	// ExpectedOmitted is the expected number E of new states taken for
	// visited: the sum over the new states met, i = 0..States+E-1, of the
	// chance that the i-th one's Hashes bits are all among those set
	// before, (1 − e^(−Hashes·i/Bits))^Hashes (a state taken for visited
	// sets no bit, but the bits set are those of every state met), solved
	// for E. Each omitted state also cuts off the states reached only
	// through it, which this does not count.
	ExpectedOmitted float64 `json:"expected_omitted"`
	// Coverage is States / (States + ExpectedOmitted): an estimate of
	// the share of the states met that were explored (an upper one,
	// since the states cut off behind an omitted one are not counted).
	Coverage float64 `json:"coverage_estimate"`
}

// bitTable is the visited set of a bitstate search: k bits per state in
// an array of 2^b bits, at positions h1 + j·h2 (double hashing of the
// state's 64-bit key).
type bitTable struct {
	words []uint64
	mask  uint64
	k     int
	n     int64
}

// DefaultBitstateHashes is the bits set per state (Spin's -k default).
const DefaultBitstateHashes = 3

// newBitTable is a bit array of the largest power of 2 bits that fits in
// size bytes (at least 64), k bits per state.
func newBitTable(size int64, k int) *bitTable {
	nbits := uint64(64)
	for nbits*2 <= uint64(size)*8 {
		nbits *= 2
	}
	return &bitTable{words: make([]uint64, nbits/64), mask: nbits - 1, k: k}
}

// bytes is the array's memory.
func (b *bitTable) bytes() int64 { return int64(len(b.words)) * 8 }

// testAndSet sets key's bits and reports whether they were all set
// before (the state is taken for visited); else it counts a new state.
func (b *bitTable) testAndSet(key uint64) (seen bool) {
	h1 := key
	h2 := mix64(key) | 1
	seen = true
	for j := range b.k {
		i := (h1 + uint64(j)*h2) & b.mask
		w, bit := i>>6, uint64(1)<<(i&63)
		if b.words[w]&bit == 0 {
			seen = false
			b.words[w] |= bit
		}
	}
	if !seen {
		b.n++
	}
	return seen
}

// mix64 is splitmix64's finalizer: a second hash of a key.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// stats are the search's BitstateStats.
func (b *bitTable) stats() *BitstateStats {
	m := float64(b.mask + 1)
	s := &BitstateStats{Bits: int64(b.mask + 1), Hashes: b.k, ExpectedOmitted: omittedAmong(b.n, m, b.k), Coverage: 1}
	if b.n > 0 {
		s.HashFactor = m / float64(b.n)
		s.Coverage = float64(b.n) / (float64(b.n) + s.ExpectedOmitted)
	}
	return s
}

// omittedAmong is the E with E = expectedOmitted(stored+E): the states
// met are the stored ones and the omitted ones. The map is a contraction
// (its slope is a chance below 1), so iterating from 0 converges.
func omittedAmong(stored int64, m float64, k int) float64 {
	e := 0.0
	for range 200 {
		next := expectedOmitted(stored+int64(math.Round(e)), m, k)
		if math.Abs(next-e) < 0.5 {
			return next
		}
		e = next
	}
	return e
}

// expectedOmitted is Σ_{i=0}^{n-1} (1 − e^(−k·i/m))^k: exactly for n up to
// 2^16, else by Simpson's rule over 2^12 intervals (the summand is smooth
// and increasing; the error is far below the estimate's own).
func expectedOmitted(n int64, m float64, k int) float64 {
	f := func(x float64) float64 { return math.Pow(-math.Expm1(-float64(k)*x/m), float64(k)) }
	if n <= 1<<16 {
		s := 0.0
		for i := range n {
			s += f(float64(i))
		}
		return s
	}
	const steps = 1 << 12
	h := float64(n) / steps
	s := f(0) + f(float64(n))
	for j := 1; j < steps; j++ {
		w := 2.0
		if j%2 == 1 {
			w = 4
		}
		s += w * f(float64(j)*h)
	}
	// The integral over [0, n] stands for the sum over i = 0..n-1 of an
	// increasing summand: subtract half the last step, (f(n)−f(0))/2.
	return s*h/3 - (f(float64(n))-f(0))/2
}

// BitstateErr says why opt cannot run a bitstate search (nil when it
// can, or when Bitstate is not asked for).
func (o *Options) BitstateErr() error {
	switch {
	case o.Bitstate == 0:
		return nil
	case o.Bitstate < 8:
		return fmt.Errorf("bitstate array of %d bytes: want at least 8", o.Bitstate)
	case o.BitstateHashes < 0 || o.BitstateHashes > 16:
		return fmt.Errorf("bitstate hashes %d: want 1..16", o.BitstateHashes)
	case o.BFS:
		return fmt.Errorf("bitstate with the breadth-first search: it stores each state's parent; use the depth-first search")
	case !o.NoPOR:
		return fmt.Errorf("bitstate with the sleep-set reduction: a state's sleep set is stored with it, and bits have no room for it; add -no-por")
	case o.Shards > 1:
		return fmt.Errorf("bitstate with a shard: merging parts needs their state keys")
	case o.KeepFingerprints:
		return fmt.Errorf("bitstate keeps no state keys (fingerprints)")
	case o.checks().Props&model.Termination != 0:
		return fmt.Errorf("bitstate with termination: the livelock search stores every state; leave termination out of the properties")
	}
	return nil
}
