package mdp

import (
	"fmt"
	"testing"
)

// The checks must fail on a broken solver. skipQualitative is the solver
// without its qualitative precomputation: policy iteration then starts
// from action 0 everywhere, which in ecMDP and zeroEC is a scheduler that
// circles for ever in an end component, and Emin is no longer restricted
// to the schedulers that reach the target with probability 1.
func TestBrokenSkipQualitativeCaught(t *testing.T) {
	skipQualitative = true
	defer func() { skipQualitative = false }()
	if err := checkEndComponentPmax(); err == nil {
		t.Error("the Pmax end-component check passes on a solver that skips the qualitative precomputation")
	} else {
		t.Logf("Pmax end component, broken solver: %v", err)
	}
	if err := checkZeroRewardEC(); err == nil {
		t.Error("the Emin zero-reward end-component check passes on a solver that skips the qualitative precomputation")
	} else {
		t.Logf("Emin zero-reward end component, broken solver: %v", err)
	}
	var problems []string
	bruteForce(200, func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) })
	if len(problems) == 0 {
		t.Error("the brute-force cross-check passes on a solver that skips the qualitative precomputation")
	} else {
		t.Logf("brute force, broken solver: %d problems, first: %.200s", len(problems), problems[0])
	}
}

// plainTies is the solver whose Pmax and Emin schedulers take the
// lowest-index optimal action: in zeroEC that action at state 1 is the
// free loop back to 0, a scheduler that never reaches the goal.
func TestBrokenPlainTiesCaught(t *testing.T) {
	plainTies = true
	defer func() { plainTies = false }()
	if err := checkZeroRewardEC(); err == nil {
		t.Error("the Emin zero-reward end-component check passes on a solver whose scheduler ignores end components")
	} else {
		t.Logf("broken solver: %v", err)
	}
	var problems []string
	bruteForce(200, func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) })
	if len(problems) == 0 {
		t.Error("the brute-force cross-check passes on a solver whose scheduler ignores end components")
	} else {
		t.Logf("brute force, broken solver: %d problems, first: %.200s", len(problems), problems[0])
	}
}
