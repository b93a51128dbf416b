package checker_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"electlab/algos"
	"electlab/checker"
	"electlab/checker/explore"
	"electlab/traces"
)

// TestDbgGen writes the counterexamples of the claims in DBG_CLAIMS only
// (as defaultCounterexamples does) and lists which files they are.
func TestDbgGen(t *testing.T) {
	e := checker.DefaultEngine()
	e.Minimize = traces.Minimize
	explore.ForClaims(e, 0)
	for _, spec := range algos.All {
		info := spec.Meta()
		for i := range info.Claims {
			c := &info.Claims[i]
			if !strings.Contains(" "+os.Getenv("DBG_CLAIMS")+" ", " "+c.ID+" ") {
				continue
			}
			res := e.CheckClaim(spec, c)
			for ri, row := range res.Rows {
				ce := row.Counterexample
				if ce == nil {
					continue
				}
				v := &traces.Violation{Property: checker.ClaimProperty(c.ID, ce.Violation.Property), Step: ce.Violation.Step, Message: ce.Violation.Message}
				note := fmt.Sprintf("counterexample to %s (%s), setting %q, reading %s", c.ID, info.Name, row.Setting, row.Variant)
				tr, err := traces.Record(ce.Initial, ce.Events, v, note, traces.WithSnapshots())
				if err != nil {
					t.Fatal(err)
				}
				name := checker.CounterexampleFile(c.ID, info.Name, row.Variant, ri)
				path := filepath.Join(counterexampleDir, name)
				want, _ := tr.Marshal()
				got, err := os.ReadFile(path)
				switch {
				case err != nil:
					t.Logf("NEW %s", name)
					if os.Getenv("DBG_WRITE") != "" {
						if err := tr.Save(path); err != nil {
							t.Fatal(err)
						}
					}
				case string(got) != string(want):
					t.Logf("DIFFERS %s", name)
				default:
					t.Logf("same %s", name)
				}
			}
		}
	}
}
