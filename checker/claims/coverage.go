package claims

import (
	"fmt"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/model"
)

// Checked points: where an execution must get to for the row's check to
// be judged on it (Coverage.Point).
const (
	// PointInstant: instantaneous properties, judged after every event;
	// every execution reaches them.
	PointInstant = "every instant"
	// PointQuiescence: end-of-run checks (agreement, validity, the claim's
	// own check, termination), judged at quiescence.
	PointQuiescence = "the end-of-run check (at quiescence)"
	// PointMeasured: a measured quantity (a bound, a growth statistic),
	// taken at quiescence when the execution has something to measure.
	PointMeasured = "the measured quantity"
	// PointArithmetic: a printed number recomputed from the paper's
	// formula (no execution).
	PointArithmetic = "arithmetic"
	// PointExtreme: a Tight bound's extreme, over the executions of the
	// rows before it.
	PointExtreme = "the extreme over the rows above"
)

// Coverage is what one row checked, as data. Row.Coverage is its text.
type Coverage struct {
	// Exhaustive lists the sizes at which every configuration was
	// enumerated (each under Schedules schedules).
	Exhaustive []int `json:"exhaustive_sizes,omitempty"`
	// Schedules is the number of schedules each enumerated configuration
	// is run under.
	Schedules int `json:"schedules_per_configuration,omitempty"`
	// Sampled lists the sizes sampled with SampledCases random
	// configurations (each with its own random schedule).
	Sampled      []int `json:"sampled_sizes,omitempty"`
	SampledCases int   `json:"sampled_cases_per_size,omitempty"`
	// AllSchedules lists the sizes at which every schedule of every
	// configuration was explored.
	AllSchedules []int `json:"all_schedule_sizes,omitempty"`
	// Point is where an execution must get to for the check to be judged
	// (PointInstant, PointQuiescence, PointMeasured, PointArithmetic,
	// PointExtreme).
	Point string `json:"checked_point"`
	// Executions is the number of executions run (printed numbers
	// recomputed, for arithmetic).
	Executions int `json:"executions"`
	// Reached is how many of them reached Point: the check was judged on
	// Reached executions. Zero makes a row UNCHECKED.
	Reached int `json:"reached"`
	// Cycled counts executions whose fair continuation provably cycles
	// (a state repeated under the deterministic fair schedule): they never
	// terminate.
	Cycled int `json:"cycled,omitempty"`
	// Capped counts executions stopped by the step cap (neither quiescent
	// nor provably cycling): "cap reached", undecided, not a violation.
	Capped int `json:"capped,omitempty"`
	// StepCap is the largest step cap an execution of the row ran under.
	StepCap int `json:"step_cap,omitempty"`
	// Parts lists the parts of the claim (table columns, sub-statements)
	// and whether this row checked them.
	Parts []Part `json:"parts,omitempty"`
	// Seed is the engine's base seed (0 for arithmetic).
	Seed uint64 `json:"seed,omitempty"`
	// Family reports that the configurations are the setting's own
	// indexed family (claim.Setting.Family), not every id arrangement,
	// initiator set and dead set.
	Family bool `json:"family,omitempty"`
}

// Part is one part of a claim (a column of a table, a sub-statement) and
// whether it was checked.
type Part struct {
	// Name names the part as the paper does ("Table 1, RING column").
	Name string `json:"name"`
	// Checked reports that the part was checked.
	Checked bool `json:"checked"`
	// Why says why an unchecked part is not checked.
	Why string `json:"why,omitempty"`
}

// Empty reports that nothing was judged: no execution (or printed number)
// reached the checked point.
func (c *Coverage) Empty() bool { return c.Reached == 0 }

// Unchecked lists the parts not checked.
func (c *Coverage) Unchecked() []Part {
	var out []Part
	for _, p := range c.Parts {
		if !p.Checked {
			out = append(out, p)
		}
	}
	return out
}

// judge applies the coverage rule to a row's own verdict: a row that
// holds but whose check no execution reached is UNCHECKED; one that holds
// with a part unchecked, with executions stopped at the step cap before
// the termination it promises was decided, or whose checked executions are
// a minority of those that could reach its check (the minority rule,
// minority.go), is PARTIAL. Other
// verdicts (a refutation, an inconsistency) stand: they are decided by
// what was found.
func (c *Coverage) judge(verdict Verdict, promisesTermination bool) (Verdict, string) {
	if verdict != Holds {
		return verdict, ""
	}
	if c.Empty() {
		return Unchecked, fmt.Sprintf("no execution reached %s (%s)", c.Point, c.executionsText())
	}
	var why []string
	for _, p := range c.Unchecked() {
		why = append(why, fmt.Sprintf("%s not checked: %s", p.Name, p.Why))
	}
	if promisesTermination && c.Capped > 0 {
		why = append(why, fmt.Sprintf("termination undecided for %d execution(s) stopped at the step cap of %d events (cap reached, not a violation)", c.Capped, c.StepCap))
	}
	if m := c.minority(); m != "" {
		why = append(why, m)
	}
	if len(why) > 0 {
		return Partial, strings.Join(why, "; ")
	}
	return Holds, ""
}

