package explore

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/electlab/electlab/model"
)

// Bitstate is Result.Incomplete of a bitstate search that ran to its
// end: it stored each state as a few bits of a fixed array (Holzmann's
// supertrace), so a new state whose bits were all set by others was
// taken for visited and not explored. Not a proof: Result.Bitstate
// estimates what it may have missed.
const Bitstate = "bitstate search (a partial search: states whose bits were already set were not explored; not a proof)"

// BitstateLayout is where a bitstate search puts a state's bits
// (Options.BitstateLayout).
type BitstateLayout string

const (
	// BitstateSpread (also the zero value, "") sets a state's k bits at k
	// places of the whole array, h1 + j·h2 (Spin's layout): up to k cache
	// and TLB misses per state.
	BitstateSpread BitstateLayout = "spread"
	// BitstateBlocked sets a state's k bits in one 64-byte block of the
	// array (a cache line, 512 bits), the block chosen by a hash of the
	// key and the k places in it by another: one miss per state,
	// but more states taken for visited than the spread layout takes at
	// the same size, since the blocks are unevenly loaded (its own
	// estimate, BitstateStats.ExpectedOmitted, counts that).
	BitstateBlocked BitstateLayout = "blocked"
)

// ParseBitstateLayout reads "spread" or "blocked".
func ParseBitstateLayout(s string) (BitstateLayout, error) {
	switch l := BitstateLayout(s); l {
	case BitstateSpread, BitstateBlocked:
		return l, nil
	}
	return "", fmt.Errorf("unknown layout %q: want spread or blocked", s)
}

// blockBits is the bits of a block of the blocked layout (64 bytes).
const blockBits = 512

// BitstateStats describe a bitstate search (Options.Bitstate).
type BitstateStats struct {
	// Bits is the size of the bit array, Hashes the bits set per state.
	Bits   int64 `json:"bits"`
	Hashes int   `json:"hashes"`
	// Layout is where a state's bits are: spread or blocked.
	Layout BitstateLayout `json:"layout"`
	// HashFactor is Bits over the states stored (Spin's "hash factor"):
	// the larger, the fewer states are lost.
	HashFactor float64 `json:"hash_factor"`
	// ExpectedOmitted is the expected number E of new states taken for
	// visited: the sum over the new states met, i = 0..States+E-1, of the
	// chance that the i-th one's Hashes bits are all among those set
	// before, (1 − e^(−Hashes·i/Bits))^Hashes (a state taken for visited
	// sets no bit, but the bits set are those of every state met), solved
	// for E. Each omitted state also cuts off the states reached only
	// through it, which this does not count. With the blocked layout the
	// i-th state's chance is that over its block's load L (the states met
	// before it in its block, binomial: i states, 1/blocks each) of the
	// chance that its Hashes bits are all among the L·Hashes set there,
	// E_L[(1 − (1 − 1/512)^(Hashes·L))^Hashes].
	ExpectedOmitted float64 `json:"expected_omitted"`
	// Coverage is States / (States + ExpectedOmitted): an estimate of
	// the share of the states met that were explored (an upper one,
	// since the states cut off behind an omitted one are not counted).
	Coverage float64 `json:"coverage_estimate"`
}

// bitTable is the visited set of a bitstate search: k bits per state in
// an array of 2^b bits, at positions h1 + j·h2 (double hashing of the
// state's 64-bit key) or, blocked, in one 64-byte block of it.
type bitTable struct {
	words []uint64
	mask  uint64
	// blocked: the k bits are in block mix64(key)&blockMask (the array
	// is aligned to 64 bytes, so a block is a cache line).
	blocked   bool
	blockMask uint64
	k         int
	n         int64
}

// DefaultBitstateHashes is the bits set per state (Spin's -k default).
const DefaultBitstateHashes = 3

