package claim

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/electlab/electlab/model"
)

// ErrNotApplicable is what a claim's own end-of-run check (Claim.Custom)
// returns, wrapped or not, on an execution the claim does not speak of
// (e.g. not one informer per site): it is no violation, and the execution
// does not count as reaching the check (a row none reaches is UNCHECKED).
var ErrNotApplicable = errors.New("the claim's check does not apply to this execution")

// Relation is how a measured value must compare with a claimed bound.
type Relation uint8

const (
	// AtMost: measured ≤ claimed.
	AtMost Relation = iota
	// Exactly: measured = claimed.
	Exactly
	// AtLeast: measured ≥ claimed.
	AtLeast
)

// String renders the relation as a symbol.
func (r Relation) String() string { return [...]string{"<=", "=", ">="}[r] }

// Holds reports whether measured stands in relation r to claimed.
func (r Relation) Holds(measured int64, claimed Rat) bool {
	return r.HoldsRat(RatInt(measured), claimed)
}

// Quantity is what a bound claim measures.
type Quantity uint8

const (
	// Messages: the message count, under the claim's accounting.
	Messages Quantity = iota
	// Time: the length, in worst-case link delays, of the longest causal
	// chain of messages ending at the last live process's decision (its
	// Lamport hop clock). In sync timing this equals the round in which
	// the last decision is taken when all initiators start in round 0.
	Time
)

// String names the quantity.
func (q Quantity) String() string { return [...]string{"messages", "time"}[q] }

// ClaimKind is the shape of a claim's check.
type ClaimKind uint8

const (
	// Bound compares a measured quantity with the paper's formula.
	Bound ClaimKind = iota
	// Behaviour checks properties (generic and custom) on executions.
	Behaviour
	// Growth fits the growth order in n of a statistic of the measured
	// quantity over each size's executions (the largest by default; see
	// GrowthStat) and compares it with the claimed order n^Order·log^LogOrder n.
	Growth
	// Table compares the paper's printed numbers (table rows, worked
	// examples, totals) with its own formula evaluated exactly: the paper
	// against itself. A mismatch is INCONSISTENT.
	Table
	// Probability: probabilistic names of each configuration's Markov
	// decision process (Queries: Pmin[elected], Emax[rounds until
	// elected], ...), computed exactly over every scheduler and coin,
	// compared with Formula by Relation.
	Probability
)

// String names the claim kind.
func (k ClaimKind) String() string {
	return [...]string{"bound", "behaviour", "growth", "table", "probability"}[k]
}

// PrintedRow is one number the paper prints (a table row, a worked
// example, a total), with the parameters it was printed for.
type PrintedRow struct {
	// Label names the row as the paper does ("Table 1, N=40").
	Label string
	// Params are the row's parameters, for the formula.
	Params Params
	// Printed is the value as printed.
	Printed Rat
}

// Params are the parameters a claim's formula is evaluated at.
type Params struct {
	// N is the number of processes (ring positions, failed ones included).
	N int
	// Live is the number of live processes at the start.
	Live int
	// Initiators is the number of initiators.
	Initiators int
	// Variant is the reading of each of the algorithm's ambiguities in
	// force (some readings change what a formula's n counts).
	Variant []uint8
	// Detectors are the initiators' ids (the processes that detect the
	// coordinator's failure), in the config's order: a formula such as
	// [S4]'s T_m(N, P) takes the detector's id P.
	Detectors []model.ID
	// Within is, for a Probability claim, the bound L of the query being
	// compared (Pmin[elected within L rounds]), -1 for a query without
	// one; 0 elsewhere.
	Within int64
}

// Reading is the reading of ambiguity amb in p.Variant (0, the first
// reading, when p.Variant does not go that far), as Env.Reading.
func (p Params) Reading(amb int) uint8 { return model.ReadingOf(p.Variant, amb) }

// NCounted is the n of a formula whose ambiguity amb asks what n counts:
// the live processes at the start (Live) under the reading live, every
// process (N) under the others.
func (p Params) NCounted(amb int, live uint8) int {
	if p.Reading(amb) == live {
		return p.Live
	}
	return p.N
}

// InitiatorSet says which initiator sets a setting covers.
type InitiatorSet uint8

