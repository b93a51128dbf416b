// Package mdp analyses explicit finite Markov decision processes exactly:
// the minimum and maximum, over all schedulers, of the probability of
// reaching a set of target states (eventually, or within L steps) and of
// the expected total reward collected before reaching it. A Markov chain
// is an MDP with at most one action per state (see Chain).
//
// # Model
//
// The states are 0..N-1 with an initial state. At each state a scheduler
// chooses one of the enabled actions; the action's reward (a non-negative
// rational, such as the number of messages it sends) is collected and the
// next state is drawn from the action's distribution (positive rational
// probabilities summing to exactly 1). Validate names the state and
// action of any malformed part. Targets are given as a []bool with one
// entry per state.
//
// # Semantics
//
// A target state counts as reached at step 0: its value is probability 1
// and expected reward 0, whatever its actions, and its scheduler entry is
// -1. Rewards are counted on the actions taken before the target is
// reached.
//
// A state without actions is a deadlock: the run stays there for ever,
// collecting nothing. A deadlock that is not a target therefore reaches
// the target with probability 0 and has infinite expected reward (for
// both Min and Max); a target deadlock has probability 1 and reward 0.
// Its scheduler entry is -1.
//
// The expected reward of a scheduler that misses the target with positive
// probability is +infinity (as in PRISM and Storm). So Emax is infinite
// unless every scheduler reaches the target with probability 1, and Emin
// is infinite unless some scheduler does; infinity is Result.Inf, never a
// large number.
//
// For the unbounded queries (Reach, Expect) the schedulers range over all
// history-dependent randomized schedulers, and memoryless deterministic
// ones suffice to attain both extremes: for reachability probabilities,
// Baier & Katoen, Principles of Model Checking (2008), section 10.6.1
// (after the 0/1 states are fixed, the values are the unique solution of
// a linear program, attained by a memoryless deterministic scheduler);
// for expected total rewards until the target with
// non-negative rewards, Bertsekas & Tsitsiklis, "An analysis of
// stochastic shortest path problems" (1991), and de Alfaro, "Computing
// minimum and maximum reachability times in probabilistic systems"
// (CONCUR 1999). The scheduler returned (Result.Sched) is one such: an
// action index per state. For step-bounded queries (ReachWithin)
// memoryless schedulers do not suffice; the optimal one depends on the
// steps remaining and is returned as Bounded.Sched[k], the action with k
// steps left.
//
// # Method
//
// The states where the probability is 0 or 1 are found first on the graph
// alone (Zero, AlmostSure: Prob0A, Prob0E, Prob1A, Prob1E of Baier &
// Katoen section 10.6.1), before any number; a caller can decide
// "probability 1 under every scheduler" with AlmostSure(m, t, Min) alone.
// The other values come from policy iteration whose policies are
// evaluated by exact sparse Gaussian elimination (state elimination) over
// math/big rationals; Reach and Expect document why every linear system
// solved has a unique solution, in the presence of end components too.
// Step-bounded values come from backward induction. All answers are exact
// rationals; there is no floating-point fallback: a model over Limits is
// refused with an error naming the limit, before any work.
//
// # Determinism
//
// Results never depend on map iteration order. Among equally optimal
// actions the lowest index is taken; for Pmax and Emin it is the lowest
// index among the optimal actions that move breadth-first closer to the
// target, because the lowest-index optimal action may circle for ever in
// an end component of states sharing the optimal value, a scheduler that
// does not attain it. MostLikelyPath extracts, for display, the most
// probable path to a target in the chain a scheduler induces.
package mdp
