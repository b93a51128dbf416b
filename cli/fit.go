package cli

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/internal/runner"
	"github.com/electlab/electlab/model"
)

// fitNMax is the largest size fit measures (the fitted bases are exact
// far beyond it).
const fitNMax = 2000

// parseRange parses -n LO..HI.
func parseRange(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		return 0, 0, usagef("-n %q: want a range LO..HI, such as 2..8", s)
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	switch {
	case err1 != nil || err2 != nil:
		return 0, 0, usagef("-n %q: want a range LO..HI of whole numbers, such as 2..8", s)
	case lo < 2:
		return 0, 0, usagef("-n %q: need at least 2 processes", s)
	case hi < lo:
		return 0, 0, usagef("-n %q: the range is empty", s)
	case hi > fitNMax:
		return 0, 0, usagef("-n %q: at most %d processes", s, fitNMax)
	}
	return lo, hi, nil
}

// fitFlags are fit's flags before they are checked: the model flags of
// every command (modelFlags) and fit's own; -n, -order, -initiators,
// -crashed and -seed mean other things here than in configFlags (a range
// of sizes, every arrangement, ids written relative to n, the seed of
// -mean).
type fitFlags struct {
	modelFlags
	order, initiators, crashed, nRange, counter string
	claim, maxMem                               string
	heldOut, maxConfigs, runs                   int
	maxStates                                   int64
	mean, jsonOut                               bool
	seed                                        uint64
}

func (f *fitFlags) register(fs *flag.FlagSet) {
	f.modelFlags.register(fs)
	fs.StringVar(&f.nRange, "n", "", "range of sizes LO..HI, e.g. 2..8 (the two largest are held out to confirm the fit)")
	fs.StringVar(&f.order, "order", "every", "arrangement of the ids 1..n: asc, desc, or every (every arrangement: up to rotation on rings; one stands for all on a complete graph); asc with a probabilistic -counter, which refuses every")
	fs.StringVar(&f.initiators, "initiators", "all", "initiators: all, or ids given as numbers, n or n-K (e.g. 1 or n-1)")
	fs.StringVar(&f.crashed, "crashed", "", "processes crashed before the run: ids as numbers, n or n-K (e.g. n: the highest id)")
	fs.StringVar(&f.counter, "counter", "sends", "the quantity: sends, transmissions, deliveries, sr or an expression of them and n, initiators, crashed, live (docs/FORMULA.md); with -mean also per-kind counters (sends[KIND]), forwards, steps, time_hops, rounds; or probabilistic names, Emin[rounds until elected], Pmax[elected within 3 rounds], ... (docs/PROBABILITY.md), answered exactly on each size's Markov decision process")
	fs.StringVar(&f.claim, "claim", "", "put this bound claim's formula beside the fitted one and name the smallest n where they differ; with a probabilistic -counter, a probability claim, whose setting also restricts the scheduler")
	fs.IntVar(&f.heldOut, "held-out", 2, "how many of the largest sizes confirm the fit instead of solving it (at least 2)")
	fs.Int64Var(&f.maxStates, "max-states", 2_000_000, "bound on the states of each search (0 = none); reaching it stops the range at that size")
	fs.IntVar(&f.maxConfigs, "max-configs", 720, "bound on the arrangements searched at one size; more stops the range at that size")
	fs.StringVar(&f.maxMem, "max-mem", "1GiB", "bound on the estimated memory of each search, e.g. 512MiB; 0 = none")
	fs.BoolVar(&f.mean, "mean", false, "fit the mean over random schedules instead (statistical, not exact)")
	fs.IntVar(&f.runs, "runs", 200, "with -mean: random runs per size")
	fs.Uint64Var(&f.seed, "seed", 1, "with -mean: the seed of the runs and arrangements")
	fs.BoolVar(&f.jsonOut, "json", false, "print the result as JSON (exact rational coefficients and the points)")
}