const (
	// AnyInitiators: every non-empty set of live processes.
	AnyInitiators InitiatorSet = iota
	// OneInitiator: exactly one live initiator.
	OneInitiator
	// ManyInitiators: two or more live initiators.
	ManyInitiators
	// NextBest: exactly one initiator, the best live process (the
	// highest live id, the lowest for MinID algorithms). With
	// CoordinatorDead it is the best process after the crashed
	// coordinator ([S4]'s "second minimum"; the Bully's best case).
	NextBest
	// NoDetector: nobody detects a failure (a run of joins, recoveries or
	// crashes only). A Config cannot have zero initiators, so the live
	// coordinator (the best member at the start) is the initiator; the
	// algorithms that support this setting ignore a start input at a
	// process that is itself the coordinator (a process cannot detect its
	// own crash). It needs a live coordinator (no CoordinatorDead).
	NoDetector
	// EveryLive: every live process is an initiator (one configuration
	// per dead set): a start-up where every process starts, e.g. [S3]
	// §IX's "When network is started up, there is no coordinator in it",
	// or every live process detects a failure (FPN = the number of live
	// processes), as in [S0] §II's "if n processes find it out".
	EveryLive
)

// String names the initiator set.
func (s InitiatorSet) String() string {
	return [...]string{"any initiator set", "one initiator", "two or more initiators", "the best live process", "no detector", "every live process"}[s]
}

// Setting is one family of executions a claim is checked over.
type Setting struct {
	// Name labels the setting in reports.
	Name string
	// Timing and Net fix the execution model.
	Timing model.Timing
	Net    model.Net
	// Initiators restricts the initiator sets.
	Initiators InitiatorSet
	// MaxDead is the largest number of processes crashed before the run
	// (failed forwarders on rings). At least two processes stay live
	// (MinLive of them when it is set).
	MaxDead int
	// MinLive, when positive, is the fewest live processes a dead set
	// leaves on a complete graph, instead of two: 1 lets every process but
	// the one initiator be crashed before the run ([S3] eq.(3)'s worst
	// case). Ring settings ignore it.
	MinLive int
	// CrashBudget is how many crashes the adversary may inject during
	// the run.
	CrashBudget int
	// Staggered lets the adversary interleave initiations with other
	// events instead of starting every initiator first.
	Staggered bool
	// Outside marks a setting outside the paper's stated assumptions (e.g.
	// unordered channels where the paper assumes FIFO). It is checked and
	// reported, but does not decide the claim's verdict.
	Outside bool
	// Timeouts is when timers may fire in async timing (Config.Timeouts):
	// Accurate (the zero value) or Early.
	Timeouts model.Timeouts
	// CoordinatorDead crashes the old coordinator before the run: the best
	// member at the start (the highest id, the lowest for MinID
	// algorithms; absent processes are not members). It stays a member
	// (the catalog's convention A) and is never an initiator. MaxDead then
	// counts the other processes crashed before the run.
	CoordinatorDead bool
	// DeadNextBest restricts the other dead processes to the next best
	// ones after the coordinator (crash sets "the coordinator plus the k
	// next candidates", k = 0..MaxDead) instead of every subset.
	DeadNextBest bool
	// Recovery lets processes crashed before or during the run recover
	// (Config.Recovery; the adversary chooses when).
	Recovery bool
	// FirstID is the lowest id: the processes are FirstID..FirstID+n−1 (0
	// means 1). A FirstID above 1 leaves the a-priori minimum id 1 out of
	// the system (a gap at the bottom of the id space).
	FirstID int
	// Joins is the number of processes absent at the start (Config.Absent);
	// each joins once, when the adversary chooses. Every set of that size
	// is covered.
	Joins int
	// Successive is the number of successive coordinator crashes
	// (Config.Successive), each detected by every live process: at each
	// quiescence the model crashes the agreed coordinator. Zero (the
	// default) means none.
	Successive int
	// Physical is the physical network under a complete logical graph
	// (Config.Physical): Direct (the zero value) or a physical ring, the
	// processes in increasing id order around it.
	Physical model.Physical
	// Family, when set, replaces the setting's dead sets and initiator
	// sets by a claim-specific family of configurations, for a scenario
	// that random dead and initiator sets almost never draw at larger n
	// (e.g. [S3]'s "each site's only live process is its informer"):
	// Family(n, variant) is the family at size n under the variant (the
	// ids are FirstID..FirstID+n−1 in order). A size whose family has at
	// most the engine's exhaustive limit of configurations is enumerated,
	// a larger one sampled uniformly; a family of size 0 leaves the size
	// unchecked. MaxDead, MinLive and Initiators then only describe the
	// setting.
	Family func(n int, variant string) ConfigFamily
	// Restrict, when set, narrows the scheduler of a Probability claim's
	// Markov decision processes: it wraps each configuration's initial
	// system, whose Enabled it may restrict (e.g. every process starts
	// before round 1, as PRISM's synchronous model has it). It is a
	// reading of the paper's model, and the setting's Name must say it.
	// Only a Probability claim's setting may have one.
	Restrict func(model.System) (model.System, error)
}

