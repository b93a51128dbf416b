package runner

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/checker/mdp"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/render"
	"github.com/electlab/electlab/model"
)

// ProbLimits are the exact solver's limits under `explore -bound` with
// probabilistic names: the states are bounded by the build (-max-states,
// -max-mem), the numbers by MaxBits.
var ProbLimits = mdp.Limits{MaxBits: 256}

// ExploreProb builds the Markov decision process of cfg (spec's
// algorithm) from the state after the scenario events prefix — every
// scheduler's choice and every coin's outcome — computes exactly each
// probabilistic name the bound b (bound.Probabilistic) reads, prints them
// and the bound's verdict (JSON when jsonOut). A bound that fails is a
// finding (exit status 1); a cap reached (maxStates, maxMem) is a cap
// error, never a partial answer; an interrupt stops it with no answer.
//
// When the bound fails, the scheduler attaining each answer it read is
// written under out as a trace (the prefix, then its most likely path:
// prob.Witness), named in the report; `electlab replay` replays it.
func (tl Tool) ExploreProb(spec model.Spec, cfg *model.Config, prefix []model.Event, b *bound.Bound, maxStates int, maxMem int64, out string, jsonOut bool, stdout, stderr io.Writer) error {
	s0, err := newSystem(spec, cfg, Search, maxMem)
	if err != nil {
		return err
	}
	start, err := startAfter(s0, prefix)
	if err != nil {
		return err
	}
	lim := ProbLimits
	// -max-states bounds the MDP and the product of a "within L" query.
	lim.MaxStates = maxStates
	a, err := prob.AnalyzeWith(start, prob.Options{MaxStates: maxStates, MaxMem: maxMem, Stop: Interrupted}, lim)
	if errors.Is(err, prob.ErrInterrupted) {
		return exit.Interruptedf("interrupted: the Markov decision process was not finished (no answer)")
	}
	if err != nil {
		return exit.Capf("%v", err)
	}
	info := spec.Meta()
	v, _ := info.ParseVariant(cfg.Variant)
	rep := &render.ProbReport{Algorithm: info.Name, Variant: info.FormatVariant(v), N: len(cfg.IDs) + len(cfg.Absent), IDs: cfg.IDs,
		Options: render.OptionsOf(cfg), Prefix: []string{}, Schedulers: render.UnrestrictedSchedulers,
		MaxStates: maxStates, MaxMem: maxMem, States: a.States(), Actions: a.Actions(), Transitions: a.Transitions(), MemEstimate: a.Bytes(),
		Answers: []render.ProbAnswer{}, Bound: b.String()}
	for _, ev := range prefix {
		rep.Prefix = append(rep.Prefix, ev.String())
	}
	vals := bound.Values{N: rep.N, Crashed: len(cfg.Crashed), Live: len(cfg.IDs) - len(cfg.Crashed), Initiators: len(cfg.Initiators), Prob: map[string]prob.Answer{}}
	if vals.Initiators == 0 {
		vals.Initiators = vals.Live
	}
	for _, q := range b.Queries() {
		ans, err := a.Query(q)
		if err != nil {
			return exit.Capf("%v", err)
		}
		if Interrupted() {
			return exit.Interruptedf("interrupted: after computing %d of the bound's %d probabilistic names (no verdict)", len(rep.Answers), len(b.Queries()))
		}
		vals.Prob[q.String()] = ans
		pa := render.ProbAnswer{Name: q.String(), Infinite: ans.Inf}
		if !ans.Inf {
			pa.Value = ans.Value.RatString()
			pa.Approx, _ = ans.Value.Float64()
		}
		rep.Answers = append(rep.Answers, pa)
	}
	err = b.Check(vals)
	var f *bound.Failure
	switch {
	case errors.As(err, &f):
		rep.Failure = f.Error()
	case err != nil:
		rep.Error = err.Error()
	default:
		rep.Holds = true
	}
	if f != nil {
		for i, q := range b.Queries() {
			if err := tl.writeWitness(a, q, s0, prefix, &rep.Answers[i], out, info.Name, stderr); err != nil {
				return err
			}
		}
	}
	if jsonOut {
		if err := render.WriteJSON(stdout, rep); err != nil {
			return err
		}
	} else {
		render.PrintProb(stdout, rep)
	}
	if rep.Error != "" {
		return exit.Usagef("-bound %s: %s", rep.Bound, rep.Error)
	}
	if !rep.Holds {
		return exit.Findingf("%s", fmt.Sprintf("bound violated: %s", rep.Failure))
	}
	return nil
}

// writeWitness writes the scheduler attaining q's answer as a trace under
// out and records it in pa (or why there is none).
func (tl Tool) writeWitness(a *prob.Analysis, q prob.Query, s0 model.System, prefix []model.Event, pa *render.ProbAnswer, out, algo string, stderr io.Writer) error {
	pa.Witness = &render.ProbWitness{Loop: -1}
	w, err := a.Witness(q)
	if err != nil {
		pa.Witness.NoTrace = err.Error()
		return nil
	}
	pa.Witness.Events, pa.Witness.Probability, pa.Witness.Ends, pa.Witness.Loop = len(w.Events), w.Prob.RatString(), w.Ends, w.Loop
	events := append(append([]model.Event(nil), prefix...), w.Events...)
	note := fmt.Sprintf("the scheduler attaining %s = %s over the Markov decision process of %d states (electlab explore -bound): its most likely path, probability %s, ends %s", q, pa.ValueText(), a.States(), w.Prob.RatString(), w.Ends)
	if w.Loop >= 0 {
		note += fmt.Sprintf("; the events from number %d on form a cycle back to the state after event %d, repeated for ever", len(prefix)+w.Loop+1, len(prefix)+w.Loop)
	}
	name := fmt.Sprintf("electlab-%s-witness-%s.json", algo, fileWord(q.String()))
	path, notes, writeErr, err := SaveFinding(out, name, &checker.Counterexample{Initial: s0, Events: events}, "", note, stderr)
	if err != nil {
		return err
	}
	if notes != "" {
		fmt.Fprintf(stderr, "electlab: %s\n", notes)
	}
	if writeErr != nil {
		fmt.Fprintf(stderr, "electlab: the witness of %s could not be written where -out says (%v); it is at %s\n", q, writeErr, path)
	}
	pa.Witness.Trace = path
	if path == "" {
		pa.Witness.NoTrace = "over the trace limit"
	}
	return nil
}

// fileWord makes a query a file-name word: Pmin[elected within 3 rounds]
// is Pmin-elected-within-3-rounds.
func fileWord(s string) string {
	return strings.Trim(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '-'
	}, s), "-")
}
