package hsring_test

import (
	"flag"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker/checktest"
	"github.com/electlab/electlab/checker/claims"
	"github.com/electlab/electlab/model"

	"example.com/hsring"
)

var (
	// broken turns the tutorial's red run on: TestRapid, TestExplore and
	// FuzzSchedule check the broken variant (broken_test.go) instead of
	// the algorithm, and fail.
	broken = flag.Bool("broken", false, "check the deliberately broken variant instead of the algorithm (it fails)")
	// traceDir is where a failure's minimal trace is written.
	traceDir = flag.String("traces", checktest.DefaultDir, "directory for the minimal traces of failures")
)

// subject is the algorithm the searches check: the real one, or with
// -broken the broken variant.
func subject() model.Spec {
	if *broken {
		return hsring.Broken
	}
	return hsring.Algorithm
}

// target is what the kit checks: spec under one of the claims' settings,
// n = nmin..nmax, judged by every claim (checktest.ClaimChecks reads the
// checks from the claims, claims.go). A failure's replay command carries
// -broken when the broken variant is checked, so that it replays that.
func target(t testing.TB, spec model.Spec, st claim.Setting, nmin, nmax int) checktest.Target {
	t.Helper()
	checks, err := checktest.ClaimChecks(claim.Entry{Spec: spec, Claims: hsring.Claims})
	if err != nil {
		t.Fatal(err)
	}
	tg := checktest.Target{Spec: spec, Setting: st, NMin: nmin, NMax: nmax, Checks: checks, Dir: *traceDir}
	if spec == model.Spec(hsring.Broken) {
		tg.Args = []string{"-broken"}
	}
	return tg
}

// settings are the claims' settings (every claim has the same ones), each
// with the short name its subtests take.
func settings() []claim.Setting { return hsring.Claims[0].Settings }

var settingNames = []string{"fifo", "unordered", "sync"}

// TestRapid checks every claim on rapid's adversarial schedules, n = 2..8,
// in each setting of the claims: async FIFO, async unordered, sync.
func TestRapid(t *testing.T) {
	for i, st := range settings() {
		t.Run(settingNames[i], func(t *testing.T) {
			checktest.Rapid(t, target(t, subject(), st, 2, 8))
		})
	}
}

// FuzzSchedule is a target for go test -fuzz: the corpus entry is the
// schedule (and the configuration before it), on reordering channels,
// which allow every schedule FIFO channels do and more.
func FuzzSchedule(f *testing.F) {
	checktest.Fuzz(f, target(f, subject(), settings()[1], 2, 8))
}

// exploreRun is one exhaustive search of TestExplore.
type exploreRun struct {
	name       string
	st         claim.Setting
	nmin, nmax int
	long       bool // skipped with -short
}

// exploreRuns are TestExplore's searches: "small", every arrangement of
// the ids with every set of initiators at n = 2..4; "n5-one", every
// arrangement with one initiator at n = 5; "n5-all", every arrangement
// with every process initiating at n = 5 (the longest: not with -short).
func exploreRuns() []exploreRun {
	fifo := settings()[0]
	one, all := fifo, fifo
	one.Name, one.Initiators = "async fifo, one initiator", claim.OneInitiator
	all.Name, all.Initiators = "async fifo, every process initiates", claim.EveryLive
	return []exploreRun{{"small", fifo, 2, 4, false}, {"n5-one", one, 5, 5, false}, {"n5-all", all, 5, 5, true}}
}

// TestExplore searches every schedule of every configuration of each of
// exploreRuns, exactly: it checks every claim at every state and keeps
// the exact min/max message counts; the maximum at each n must be within
// 8n(1+⌈log₂ n⌉), evaluated here from the claim. It logs a configuration
// that reaches the maximum (checktest.Size.PerConfig).
func TestExplore(t *testing.T) {
	bound := hsring.Entry.Claim("HS-4")
	for _, r := range exploreRuns() {
		t.Run(r.name, func(t *testing.T) {
			if r.long && testing.Short() {
				t.Skip("the longest search; without -short only")
			}
			for _, sz := range checktest.Explore(t, target(t, subject(), r.st, r.nmin, r.nmax)) {
				hi := sz.Counts.Of(bound.Accounting).Max
				claimed := bound.Formula(claim.Params{N: sz.N})
				t.Logf("n=%d: messages %d..%d; %s = %s", sz.N, sz.Counts.Of(bound.Accounting).Min, hi, bound.FormulaText, claimed)
				for _, c := range sz.PerConfig {
					if c.Final > 0 && c.Counts.Of(bound.Accounting).Max == hi {
						t.Logf("n=%d: the maximum is reached on %s", sz.N, c.Config)
						break
					}
				}
				if !bound.Relation.Holds(hi, claimed) || sz.CountsLowerBound {
					t.Errorf("n=%d: max %d messages (lower bound only: %v), claimed %s %s", sz.N, hi, sz.CountsLowerBound, bound.Relation, claimed)
				}
			}
		})
	}
}

// TestClaimsEngine runs electlab's claims engine on every claim, as
// `electlab claims` does for the algorithms it ships (with fewer cases):
// each claim HOLDS.
func TestClaimsEngine(t *testing.T) {
	e := &claims.Engine{Seed: 1, Cases: 20, ExhaustiveLimit: 30, MaxN: 6}
	for _, c := range hsring.Claims {
		res := e.CheckClaim(hsring.Algorithm, &c)
		t.Logf("%s %s: %s", c.ID, res.Verdict, res.Summary)
		if res.Verdict != claims.Holds {
			t.Errorf("%s: %s, want %s", c.ID, res.Verdict, claims.Holds)
		}
	}
}
