package checker_test

import (
	"testing"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// refutesBroken checks claim c with e: it must HOLD on good and be
// REFUTED on broken, and, when prop is not empty, by a counterexample of
// that property (the first row's that has one). It returns broken's
// result.
func refutesBroken(t *testing.T, e *claims.Engine, good, broken model.Spec, c *model.Claim, prop string) *claims.ClaimResult {
	t.Helper()
	if r := e.CheckClaim(good, c); r.Verdict != claims.Holds {
		t.Errorf("%s on %s: verdict %s, want HOLDS (%s)", c.ID, good.Meta().Name, r.Verdict, r.Summary)
	}
	res := e.CheckClaim(broken, c)
	if res.Verdict != claims.Refuted {
		t.Errorf("%s on %s: verdict %s, want REFUTED (%s)", c.ID, broken.Meta().Name, res.Verdict, res.Summary)
		return res
	}
	if prop == "" {
		return res
	}
	var ce *checker.Counterexample
	for _, r := range res.Rows {
		if r.Counterexample != nil {
			ce = r.Counterexample
			break
		}
	}
	if ce == nil || ce.Violation.Property != prop {
		t.Errorf("%s on %s: want a counterexample of %s, got %+v", c.ID, broken.Meta().Name, prop, ce)
	}
	return res
}

// repeatFirst outputs once more the first output of kind ok (model.OutSend
// or model.OutMulticast) carrying a message of kind k, to the same
// receivers with the same A (and B = 0): a message sent twice, the
// commonest broken variant.
func repeatFirst(out *model.Outbox, ok model.OutputKind, k *model.Kind) {
	for _, o := range out.Outputs() {
		if o.Kind != ok || o.Msg.Kind != k {
			continue
		}
		if ok == model.OutMulticast {
			out.Multicast(o.Dests, k, o.Msg.A, 0)
		} else {
			out.Send(o.Msg.To, k, o.Msg.A, 0)
		}
		return
	}
}
