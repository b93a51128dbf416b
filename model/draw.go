package model

// Drawing coins: the one home of the weighted draw that the seeded random
// schedules (checker.Random) and the fast simulator (Sim) use, and of the
// seeded source they draw from.

import "math/rand/v2"

// SeededRand returns the PCG source that seed names for electlab's seeded
// draws: checker.NewRandom's schedule choices and the Sim's coins (same
// seed, same stream).
func SeededRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// DrawCoin draws an outcome of a coin of weights (Outbox.Coin) from rng:
// outcome v with probability weights[v]/CoinSum(weights). It takes one
// value from rng, Uint64N(CoinSum(weights)), and maps it with
// CoinOutcome. weights must be a valid coin's (2..MaxCoin weights, each at
// least 1).
func DrawCoin(weights []uint32, rng *rand.Rand) uint32 {
	if brokenCoinDraw {
		return uint32(rng.Uint64N(uint64(len(weights))))
	}
	return CoinOutcome(weights, rng.Uint64N(CoinSum(weights)))
}

// brokenCoinDraw is a test hook (export_test.go): set, DrawCoin ignores the
// weights and draws every outcome alike (a broken draw the coin tests
// must catch).
var brokenCoinDraw bool

// CoinOutcome maps u, drawn in 0..CoinSum(weights)-1, to the outcome whose
// share of that range it falls in: outcome v has weights[v] of the values,
// the lowest values going to outcome 0 (so a draw that shrinks towards 0
// shrinks towards outcome 0).
func CoinOutcome(weights []uint32, u uint64) uint32 {
	for v, x := range weights {
		if u < uint64(x) {
			return uint32(v)
		}
		u -= uint64(x)
	}
	return uint32(len(weights) - 1)
}

// CoinSum is the sum of a coin's weights.
func CoinSum(weights []uint32) uint64 {
	var sum uint64
	for _, x := range weights {
		sum += uint64(x)
	}
	return sum
}
