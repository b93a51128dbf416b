package render

import (
	"fmt"
	"io"

	"github.com/electlab/electlab/model"
)

// ProbReport is the JSON output of `electlab explore -bound` with
// probabilistic names (a contract: fields may be added, never renamed):
// the Markov decision process of one configuration and the exact answers.
type ProbReport struct {
	Algorithm string     `json:"algorithm"`
	Variant   string     `json:"variant"`
	N         int        `json:"n"`
	IDs       []model.ID `json:"ids"`
	Options   Options    `json:"options"`
	// Prefix is the scenario's scripted events the MDP starts after.
	Prefix []string `json:"prefix"`
	// Schedulers says over which schedulers the extremes are taken.
	Schedulers string `json:"schedulers"`
	// MaxStates and MaxMem are the bounds the MDP was built under (0 =
	// none).
	MaxStates int   `json:"max_states"`
	MaxMem    int64 `json:"max_mem"`
	// States, Actions and Transitions count the MDP; MemEstimate is the
	// graph's estimated memory.
	States      int   `json:"states"`
	Actions     int   `json:"actions"`
	Transitions int   `json:"transitions"`
	MemEstimate int64 `json:"mem_estimate_bytes"`
	// Answers are the probabilistic names the bound reads, in its order.
	Answers []ProbAnswer `json:"answers"`
	// Bound is the bound; Holds whether it holds; Failure, when it does
	// not, the failure's message.
	Bound   string `json:"bound"`
	Holds   bool   `json:"holds"`
	Failure string `json:"failure,omitempty"`
	// Error, when set, says why the bound could not be evaluated on the
	// answers (an infinite expectation, a division by zero): no verdict.
	Error string `json:"error,omitempty"`
}

// ProbAnswer is one probabilistic name's exact answer.
type ProbAnswer struct {
	Name string `json:"name"`
	// Value is the exact rational ("31/3"), "" when Infinite; Approx its
	// decimal approximation (for reading only).
	Value    string  `json:"value"`
	Approx   float64 `json:"approx"`
	Infinite bool    `json:"infinite"`
	// Witness is, when the bound fails, the scheduler attaining this
	// answer shown as a path (checker/prob.Witness), written as a trace.
	Witness *ProbWitness `json:"witness,omitempty"`
}

// ProbWitness is the scheduler attaining an answer, as a replayable path.
type ProbWitness struct {
	// Trace is the trace file ("" when none was written: NoTrace says
	// why); Events its length; Probability the path's probability under
	// the scheduler; Ends where it ends; Loop, when ≥ 0, the event where a
	// cycle the scheduler repeats for ever starts.
	Trace       string `json:"trace,omitempty"`
	NoTrace     string `json:"no_trace,omitempty"`
	Events      int    `json:"events"`
	Probability string `json:"probability,omitempty"`
	Ends        string `json:"ends,omitempty"`
	Loop        int    `json:"loop"`
}

// UnrestrictedSchedulers is ProbReport.Schedulers: every scheduler, fair
// or not (checker/prob).
const UnrestrictedSchedulers = "every scheduler (history-dependent, fair or not) and every coin outcome"

// PrintProb prints r as `electlab explore -bound` with probabilistic names
// does.
func PrintProb(w io.Writer, r *ProbReport) {
	fmt.Fprintf(w, "algorithm    %s (variant %s)\n", r.Algorithm, r.Variant)
	fmt.Fprintf(w, "processes    n=%d, ids %s\n", r.N, model.SummarizeIDs(r.IDs))
	optionsLine(w, &r.Options)
	if len(r.Prefix) > 0 {
		fmt.Fprintf(w, "prefix       %d scripted events\n", len(r.Prefix))
	}
	bounds := ""
	if r.MaxStates > 0 {
		bounds += fmt.Sprintf(" max-states %d", r.MaxStates)
	}
	if r.MaxMem > 0 {
		bounds += " max-mem " + model.FormatBytes(r.MaxMem)
	}
	if bounds != "" {
		bounds = ", bounds" + bounds
	}
	fmt.Fprintf(w, "search       Markov decision process, exact rationals; extremes over %s%s\n", r.Schedulers, bounds)
	fmt.Fprintf(w, "states       %d distinct; %d actions, %d transitions; estimate %s\n", r.States, r.Actions, r.Transitions, model.ApproxBytes(r.MemEstimate))
	width := 0
	for _, a := range r.Answers {
		width = max(width, len(a.Name))
	}
	for _, a := range r.Answers {
		v := "infinity"
		if !a.Infinite {
			v = a.Value
			if approx := fmt.Sprintf("%.6g", a.Approx); approx != a.Value {
				v += " (≈ " + approx + ")"
			}
		}
		fmt.Fprintf(w, "  %-*s = %s\n", width, a.Name, v)
	}
	switch {
	case r.Error != "":
		fmt.Fprintf(w, "verdict      none: the bound cannot be evaluated: %s\n", r.Error)
	case r.Holds:
		fmt.Fprintf(w, "verdict      bound %s holds (exact, over %s)\n", r.Bound, r.Schedulers)
	default:
		fmt.Fprintf(w, "VIOLATION    %s\n", r.Failure)
		for _, a := range r.Answers {
			x := a.Witness
			switch {
			case x == nil:
			case x.Trace == "":
				fmt.Fprintf(w, "  %s: no witness: %s\n", a.Name, x.NoTrace)
			default:
				loop := ""
				if x.Loop >= 0 {
					loop = fmt.Sprintf(", the events from number %d on repeating for ever", x.Loop+1)
				}
				fmt.Fprintf(w, "  %s: the scheduler attaining it; its most likely path (%d events, probability %s) ends %s%s\n", a.Name, x.Events, x.Probability, x.Ends, loop)
				fmt.Fprintf(w, "    trace: %s (replay with: electlab replay %s)\n", x.Trace, x.Trace)
			}
		}
	}
}

// ValueText is the answer as printed: the exact rational or "infinity".
func (a *ProbAnswer) ValueText() string {
	if a.Infinite {
		return "infinity"
	}
	return a.Value
}
