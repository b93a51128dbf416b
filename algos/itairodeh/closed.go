package itairodeh

import "math/big"

// SyncRoundSuccess is q(n, k), the probability that a round of the
// synchronous election elects a leader: that among n values drawn
// independently and uniformly from k, some value is drawn exactly once.
// By inclusion–exclusion over the set J of values drawn exactly once, the
// number of draws in which no value is drawn exactly once is
//
//	F(n, k) = Σ_{j=0}^{min(n,k)} (-1)^j · C(k, j) · n!/(n-j)! · (k-j)^(n-j)
//
// (choose j values, give them to j distinct processes in order, draw the
// other n-j values among the k-j others), and q = 1 - F/k^n. It panics
// unless n ≥ 1 and k ≥ 1.
func SyncRoundSuccess(n, k int) *big.Rat {
	if n < 1 || k < 1 {
		panic("itairodeh: SyncRoundSuccess needs n ≥ 1 and k ≥ 1")
	}
	fail := new(big.Int)
	for j := 0; j <= min(n, k); j++ {
		t := new(big.Int).Binomial(int64(k), int64(j))
		for i := 0; i < j; i++ { // n!/(n-j)!
			t.Mul(t, big.NewInt(int64(n-i)))
		}
		t.Mul(t, new(big.Int).Exp(big.NewInt(int64(k-j)), big.NewInt(int64(n-j)), nil))
		if j%2 == 1 {
			t.Neg(t)
		}
		fail.Add(fail, t)
	}
	all := new(big.Int).Exp(big.NewInt(int64(k)), big.NewInt(int64(n)), nil)
	q := new(big.Rat).SetFrac(fail, all)
	return q.Sub(big.NewRat(1, 1), q)
}

// SyncExpectedRounds is the expected number of rounds of the synchronous
// election until a leader is elected: the rounds are independent trials
// that succeed with probability q = SyncRoundSuccess(n, k), so the number
// of rounds is geometric with mean 1/q.
func SyncExpectedRounds(n, k int) *big.Rat {
	return new(big.Rat).Inv(SyncRoundSuccess(n, k))
}

// SyncElectedWithin is the probability that the synchronous election has
// elected a leader within l rounds: 1 - (1-q)^l.
func SyncElectedWithin(n, k, l int) *big.Rat {
	miss := new(big.Rat).Sub(big.NewRat(1, 1), SyncRoundSuccess(n, k))
	p := big.NewRat(1, 1)
	for range l {
		p.Mul(p, miss)
	}
	return p.Sub(big.NewRat(1, 1), p)
}