// ConfigFamily is an indexed family of configurations of one size
// (Setting.Family).
type ConfigFamily struct {
	// Count is the number of configurations.
	Count int64
	// At returns the k-th configuration (0 ≤ k < Count): the processes
	// crashed before the run and the initiators, each in id order.
	At func(k int64) (crashed, initiators []model.ID)
}

// Claim is one claim of the catalog about one algorithm, as data: what the
// paper says, how it is formalised, and the formula evaluated in code.
type Claim struct {
	// ID is the catalog's identifier, e.g. "C-RING1-5".
	ID string
	// Source is the seed and section, e.g. "[S1] Unidirectional rings".
	Source string
	// Says is the (shortened) verbatim quote.
	Says string
	// Formal is the statement the tool tests.
	Formal string
	// Kind is the shape of the check.
	Kind ClaimKind
	// Quantity, Accounting, Relation and Formula define a Bound claim:
	// measured Quantity (under Accounting) Relation Formula(params).
	Quantity   Quantity
	Accounting model.Accounting
	Relation   Relation
	// Formula evaluates the paper's formula exactly.
	Formula func(p Params) Rat
	// FormulaText is the formula as the paper prints it, e.g. "3n-1".
	FormulaText string
	// Order is the claimed growth exponent of a Growth claim (2 for n²).
	Order float64
	// LogOrder is the power of log n in a Growth claim's order: the order
	// is n^Order·(log n)^LogOrder (n·log n is Order 1, LogOrder 1). The fit
	// divides the statistic by (log n)^LogOrder before fitting the exponent.
	LogOrder int
	// Stat is the statistic of a Growth claim fitted per size: the
	// maximum (worst case, the zero value), the minimum (best case) or the
	// mean over the size's executions.
	Stat GrowthStat
	// Band, when positive, makes a mean Growth claim (Stat StatMean) with
	// a Formula a statistical claim too: at every size the sampled mean
	// must lie within Band standard errors of the mean (the samples'
	// standard deviation over √samples) of Formula at the size, a
	// normal-approximation confidence band (3.29 for 99.9% two-sided),
	// else the row is REFUTED. The growth fit is checked as well.
	Band float64
	// Queries are a Probability claim's probabilistic names, as
	// checker/prob.ParseQuery reads them ("Emin[rounds until elected]",
	// "Pmin[elected within 3 rounds]"): on every configuration checked,
	// each one's exact answer over every scheduler and coin must stand in
	// Relation to Formula at the configuration's parameters.
	Queries []string
	// Predicates and Counters are a Probability claim's own names for its
	// Queries, beyond checker/prob's (elected, quiescent; sends, rounds,
	// coins, ...): a state predicate ("a server led term 1") and a
	// counter's increase by one step (before, event, after; never
	// negative).
	Predicates map[string]func(model.System) bool
	Counters   map[string]func(before model.System, ev model.Event, after model.System) int64
	// Props are the generic properties a Behaviour claim checks.
	Props model.Property
	// Custom is a claim-specific check run on every finished execution
	// of a Behaviour claim; nil when there is none.
	Custom func(s model.System) error
	// Invariant is a claim-specific property of every instant of a
	// Behaviour claim's executions: it is checked after every event (and
	// on every state an exhaustive search reaches); nil when there is
	// none. It must be a function of the state as encoded (statuses,
	// views and the algorithm's encoded fields, never a history
	// variable), so that a search that visits a state once judges it for
	// every path to it.
	Invariant func(s model.System) error
	// Measure, when set, replaces the generic measurement of a Bound
	// claim's Quantity on a finished execution: a claim-specific value
	// computed from the run (e.g. the largest number of messages or of
	// message times spent on one critical-section entry, read from the
	// processes' observations). The Quantity still names what it is. ok
	// is false when the execution has nothing to measure (e.g. no entry
	// of the kind the claim counts); the bound is then not checked on it.
	Measure func(s model.System) (v int64, ok bool)
	// Rows are the printed numbers of a Table claim's first column, checked
	// against Formula (the paper's own formula).
	Rows []PrintedRow
	// Columns are a Table claim's further printed columns, each checked
	// on its own (against the paper's formula for it, or against the
	// model), or declared not checked with the reason.
	Columns []TableColumn
	// Unchecked lists the parts of the claim (sub-statements, readings)
	// the tool does not check, with the reason: a claim with an unchecked
	// part is PARTIAL at most, never HOLDS.
	Unchecked []ClaimPart
	// FixedReadings and MootReadings declare the readings a composition
	// inherits from its parts (Info.InheritedReadings) that the claim is
	// checked under by none of its Variants, each with the reason; every
	// other inherited reading must be checked (Info.UncheckedReadings).
	// A part's Name is an inherited reading's name ("informer-slot") or an
	// ambiguity's ID (each of its readings no variant checks). A fixed
	// reading could change the outcome and is not checked: as an
	// unchecked part, the claim is PARTIAL at most. A moot reading does
	// not matter to the claim: it cannot change the claim's executions
	// (Why says why: e.g. the rule it chooses acts on a join, and the
	// claim's settings have none), or it is no reading of the sources (a
	// counterfactual the part registers, so described, to show why the
	// source's rule is needed); the verdict stands, and its text names the
	// reading as not varied.
	FixedReadings []ClaimPart
	MootReadings  []ClaimPart
	// FailureBudget, when positive, is the number of failures the paper's
	// claim covers (crashes before and during the run, counted by
	// Setting.Failures). A setting whose worst case exceeds it is beyond
	// the paper's assumptions: checked and shown, it does not decide the
	// verdict. 0 states no budget.
	FailureBudget int
	// Reading, on a part of a claim (a registered claim whose ID extends
	// another's: C-KAB-5.P2P), names the reading of the sentence the part
	// checks ("messages counted point to point") when the part is not an
	// added condition but another reading of the same sentence as its
	// parent, or as its siblings that share its ID up to the last dot
	// (C-KAB-3.I.P2P and C-KAB-3.I.BCAST1). The composition rule
	// (checker/claims.Compose) judges readings of one sentence together:
	// readings that disagree make it AMBIGUOUS, each named, where an added
	// condition's refutation refutes its parent. On a parent, it names the
	// reading of the parent's own rows. "" is no reading: an added
	// condition.
	Reading string
	// Tight makes a Bound claim an extreme-value claim: besides every
	// execution standing in Relation to the formula, at every size some
	// execution must reach the formula exactly ("worst case n²−1" is
	// AtMost and Tight: the maximum equals the formula; "best case n−1" is
	// AtLeast and Tight). A size where none does is REFUTED, with the
	// extreme measured shown.
	Tight bool
	// NotTight, when set, says why a bound whose sentence speaks of a worst
	// or best case (ExtremeWording) is not checked as Tight: without it such
	// a bound must be Tight (LooseExtreme), since a worst case that no
	// execution attains is a bound looser than the sentence.
	NotTight string
	// Stable makes a Bound claim a stability claim ("this number was
	// stable in 50 times of running the simulator"): at every size, every
	// execution of a row (every configuration of its setting, every
	// schedule; one variant, so one value of each parameter) measures the
	// same value: the minimum equals the maximum. Nothing is compared with
	// a formula: Formula may be nil, and FormulaText says what is claimed
	// stable. A size where two executions differ is REFUTED, both named.
	Stable bool
	// Readings, when set, are the readings of the claim's own sentence (not
	// of the algorithm's): one sentence whose words admit several
	// measurements ("the number of messages exchanged": every message, or
	// the inform phase's only). Each is checked as a reading of its own, on
	// every variant and setting, in place of Measure; readings whose
	// verdicts disagree make the claim AMBIGUOUS, as the algorithm's
	// readings do. A Bound claim only, not Tight.
	Readings []SentenceReading
	// Hypothesis, when set, marks a claim that is the tool's own
	// hypothesis reconciling the paper with itself (e.g. which algorithm a
	// printed column really holds, against the label the paper prints), not
	// a sentence of the paper: it says what the paper states that the
	// hypothesis contradicts. When every check passes the verdict is
	// INCONSISTENT (the paper against itself), never HOLDS.
	Hypothesis string
	// NMin and NMax bound the sizes checked.
	NMin, NMax int
	// Sizes, when set, lists the sizes checked instead of every size in
	// NMin..NMax (e.g. the n = 5, 10, 20 of a printed table); NMin and
	// NMax must bound it.
	Sizes []int
	// Vars are the free variables of a Bound claim's formula beyond n (the
	// number of requesters k, the vote quorum, NS, FPN…), each read from an
	// execution's parameters: over the rows that decide the verdict each
	// must take at least two values, or the claim is PARTIAL at most, naming
	// the variable (the varied-variables rule). A variable the tool fixes
	// (C-MUTEX-2's k = 1) is declared here so that the report says so.
	Vars []FormulaVar
	// SearchStates, when positive, is the budget of states of the claim's
	// exhaustive schedule search per row, in place of the engine's
	// (claims.Engine.ExploreStates, 20,000 by default), for a claim whose
	// smallest configuration needs more to be searched whole; an engine
	// that searches no schedule (ExploreStates 0) still searches none.
	SearchStates int64
	// DecidedSizes, when set, are the sizes the claim's sentence speaks
	// of (e.g. [S3] §IX's NS = 8): only the rows at these sizes decide the
	// verdict; the other sizes checked are evidence, shown in rows of
	// their own ("evidence (not deciding)") that never decide (the
	// decided-sizes rule). Each must be a size checked.
	DecidedSizes []int
	// NotModelled, when set, says why the tool does not check the claim
	// (it is registered so the report shows it, with this reason, as
	// UNCHECKED).
	NotModelled string
	// Settings are the execution families covered (at least one).
	Settings []Setting
	// Variants lists the variants (as ParseVariant strings) checked one
	// by one; nil means the default reading only.
	Variants []string
}