// executionsText states how many executions reached the checked point and
// how the others ended.
func (c *Coverage) executionsText() string {
	if c.Point == PointArithmetic {
		return fmt.Sprintf("%d printed number(s) recomputed", c.Reached)
	}
	if c.Point == PointMDP {
		s := fmt.Sprintf("%d of %d queries (one per configuration and query) answered exactly", c.Reached, c.Executions)
		if c.Capped > 0 {
			s += fmt.Sprintf("; %d not answered: a cap of the build or the solver reached (undecided)", c.Capped)
		}
		return s
	}
	s := fmt.Sprintf("%d of %d executions reached %s", c.Reached, c.Executions, c.Point)
	if c.Cycled > 0 {
		s += fmt.Sprintf("; %d never terminate (the fair continuation provably cycles)", c.Cycled)
	}
	if c.Capped > 0 {
		s += fmt.Sprintf("; %d stopped at the step cap of %d events (cap reached, undecided)", c.Capped, c.StepCap)
	}
	return s
}

// Text renders the record as the row's human-readable coverage: the sizes
// covered and how, the executions that reached the checked point, the
// parts not checked, the seed.
func (c *Coverage) Text() string {
	var parts []string
	if c.Point == PointArithmetic {
		parts = append(parts, "the paper's formula evaluated exactly, as a rational")
	} else {
		if len(c.Exhaustive)+len(c.Sampled) == 0 && c.Point != PointExtreme {
			parts = append(parts, "nothing checked")
		}
		every, random := "every id arrangement (up to rotation on rings), initiator set and dead set", "random configurations"
		if c.Family {
			every, random = "every configuration of the setting's family", "random configurations of the setting's family"
		}
		if len(c.Exhaustive) > 0 && c.Point == PointMDP {
			parts = append(parts, fmt.Sprintf("n=%s: %s, each one's Markov decision process whole (every scheduler, every coin outcome; exact rationals)", sizes(c.Exhaustive), every))
		} else if len(c.Exhaustive) > 0 {
			kinds := "FIFO or oldest-first, newest-first, uniform"
			if c.Schedules == 4 {
				kinds = "oldest-first, newest-first and uniform, each injecting crashes, and FIFO without one"
			}
			parts = append(parts, fmt.Sprintf("n=%s: %s, %d schedules each (%s)", sizes(c.Exhaustive), every, c.Schedules, kinds))
		}
		if len(c.Sampled) > 0 {
			parts = append(parts, fmt.Sprintf("n=%s: %d %s and schedules each", sizes(c.Sampled), c.SampledCases, random))
		}
		if c.Point == PointExtreme {
			parts = append(parts, "the executions of the rows above with this reading")
		}
		if c.Executions > 0 {
			parts = append(parts, c.executionsText())
		}
	}
	for _, p := range c.Unchecked() {
		parts = append(parts, fmt.Sprintf("%s: not checked (%s)", p.Name, p.Why))
	}
	if c.Seed != 0 && c.Point != PointArithmetic && c.Point != PointExtreme {
		parts = append(parts, fmt.Sprintf("seed %d", c.Seed))
	}
	return strings.Join(parts, "; ")
}

// checkedPoint is where claim c's check is judged on an execution.
func checkedPoint(c *claim.Claim) string {
	switch c.Kind {
	case claim.Bound, claim.Growth:
		return PointMeasured
	case claim.Table:
		return PointArithmetic
	}
	if c.Custom != nil || c.Props&(model.Agreement|model.Validity|model.Termination) != 0 {
		return PointQuiescence
	}
	return PointInstant
}

// StepCap is the step cap of one execution of a configuration of n
// processes when the engine's MaxSteps is 0 (derived): 20000 events, or
// 64·n² for larger systems (n > 17), so the budget grows with the O(n²)
// messages of the elections modelled. The adversary's prefix (fairAfter)
// stays 4000 events: the fair FIFO continuation then has the rest of the
// cap to reach quiescence or to provably cycle. (A prefix that has had
// one event to choose for long and cycles stops early: checker.Options.)
func StepCap(n int) (maxSteps, fairAfter int) {
	maxSteps = 20000
	if m := 64 * n * n; m > maxSteps {
		maxSteps = m
	}
	return maxSteps, 4000
}

// caps returns the step cap and the fair-continuation start of an
// execution of n processes: the engine's when set, else derived (Caps).
func (e *Engine) caps(n int) (maxSteps, fairAfter int) {
	return Caps(e.MaxSteps, e.FairAfter, n)
}

// Caps resolves an engine's MaxSteps and FairAfter for an execution of n
// processes: maxSteps when positive, else derived (StepCap); fairAfter
// when positive and within the cap, else the derived one or half the cap.
func Caps(maxSteps, fairAfter, n int) (int, int) {
	if maxSteps <= 0 {
		d, f := StepCap(n)
		maxSteps = d
		if fairAfter <= 0 {
			fairAfter = f
		}
	}
	if fairAfter <= 0 || fairAfter > maxSteps {
		fairAfter = maxSteps / 2 // Execute's default
	}
	return maxSteps, fairAfter
}
