package vnetjoin

import (
	"testing"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/internal/modeltest"

	"github.com/electlab/electlab/model"
)

// run joins process 3 into the members 1, 2, 4, 5, 6 (sync) under variant
// and returns the finished system.
func run(t *testing.T, variant string) model.System {
	t.Helper()
	cfg := &model.Config{Algo: "vnetjoin", Variant: variant, IDs: modeltest.IDs(1, 2, 4, 5, 6), Absent: modeltest.IDs(3),
		Initiators: modeltest.IDs(6), Timing: model.Sync}
	s, err := Algorithm.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(model.Event{Kind: model.EvJoin, P: 3}); err != nil {
		t.Fatal(err)
	}
	modeltest.Drive(t, s)
	return s
}

// TestJoinCounts: the complete reading announces to every member (NS =
// n − 1 messages), the bidirectional ring tells the two neighbours (2),
// and the acknowledged ring adds one answer from each (4); the join is
// complete in every reading.
// Reference: [S3] §VII.
func TestJoinCounts(t *testing.T) {
	for _, c := range []struct {
		variant string
		want    int64
	}{{"complete", 5}, {"bidir-ring", 2}, {"bidir-ring-ack", 4}} {
		s := run(t, c.variant)
		if got := s.Counts().Count(model.P2P); got != c.want {
			t.Errorf("%s: %d messages, want %d", c.variant, got, c.want)
		}
		if err := spliced(s); err != nil {
			t.Errorf("%s: %v", c.variant, err)
		}
	}
}

// TestRingSplice: the joiner 3 sits between 2 and 4 in the ring of ids
// 1, 2, 4, 5, 6; a joiner above every member closes the ring to the lowest.
// Reference: [S3] §VII ("they just know about their successor and
// predecessor").
func TestRingSplice(t *testing.T) {
	s := run(t, "bidir-ring")
	j := s.State(s.Topo().IndexOf(3)).(State)
	if j.Pred != 2 || j.Succ != 4 {
		t.Errorf("joiner 3: pred %d succ %d, want 2 and 4", j.Pred, j.Succ)
	}
	if p, q := Neighbours(modeltest.IDs(1, 2, 4), 9); p != 4 || q != 1 {
		t.Errorf("Neighbours(…, 9) = %d, %d, want 4, 1", p, q)
	}
	if p, q := Neighbours(nil, 9); p != model.None || q != model.None {
		t.Errorf("Neighbours(nil) = %d, %d, want None", p, q)
	}
}

// TestClaimedCount: "n2" is Table 5's SPN at its NS (n2-spn), NS itself
// (n2-members); the ring readings claim 2.
// Reference: [S3] §VII, Table 5.
func TestClaimedCount(t *testing.T) {
	v := func(s string) []uint8 {
		x, err := Algorithm.ParseVariant(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, c := range []struct {
		variant string
		n       int
		want    int64
	}{{"complete", 5, 120}, {"complete", 41, 250}, {"complete", 9, 8}, {"complete,n2-members", 14, 13}, {"bidir-ring", 25, 2}, {"bidir-ring-ack", 25, 2}} {
		if got := claimed(claim.Params{N: c.n, Variant: v(c.variant)}); got.Cmp(claim.RatInt(c.want)) != 0 {
			t.Errorf("%s at n=%d: %s, want %d", c.variant, c.n, got, c.want)
		}
	}
}

// The claims are well-formed and the variants they name parse.
func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