// CheckedVariants returns the variants c is checked under, one by one:
// Variants, or the default reading ("") alone when it lists none.
func (c *Claim) CheckedVariants() []string {
	if len(c.Variants) == 0 {
		return []string{""}
	}
	return c.Variants
}

// SentenceReading is one reading of a claim's sentence (Claim.Readings):
// its name and the measurement it takes.
type SentenceReading struct {
	// Name names the reading in rows and verdicts ("every message").
	Name string
	// Measure is the measurement under this reading (as Claim.Measure).
	Measure func(s model.System) (v int64, ok bool)
}

// TableColumn is one printed column of a Table claim beyond its first
// (Claim.Rows, against Claim.Formula).
type TableColumn struct {
	// Name names the column as the paper prints it ("RING").
	Name string
	// Formula, when set, is the paper's own formula for the column: a
	// printed number that differs from it is INCONSISTENT (the paper
	// against itself). FormulaText prints it.
	Formula     func(p Params) Rat
	FormulaText string
	// Spec and Config, when set, measure each row on a model: Config(the
	// row's parameters) run on Spec under the fair FIFO schedule to
	// quiescence, its messages counted under Accounting. A printed number
	// the model does not give is REFUTED (the model against the paper).
	// ModelText names the model run.
	Spec       model.Spec
	Config     func(p Params) *model.Config
	Accounting model.Accounting
	ModelText  string
	// Rows are the column's printed numbers.
	Rows []PrintedRow
	// NotChecked, when set, says why the column is not checked: the claim
	// is then PARTIAL at most.
	NotChecked string
}

