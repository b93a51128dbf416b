package raft

import "math/big"

// FirstTermElects is the probability that the first term elects a leader
// under sync timing when every server boots before round 1 and none
// crashes, as the model's rules give it (a derivation, not a formula of
// the paper, which says only that randomized timeouts make split votes
// rare, §5.2): each of the n servers draws its first timeout uniformly
// from R values; the k servers that drew the least value become
// candidates of term 1 in the same round and vote for themselves; every
// other server receives their k RequestVotes in one batch in the next
// round, before its own timer can fire, and grants the first of the batch
// only; so one candidate collects 1 + (n − k) votes and wins iff that is
// a majority, k ≤ n − ⌊n/2⌋. Counting the draws whose least value v is
// drawn by k such servers:
//
//	P(n, R) = Σ_{k=1}^{n−⌊n/2⌋} C(n, k) · Σ_{v=0}^{R−1} (R−1−v)^(n−k) / R^n
//
// (the other n − k servers draw one of the R − 1 − v values above v).
// For n = 3 it is 1 − 1/R²: only three equal draws split the vote.
func FirstTermElects(n, r int) *big.Rat {
	good := new(big.Int)
	for k := 1; k <= n-n/2; k++ {
		sum := new(big.Int)
		for above := 0; above < r; above++ {
			sum.Add(sum, new(big.Int).Exp(big.NewInt(int64(above)), big.NewInt(int64(n-k)), nil))
		}
		good.Add(good, sum.Mul(sum, new(big.Int).Binomial(int64(n), int64(k))))
	}
	return new(big.Rat).SetFrac(good, new(big.Int).Exp(big.NewInt(int64(r)), big.NewInt(int64(n)), nil))
}

// ExpectedTermsThree is the expected term of the first leader of three
// servers under sync timing (every server booted before round 1, no
// crash), MaxTerm m when no term elects one: after a split vote all three
// servers drew their new timeouts in the same round, so the terms are
// independent trials, each a split with probability q = 1/R² (all three
// draws equal), and the term is min(K, m) for K geometric:
//
//	E = Σ_{k=1}^{m} q^(k−1)
//
// (a derivation from the model's rules, as FirstTermElects).
func ExpectedTermsThree(r, m int) *big.Rat {
	q := big.NewRat(1, int64(r*r))
	e, pow := new(big.Rat), big.NewRat(1, 1)
	for range m {
		e.Add(e, pow)
		pow = new(big.Rat).Mul(pow, q)
	}
	return e
}
