package explore

import (
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/modeltest"
)

// TestJoinsBeforeEnd: with JoinsBeforeEnd (set by the claim engine when
// the configuration has absent processes, as Setting.Joins says each joins) a
// state where the absent process can still join is not an end, so the
// agreement check only sees executions where it joined; without it, the
// search reports the not-yet-joined state as a violation.
func TestJoinsBeforeEnd(t *testing.T) {
	s0, err := modeltest.Joiner.NewSystem(modeltest.JoinerConfig())
	if err != nil {
		t.Fatal(err)
	}
	checks := checker.Checks{Custom: modeltest.Joined}
	if r := Explore(s0, Options{Checks: checks}); len(r.Violations) == 0 {
		t.Fatalf("without JoinsBeforeEnd: %s; want the pre-join end reported", r.Verdict())
	}
	if r := Explore(s0, Options{Checks: checks, JoinsBeforeEnd: true}); len(r.Violations) != 0 || r.Final == 0 {
		t.Fatalf("with JoinsBeforeEnd: %s (%d final states)", r.Verdict(), r.Final)
	}
}
