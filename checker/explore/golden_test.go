package explore

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/model"
)

// goldenFile holds the golden counts: for each algorithm at small n and a
// few option sets, the distinct states, transitions and min/max messages of
// the exhaustive search. A change in the model, an algorithm or the search
// changes them and fails TestGolden; after checking the change is meant,
// regenerate with
//
//	go test ./checker/explore -run TestGolden -rewrite
const goldenFile = "../../testdata/explore/golden.txt"

// TestGolden runs every `explore` line of the golden file:
//
//	explore algo=changroberts ids=3,1,2 [variant=V] [initiators=1,2]
//	        [crashed=4] [absent=5] [crash-budget=1] [net=unordered] [timing=sync]
//	        [timeouts=early] [counts=total|per-process|none] [no-por]
//	        [max-states=N]
//
// and prints the search's states, quiescent states, transitions, max depth,
// min..max of each accounting, cycles, violations and completeness.
func TestGolden(t *testing.T) {
	datadriven.RunTest(t, goldenFile, func(t *testing.T, d *datadriven.TestData) string {
		if d.Cmd != "explore" {
			t.Fatalf("%s: unknown command %q", d.Pos, d.Cmd)
		}
		s0, opt := goldenCase(t, d)
		return goldenLine(Explore(s0, opt))
	})
}

// TestGoldenCoversEveryAlgorithm: every registered algorithm has a line in
// the golden file.
func TestGoldenCoversEveryAlgorithm(t *testing.T) {
	b, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range algos.Registry().Specs() {
		if !strings.Contains(string(b), "algo="+spec.Meta().Name+" ") {
			t.Errorf("%s has no golden counts: add an `explore algo=%s ids=...` line to %s and run go test ./checker/explore -run TestGolden -rewrite", spec.Meta().Name, spec.Meta().Name, goldenFile)
		}
	}
}

func goldenCase(t *testing.T, d *datadriven.TestData) (model.System, Options) {
	var cfg model.Config
	var spec model.Spec
	opt := Options{Counts: CountsTotal, MaxStates: 50000, MaxViolations: 1000}
	for _, a := range d.CmdArgs {
		v := strings.Join(a.Vals, ",")
		var err error
		switch a.Key {
		case "algo":
			if spec, err = algos.Registry().Lookup(v); err == nil {
				cfg.Algo, cfg.Forwarding = v, spec.Meta().Forwarding
			}
		case "initiators":
			cfg.Initiators, err = model.ParseIDs(v)
		case "crash-budget":
			cfg.CrashBudget, err = strconv.Atoi(v)
		case "counts":
			opt.Counts, err = ParseCountMode(v)
		case "no-por":
			opt.NoPOR = true
		case "max-states":
			opt.MaxStates, err = strconv.ParseInt(v, 10, 64)
		default: // the keys model.Config.SetField reads
			var known bool
			if known, err = cfg.SetField(a.Key, v); !known {
				err = fmt.Errorf("unknown argument")
			}
		}
		if err != nil {
			t.Fatalf("%s: %s=%s: %v", d.Pos, a.Key, v, err)
		}
	}
	if spec == nil {
		t.Fatalf("%s: no algo", d.Pos)
	}
	s0, err := spec.NewSystem(&cfg)
	if err != nil {
		t.Fatalf("%s: %v", d.Pos, err)
	}
	return s0, opt
}

func goldenLine(r *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "states=%d final=%d transitions=%d depth=%d\n", r.States, r.Final, r.Transitions, r.MaxDepth)
	if c := r.Counts; c != nil {
		lower := ""
		if r.CountsLowerBound {
			lower = " (max lower bound)"
		}
		fmt.Fprintf(&b, "sends=%d..%d transmissions=%d..%d deliveries=%d..%d sr=%d..%d forwards=%d..%d%s\n",
			c.Sends.Min, c.Sends.Max, c.Transmissions.Min, c.Transmissions.Max, c.Deliveries.Min, c.Deliveries.Max,
			c.SR.Min, c.SR.Max, c.Forwards.Min, c.Forwards.Max, lower)
	}
	fmt.Fprintf(&b, "cycle=%v violations=%d", r.Cycle, len(r.Violations)+r.MoreViolations)
	if len(r.Violations) > 0 {
		fmt.Fprintf(&b, " first=%s", r.Violations[0].Property)
	}
	if r.NoReduction != "" {
		b.WriteString(" (no reduction)")
	}
	if !r.Complete() {
		fmt.Fprintf(&b, "\nincomplete: %s", r.Incomplete)
	}
	return b.String()
}