// parseFitArgs parses and checks fit's flags into the measurement to make
// (`electlab fit`: measure a counter over a configuration family at each
// size of a range and fit exact closed forms in n to its minimum and
// maximum).
func parseFitArgs(tl runner.Tool, args []string, stderr io.Writer) (*runner.Fit, error) {
	var f fitFlags
	fs := newFlagSet("fit", "fit -algo A -n LO..HI [-counter sends] [-order every] [-initiators all] [-claim ID] [-mean] [flags]", stderr)
	f.register(fs)
	if _, err := parseFlags(fs, args, 0); err != nil {
		return nil, err
	}
	set := explicit(fs)
	a := &runner.Fit{Order: f.order, HeldOut: f.heldOut, MaxStates: f.maxStates, MaxConfigs: f.maxConfigs, Mean: f.mean, Runs: f.runs, Seed: f.seed, JSON: f.jsonOut}
	if err := f.base(tl.Reg, a); err != nil {
		return nil, err
	}
	var err error
	if f.nRange == "" {
		return nil, usagef("missing -n LO..HI (a range of sizes, such as 2..8)")
	}
	if a.NMin, a.NMax, err = parseRange(f.nRange); err != nil {
		return nil, err
	}
	switch {
	case f.heldOut < 2:
		return nil, usagef("-held-out %d: at least 2 sizes confirm a fit", f.heldOut)
	case a.NMax-a.NMin+1 < f.heldOut+1:
		return nil, usagef("-n %s: %d sizes are too few: at least %d are needed (%d held out, one or more to fit)", f.nRange, a.NMax-a.NMin+1, f.heldOut+1, f.heldOut)
	case f.order != "asc" && f.order != "desc" && f.order != "every":
		return nil, usagef("-order %q: want asc, desc or every", f.order)
	case f.maxStates < 0:
		return nil, usagef("-max-states %d is negative", f.maxStates)
	case f.maxConfigs < 1:
		return nil, usagef("-max-configs %d: need at least 1", f.maxConfigs)
	case f.mean && f.runs < 2:
		return nil, usagef("-runs %d: -mean needs at least 2 runs per size", f.runs)
	case f.mean && f.runs > maxReproduceRuns:
		return nil, usagef("-runs %d: at most %d runs per size", f.runs, maxReproduceRuns)
	case !f.mean && (set["runs"] || set["seed"]):
		return nil, usagef("-runs and -seed go with -mean (the exact fit searches every schedule)")
	case f.mean && (set["max-states"] || set["max-configs"]):
		return nil, usagef("-max-states and -max-configs bound the exhaustive search: drop them with -mean")
	}
	if a.Prob = bound.ReadsProbabilities(f.counter) || f.claim != "" && !set["counter"] && isProbClaim(a, f.claim); a.Prob {
		// A probabilistic name is answered on one configuration's Markov
		// decision process per size: not sampled, not over arrangements.
		switch {
		case f.mean:
			return nil, usagef("-counter %q reads probabilistic names, which are exact over every scheduler and coin: drop -mean (it samples random runs)", f.counter)
		case set["order"] && f.order == "every":
			return nil, usagef("-order every: a probabilistic name is answered on one configuration's Markov decision process per size; give -order asc (the default with a probabilistic name) or desc")
		case set["max-configs"]:
			return nil, usagef("-max-configs bounds the arrangements of one size: a probabilistic name is answered on one configuration per size; drop it")
		}
		if !set["order"] {
			a.Order = "asc"
		}
	}
	if a.MaxMem, err = parseMem(f.maxMem); err != nil {
		return nil, err
	}
	if err := f.claimAndCounter(a, set["counter"]); err != nil {
		return nil, err
	}
	// Every size's configuration must be valid before anything runs.
	for n := a.NMin; n <= a.NMax; n++ {
		if _, err := a.ConfigAt(n, nil); err != nil {
			return nil, usagef("%v", err)
		}
	}
	return a, nil
}

// base resolves the algorithm and the options every configuration shares.
func (f *fitFlags) base(reg claim.Registry, a *runner.Fit) error {
	spec, err := lookupAlgo(reg, f.algo, f.variant)
	if err != nil {
		return err
	}
	info := spec.Meta()
	a.Spec = spec
	a.Base = model.Config{Algo: info.Name, Variant: f.variant, Forwarding: info.Forwarding}
	if err := parseTiming(&a.Base, f.timing, f.timeouts, f.net); err != nil {
		return err
	}
	if a.Base.Physical, err = model.ParsePhysical(f.physical); err != nil {
		return usagef("-physical: %v", err)
	}
	if err := parseForwarding(&a.Base, f.forwarding); err != nil {
		return err
	}
	if f.initiators != "all" {
		if a.Initiators, err = runner.ParseSizeIDs(f.initiators); err != nil {
			return usagef("-initiators: %v", err)
		}
		if len(a.Initiators) == 0 {
			return usagef("-initiators is empty: give all or a list of ids")
		}
	}
	if a.Crashed, err = runner.ParseSizeIDs(f.crashed); err != nil {
		return usagef("-crashed: %v", err)
	}
	return nil
}