// newBitTable is a bit array of the largest power of 2 bits that fits in
// size bytes (at least 64; blocked, at least one block), k bits per state.
func newBitTable(size int64, k int, layout BitstateLayout) *bitTable {
	nbits := uint64(64)
	if layout == BitstateBlocked {
		nbits = blockBits
	}
	for nbits*2 <= uint64(size)*8 {
		nbits *= 2
	}
	b := &bitTable{mask: nbits - 1, k: k}
	if layout == BitstateBlocked {
		b.blocked, b.blockMask = true, nbits/blockBits-1
		b.words = alignedWords(nbits / 64)
	} else {
		b.words = make([]uint64, nbits/64)
	}
	return b
}

// alignedWords is n zero words starting at a multiple of 64 bytes. (Only
// the array's start depends on the address, never which bits a key sets.)
func alignedWords(n uint64) []uint64 {
	w := make([]uint64, n+7)
	skip := (64 - uintptr(unsafe.Pointer(&w[0]))%64) % 64 / 8
	return w[skip : skip+uintptr(n) : skip+uintptr(n)]
}

// bytes is the array's memory.
func (b *bitTable) bytes() int64 { return int64(len(b.words)) * 8 }

// testAndSet sets key's bits and reports whether they were all set
// before (the state is taken for visited); else it counts a new state.
func (b *bitTable) testAndSet(key uint64) (seen bool) {
	if b.blocked {
		return b.testAndSetBlocked(key)
	}
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

// testAndSetBlocked is testAndSet in the blocked layout: the block is
// the low bits of h0 = mix64(key); the k places in its 512 bits are 9-bit
// pieces of h1 = mix64(h0) (7 of them; from the j-th on, j = 7, 14, of
// mix64(h1+j)), independent and uniform, so two may coincide. The block
// is not the key's own low bits: the keys of related states are related
// (World.StateHash is incremental), and their low bits left some blocks
// crowded and others empty (TestBlockedRealKeys).
func (b *bitTable) testAndSetBlocked(key uint64) (seen bool) {
	h0 := mix64(key)
	blk := (*[blockBits / 64]uint64)(b.words[(h0&b.blockMask)*(blockBits/64):])
	h1 := mix64(h0)
	h := h1
	seen = true
	for j := range b.k {
		if j > 0 && j%7 == 0 {
			h = mix64(h1 + uint64(j))
		}
		i := h % blockBits
		h /= blockBits
		w, bit := i>>6, uint64(1)<<(i&63)
		if blk[w]&bit == 0 {
			seen = false
			blk[w] |= bit
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
	s := &BitstateStats{Bits: int64(b.mask + 1), Hashes: b.k, Layout: BitstateSpread, Coverage: 1}
	if b.blocked {
		s.Layout, s.ExpectedOmitted = BitstateBlocked, omittedAmongBlocked(b.n, int64(b.blockMask+1), b.k)
	} else {
		s.ExpectedOmitted = omittedAmong(b.n, m, b.k)
	}
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
	return omittedWith(stored, spreadChance(m, k))
}

// omittedWith is omittedAmong for the chance f(i) that the i-th new
// state met is taken for visited.
func omittedWith(stored int64, f func(x float64) float64) float64 {
	e := 0.0
	for range 200 {
		next := sumChance(stored+int64(math.Round(e)), f)
		if math.Abs(next-e) < 0.5 {
			return next
		}
		e = next
	}
	return e
}

// expectedOmitted is Σ_{i=0}^{n-1} (1 − e^(−k·i/m))^k (sumChance).
func expectedOmitted(n int64, m float64, k int) float64 {
	return sumChance(n, spreadChance(m, k))
}

// spreadChance is the chance (1 − e^(−k·i/m))^k that the i-th new state
// met by a spread array of m bits has its k bits all set.
func spreadChance(m float64, k int) func(i float64) float64 {
	return func(x float64) float64 { return math.Pow(-math.Expm1(-float64(k)*x/m), float64(k)) }
}

// sumChance is Σ_{i=0}^{n-1} f(i): exactly for n up to 2^16, else by
// Simpson's rule over 2^12 intervals (the summand is smooth and
// increasing; the error is far below the estimate's own).
func sumChance(n int64, f func(x float64) float64) float64 {
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

// omittedAmongBlocked is omittedAmong for a blocked array of the given
// blocks (blockedChance).
func omittedAmongBlocked(stored, blocks int64, k int) float64 {
	return omittedWith(stored, newBlockedChance(blocks, k).at)
}

// blockedChance is the chance that the i-th new state met by a blocked
// array has its k bits all set: over its block's load L, binomial (i
// states met before it, each in its block with chance p = 1/blocks), of
// full(L) = (1 − (1 − 1/512)^(k·L))^k, the chance that k independent
// places are among those the L states before it in the block set (each
// bit of the block is still clear with chance (1 − 1/512)^(k·L)). What
// the states met set is what all of them would set: a state taken for
// visited sets no new bit.
type blockedChance struct {
	p    float64
	k    int
	full []float64 // full(L), computed as needed
	memo []float64 // at(i) for i < len(memo); NaN: not yet
}

func newBlockedChance(blocks int64, k int) *blockedChance {
	return &blockedChance{p: 1 / float64(blocks), k: k}
}

// fullAt is full(L).
func (c *blockedChance) fullAt(l int64) float64 {
	if l >= 1<<20 {
		return c.fullOf(l)
	}
	for int64(len(c.full)) <= l {
		c.full = append(c.full, c.fullOf(int64(len(c.full))))
	}
	return c.full[l]
}

func (c *blockedChance) fullOf(l int64) float64 {
	return math.Pow(-math.Expm1(float64(int64(c.k)*l)*math.Log1p(-1.0/blockBits)), float64(c.k))
}

// at is the chance for the i-th state (x rounded to an integer i).
func (c *blockedChance) at(x float64) float64 {
	i := int64(math.Round(x))
	if i < 1<<16 {
		for int64(len(c.memo)) <= i {
			c.memo = append(c.memo, math.NaN())
		}
		if math.IsNaN(c.memo[i]) {
			c.memo[i] = c.chance(i)
		}
		return c.memo[i]
	}
	return c.chance(i)
}

// chance sums the binomial load's probabilities times full(L), from the
// most likely load outwards until the terms fall below 1e-17.
func (c *blockedChance) chance(i int64) float64 {
	if c.p == 1 {
		return c.fullAt(i)
	}
	n := float64(i)
	mean := n * c.p
	if lo := mean - 10*math.Sqrt(mean*(1-c.p)); lo > 1 && c.fullAt(int64(lo)) > 1-1e-12 {
		// Every likely load fills the block: the chance is full(mean)
		// within 1e-12.
		return c.fullAt(int64(mean))
	}
	mode := math.Floor((n + 1) * c.p)
	lg := func(x float64) float64 { v, _ := math.Lgamma(x); return v }
	pm := math.Exp(lg(n+1) - lg(mode+1) - lg(n-mode+1) + mode*math.Log(c.p) + (n-mode)*math.Log1p(-c.p))
	s := pm * c.fullAt(int64(mode))
	r := c.p / (1 - c.p)
	for l, q := mode, pm; l < n; l++ {
		if q *= (n - l) / (l + 1) * r; q < 1e-17 {
			break
		}
		s += q * c.fullAt(int64(l)+1)
	}
	for l, q := mode, pm; l > 0; l-- {
		if q *= l / (n - l + 1) / r; q < 1e-17 {
			break
		}
		s += q * c.fullAt(int64(l)-1)
	}
	return s
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
	case o.BitstateLayout != "" && o.BitstateLayout != BitstateSpread && o.BitstateLayout != BitstateBlocked:
		return fmt.Errorf("bitstate layout %q: want spread or blocked", o.BitstateLayout)
	case o.BitstateLayout == BitstateBlocked && o.Bitstate < blockBits/8:
		return fmt.Errorf("blocked bitstate array of %d bytes: want at least 64 (one block)", o.Bitstate)
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