// FormulaVar is a free variable of a claim's formula (Claim.Vars).
type FormulaVar struct {
	// Name is the variable as the formula prints it ("k").
	Name string
	// Of reads its value from an execution's parameters.
	Of func(p Params) int64
	// Fixed, when set, says why the claim's sentence fixes the variable
	// at one value (e.g. "FPN = 1: the sentence's own rule"): it need not
	// vary, and the report states it.
	Fixed string
}

// ClaimPart is a part of a claim (a sub-statement, a column, a reading)
// the tool does not check, with the reason.
type ClaimPart struct {
	// Name names the part ("the odd/even sentence").
	Name string `json:"name"`
	// Why says why it is not checked.
	Why string `json:"why"`
}

// Failures is the worst-case number of failures an execution of setting
// st has: the crashed coordinator, the other processes crashed before the
// run, the crashes injected during it and the successive coordinator
// crashes.
func (st *Setting) Failures() int {
	f := st.MaxDead + st.CrashBudget + st.Successive
	if st.CoordinatorDead {
		f++
	}
	return f
}

// GrowthStat is the statistic a Growth claim fits per size.
type GrowthStat uint8

const (
	// StatMax is the largest value over the executions of a size (the
	// worst case).
	StatMax GrowthStat = iota
	// StatMin is the smallest value (the best case).
	StatMin
	// StatMean is the mean over random configurations drawn by the
	// engine's sampler (never enumerated), so the distribution averaged
	// over is the sampler's and is stated in each row's coverage: a
	// uniformly random id arrangement and, for AnyInitiators, FPN uniform
	// in 1..n and then a uniformly random detector set of that size; for
	// OneInitiator one uniformly random detector.
	StatMean
)

