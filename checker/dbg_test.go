package checker_test

import (
	"electlab/algos"
	"electlab/checker"
	"electlab/checker/explore"
	"os"
	"strings"
	"testing"
)

func TestDbgOne(t *testing.T) {
	e := checker.DefaultEngine()
	explore.ForClaims(e, explore.ClaimStates)
	for _, id := range strings.Split(os.Getenv("DBG_CLAIMS"), " ") {
		for _, r := range algos.ClaimsFor(id) {
			res := e.CheckClaim(r.Spec, r.Claim)
			t.Logf("%s %s: %s | %s", id, r.Spec.Meta().Name, res.Verdict, res.Summary)
			for _, row := range res.Rows {
				t.Logf("  %s | %s | %v %s | %s | %s", row.Setting, row.Variant, row.Outside, row.Verdict, row.Partial, row.Coverage)
			}
		}
	}
}