// accountingCounter is the counter of each accounting.
var accountingCounter = map[model.Accounting]string{model.P2P: "sends", model.BCAST1: "transmissions", model.SR: "sr", model.Deliveries: "deliveries"}

// claimAndCounter resolves -claim and -counter.
func (f *fitFlags) claimAndCounter(a *runner.Fit, counterSet bool) error {
	info := a.Spec.Meta()
	counter := f.counter
	if f.claim != "" && a.Prob {
		return f.probClaim(a, counterSet)
	}
	if f.claim != "" {
		c := claim.EntryOf(a.Spec).Claim(f.claim)
		switch {
		case c == nil:
			return usagef("-claim %q: not a claim of algorithm %s (see electlab list)", f.claim, info.Name)
		case c.Kind == claim.Probability:
			return usagef("-claim %s is a probability claim: give -counter one of its names (%s)", c.ID, strings.Join(c.Queries, ", "))
		case c.Kind != claim.Bound || c.Formula == nil:
			return usagef("-claim %s is a %s claim: fit compares bound claims (a count against a formula)", c.ID, c.Kind)
		case c.Quantity != claim.Messages || c.Measure != nil:
			return usagef("-claim %s measures %s its own way: fit measures message counters only", c.ID, c.Quantity)
		}
		want := accountingCounter[c.Accounting]
		if counterSet && counter != want {
			return usagef("-claim %s counts %s messages (-counter %s): drop -counter or give %s", c.ID, c.Accounting, want, want)
		}
		counter = want
		a.Claim = c
	}
	scope := bound.Explored
	switch {
	case f.mean:
		scope = bound.Execution
	case a.Prob:
		scope = bound.Probabilistic
	}
	q, err := bound.ParseQuantity(counter, info, a.Base.Timing == model.Sync, scope)
	if err != nil {
		return usagef("-counter %q: %v", counter, err)
	}
	a.Quantity = q
	return nil
}

// isProbClaim tells whether id names a probability claim of a's
// algorithm (then fit measures its first name by default).
func isProbClaim(a *runner.Fit, id string) bool {
	c := claim.EntryOf(a.Spec).Claim(id)
	return c != nil && c.Kind == claim.Probability
}

// probClaim resolves -claim for a probabilistic counter: a probability
// claim of the algorithm, one of whose names the counter is (its first by
// default); its setting of the fit's timing restricts the scheduler, as
// the claim's own check does.
func (f *fitFlags) probClaim(a *runner.Fit, counterSet bool) error {
	info := a.Spec.Meta()
	c := claim.EntryOf(a.Spec).Claim(f.claim)
	switch {
	case c == nil:
		return usagef("-claim %q: not a claim of algorithm %s (see electlab list)", f.claim, info.Name)
	case c.Kind != claim.Probability:
		return usagef("-claim %s is a %s claim: with a probabilistic -counter, give a probability claim", c.ID, c.Kind)
	}
	counter := f.counter
	if !counterSet {
		counter = c.Queries[0]
	}
	q, err := bound.ParseQuantity(counter, info, a.Base.Timing == model.Sync, bound.Probabilistic)
	if err != nil {
		return usagef("-counter %q: %v", counter, err)
	}
	qs := q.Queries()
	var names []string
	for _, t := range c.Queries {
		names = append(names, t)
		if len(qs) == 1 && q.String() == qs[0].String() && sameQuery(t, qs[0].String()) {
			a.Quantity, a.Claim = q, c
		}
	}
	if a.Claim == nil {
		return usagef("-claim %s states %s: -counter %q is none of them", c.ID, strings.Join(names, ", "), counter)
	}
	for _, st := range c.Settings {
		if st.Timing == a.Base.Timing {
			if st.Restrict != nil {
				a.Restrict, a.RestrictName = st.Restrict, fmt.Sprintf("the schedulers of claim %s's setting (%s)", c.ID, st.Name)
			}
			return nil
		}
	}
	return usagef("-claim %s: no setting of it has timing %s (give -timing as the claim's settings do)", c.ID, a.Base.Timing)
}

// sameQuery tells whether the probabilistic name text (Emin[rounds until
// elected]) is the query canon.
func sameQuery(text, canon string) bool {
	base, key, ok := strings.Cut(text, "[")
	if !ok {
		return false
	}
	q, err := prob.ParseQuery(base, strings.TrimSuffix(key, "]"))
	return err == nil && q.String() == canon
}