// String names the statistic.
func (g GrowthStat) String() string { return [...]string{"maximum", "minimum", "mean"}[g] }

// OrderText renders a Growth claim's order: "n^2", "n^1·log n".
func (c *Claim) OrderText() string {
	s := fmt.Sprintf("n^%g", c.Order)
	switch c.LogOrder {
	case 0:
	case 1:
		s += "·log n"
	default:
		s += fmt.Sprintf("·(log n)^%d", c.LogOrder)
	}
	return s
}

// Rat is an exact rational value of a formula.
type Rat struct{ r big.Rat }

// RatInt returns the integer v as a Rat.
func RatInt(v int64) Rat {
	var x Rat
	x.r.SetInt64(v)
	return x
}

// RatOf returns a copy of v as a Rat.
func RatOf(v *big.Rat) Rat {
	var x Rat
	x.r.Set(v)
	return x
}

// HoldsRat reports whether measured stands in relation r to claimed.
func (r Relation) HoldsRat(measured, claimed Rat) bool {
	c := claimed.Cmp(measured)
	switch r {
	case AtMost:
		return c >= 0
	case AtLeast:
		return c <= 0
	default:
		return c == 0
	}
}

// RatFrac returns num/den as a Rat. den must not be 0.
func RatFrac(num, den int64) Rat {
	var x Rat
	x.r.SetFrac64(num, den)
	return x
}

// RatSub returns x − y.
func RatSub(x, y Rat) Rat {
	var d Rat
	d.r.Sub(&x.r, &y.r)
	return d
}

// Cmp compares x and y: -1, 0 or +1.
func (x Rat) Cmp(y Rat) int { return x.r.Cmp(&y.r) }

// String renders x as an integer when it is one, else as "p/q".
func (x Rat) String() string {
	if x.r.IsInt() {
		return x.r.Num().String()
	}
	return x.r.RatString()
}

// Float returns x as a float64 (for plots and fits only).
func (x Rat) Float() float64 { f, _ := x.r.Float64(); return f }

