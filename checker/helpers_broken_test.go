package checker_test

import (
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"
)

// refutesBroken checks claim c with e: it must HOLD on good and be
// REFUTED on broken, and, when prop is not empty, by a counterexample of
// that property (the first row's that has one). It returns broken's
// result.
func refutesBroken(t *testing.T, e *claims.Engine, good, broken model.Spec, c *claim.Claim, prop string) *claims.ClaimResult {
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

// brokenCopy returns a copy of a with a new name and step.
func brokenCopy[S any](a *model.Algorithm[S], name string, step func(env *model.Env, s S, in model.Input, out *model.Outbox) S) *model.Algorithm[S] {
	b := *a
	b.Name = name
	b.Step = step
	return &b
}

// registeredClaim is claim id of spec: its own (a registry entry), or,
// for a broken copy of a registered algorithm (brokenCopy: same Title),
// the registered algorithm's.
func registeredClaim(t *testing.T, spec model.Spec, id string) *claim.Claim {
	t.Helper()
	if c := claim.EntryOf(spec).Claim(id); c != nil {
		return c
	}
	for _, r := range algos.Registry().ClaimsFor(id) {
		if r.Spec.Meta().Title == spec.Meta().Title {
			return r.Claim
		}
	}
	t.Fatalf("%s has no claim %s", spec.Meta().Name, id)
	return nil
}

// brokenCase is one row of a broken-variant table: claim must hold on
// the correct algorithm and be refuted on broken, by a counterexample of
// prop ("": any refutation, e.g. a growth fit's).
type brokenCase struct {
	claim  *claim.Claim
	broken model.Spec
	prop   string
}

// refutesAll runs refutesBroken with e on every case against the correct
// algorithm good.
func refutesAll(t *testing.T, e *claims.Engine, good model.Spec, cases []brokenCase) {
	t.Helper()
	for _, tc := range cases {
		refutesBroken(t, e, good, tc.broken, tc.claim, tc.prop)
	}
}

// brokenAfter returns a copy of a named name whose step is a's step
// followed by patch, given the state and outbox that step left: the
// commonest broken variant, one that adds to or changes what the correct
// step did.
func brokenAfter[S any](a *model.Algorithm[S], name string, patch func(env *model.Env, s S, in model.Input, out *model.Outbox) S) *model.Algorithm[S] {
	step := a.Step
	return brokenCopy(a, name, func(env *model.Env, s S, in model.Input, out *model.Outbox) S {
		return patch(env, step(env, s, in, out), in, out)
	})
}

// reemit runs step on a scratch outbox and re-emits its outputs to out,
// sends through keep (which may drop or duplicate them).
func reemit[S any](step func(env *model.Env, s S, in model.Input, out *model.Outbox) S, keep func(m model.Message) int) func(env *model.Env, s S, in model.Input, out *model.Outbox) S {
	return func(env *model.Env, s S, in model.Input, out *model.Outbox) S {
		var scratch model.Outbox
		scratch.Reset(env.Self)
		s = step(env, s, in, &scratch)
		for _, o := range scratch.Outputs() {
			switch o.Kind {
			case model.OutSend:
				for range keep(o.Msg) {
					out.SendMsg(o.Msg)
				}
			case model.OutObserve:
				out.Observe(o.Tag, o.Val)
			}
		}
		return s
	}
}