// Validate reports the first structural error in a claim declaration.
func (c *Claim) Validate() error {
	if c.ID == "" || c.Source == "" || c.Says == "" {
		return fmt.Errorf("claim %q: ID, Source and Says are required", c.ID)
	}
	if c.NotModelled != "" {
		return nil
	}
	if c.Kind == Table {
		if c.Formula == nil || c.FormulaText == "" || len(c.Rows) == 0 {
			return fmt.Errorf("claim %s: a table claim needs Formula, FormulaText and Rows", c.ID)
		}
		for _, col := range c.Columns {
			checked := (col.Formula != nil && col.FormulaText != "") || (col.Spec != nil && col.Config != nil)
			if col.Name == "" || (!checked && col.NotChecked == "") || (checked && len(col.Rows) == 0) {
				return fmt.Errorf("claim %s: column %q needs a name, rows and a formula, a model or the reason it is not checked", c.ID, col.Name)
			}
		}
		return nil
	}
	if c.NMin < 2 || c.NMax < c.NMin {
		return fmt.Errorf("claim %s: bad size range %d..%d", c.ID, c.NMin, c.NMax)
	}
	if len(c.Settings) == 0 {
		return fmt.Errorf("claim %s: no settings", c.ID)
	}
	for _, n := range c.Sizes {
		if n < c.NMin || n > c.NMax {
			return fmt.Errorf("claim %s: size %d is outside %d..%d", c.ID, n, c.NMin, c.NMax)
		}
	}
	for _, n := range c.DecidedSizes {
		if n < c.NMin || n > c.NMax || (len(c.Sizes) > 0 && !slices.Contains(c.Sizes, n)) {
			return fmt.Errorf("claim %s: decided size %d is not a size checked", c.ID, n)
		}
	}
	if c.Tight && c.Kind != Bound {
		return fmt.Errorf("claim %s: only a bound can be tight", c.ID)
	}
	if len(c.Readings) > 0 && (c.Kind != Bound || c.Tight) {
		return fmt.Errorf("claim %s: readings of the sentence are for a bound that is not tight", c.ID)
	}
	for _, r := range c.Readings {
		if r.Name == "" || r.Measure == nil {
			return fmt.Errorf("claim %s: a reading of the sentence needs a name and a measure", c.ID)
		}
	}
	if c.Stable && (c.Kind != Bound || c.Tight || c.FormulaText == "") {
		return fmt.Errorf("claim %s: a stability claim is a bound, not tight, with FormulaText saying what is stable", c.ID)
	}
	for _, st := range c.Settings {
		if st.Initiators == NoDetector && st.CoordinatorDead {
			return fmt.Errorf("claim %s, setting %q: no detector needs a live coordinator", c.ID, st.Name)
		}
	}
	switch c.Kind {
	case Bound:
		if (c.Formula == nil && !c.Stable) || c.FormulaText == "" {
			return fmt.Errorf("claim %s: a bound needs Formula and FormulaText", c.ID)
		}
	case Growth:
		if c.Order <= 0 {
			return fmt.Errorf("claim %s: a growth claim needs Order", c.ID)
		}
		if c.LogOrder < 0 || c.LogOrder > 3 {
			return fmt.Errorf("claim %s: LogOrder %d is outside 0..3", c.ID, c.LogOrder)
		}
		if c.Stat > StatMean {
			return fmt.Errorf("claim %s: unknown growth statistic %d", c.ID, c.Stat)
		}
		if c.Band < 0 || c.Band > 0 && (c.Stat != StatMean || c.Formula == nil || c.FormulaText == "") {
			return fmt.Errorf("claim %s: a confidence band needs a mean statistic, a Formula and FormulaText", c.ID)
		}
	case Probability:
		if len(c.Queries) == 0 || c.Formula == nil || c.FormulaText == "" {
			return fmt.Errorf("claim %s: a probability claim needs Queries, Formula and FormulaText", c.ID)
		}
	}
	if c.Kind != Probability {
		if len(c.Predicates)+len(c.Counters) > 0 {
			return fmt.Errorf("claim %s: only a probability claim has Predicates and Counters", c.ID)
		}
		for _, st := range c.Settings {
			if st.Restrict != nil {
				return fmt.Errorf("claim %s, setting %q: only a probability claim's setting restricts the scheduler", c.ID, st.Name)
			}
		}
	}
	if c.SearchStates < 0 {
		return fmt.Errorf("claim %s: SearchStates %d is negative", c.ID, c.SearchStates)
	}
	switch c.Kind {
	case Behaviour:
		if c.Props == 0 && c.Custom == nil && c.Invariant == nil {
			return fmt.Errorf("claim %s: a behaviour claim checks nothing", c.ID)
		}
	}
	return nil
}
