package render

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// RunReport is the JSON output of `electlab run` (a contract: scripts rely
// on these field names).
type RunReport struct {
	Algorithm string     `json:"algorithm"`
	Variant   string     `json:"variant"`
	N         int        `json:"n"`
	IDs       []model.ID `json:"ids"`
	Options   Options    `json:"options"`
	Schedule  string     `json:"schedule"`
	Seed      uint64     `json:"seed"`
	Engine    string     `json:"engine"`
	// Kind is "mutual exclusion" for a mutual-exclusion algorithm
	// (model.Info.Mutex), whose runs are checked for mutual exclusion and
	// termination, not for a leader (left out for an election).
	// It is "term-based election" for one (model.Info.Terms), whose
	// runs are checked for its invariant (Invariant names it) alone.
	Kind string `json:"kind,omitempty"`
	// Invariant names the algorithm's own step invariant checked at every
	// step of the run (model.Info.InvariantName; left out when none, and
	// under the sim engine, which does not check it).
	Invariant string   `json:"invariant,omitempty"`
	Leader    model.ID `json:"leader"`
	Agreed    bool     `json:"agreed"`
	// LeaderNotLive is set when the leader every live process holds is
	// not itself live (it crashed): agreed, but on no live leader.
	LeaderNotLive bool                `json:"leader_not_live,omitempty"`
	Coordinators  []model.ID          `json:"coordinators"`
	Quiescent     bool                `json:"quiescent"`
	Messages      model.MessageCounts `json:"messages"`
	Steps         int64               `json:"steps"`
	TimeHops      int64               `json:"time_hops"`
	Violations    []checker.Violation `json:"violations"`
	// Capped names the cap or bound that stopped the run before
	// quiescence (left out when none did): unfinished, not a verdict.
	Capped string `json:"capped,omitempty"`
	// MaxSteps is the step cap the run had (0 = none).
	MaxSteps int `json:"max_steps"`
	// Bound is the -bound judged on the run (left out when none).
	Bound *BoundResult `json:"bound,omitempty"`
}

// BoundResult is a -bound judged on one execution: the bound
// (canonical), whether it holds, and the two sides (exact rationals as
// strings) of the comparison that decided it.
type BoundResult struct {
	Bound string `json:"bound"`
	Holds bool   `json:"holds"`
	LHS   string `json:"lhs"`
	RHS   string `json:"rhs"`
}

// NewRunReport is the report of a run of cfg (spec's algorithm) before it
// runs: the algorithm, the configuration's options, the schedule, its
// seed and the step cap.
func NewRunReport(spec model.Spec, cfg *model.Config, schedule string, seed uint64, maxSteps int) RunReport {
	rep := RunReport{Algorithm: cfg.Algo, N: len(cfg.IDs) + len(cfg.Absent), IDs: cfg.IDs, Schedule: schedule, Seed: seed,
		Options: OptionsOf(cfg), Violations: []checker.Violation{}, MaxSteps: maxSteps}
	info := spec.Meta()
	v, _ := info.ParseVariant(cfg.Variant)
	rep.Variant = info.FormatVariant(v)
	switch {
	case info.Mutex:
		rep.Kind = KindMutex
	case info.Terms:
		rep.Kind = KindTerms
	}
	if info.Invariant != nil {
		rep.Invariant = info.InvariantName
	}
	return rep
}

// KindMutex is RunReport.Kind of a mutual-exclusion algorithm.
const KindMutex = "mutual exclusion"

// KindTerms is RunReport.Kind of a term-based election (Raft).
const KindTerms = "term-based election"

// PrintRun prints the summary of a run as `electlab run` does.
func PrintRun(w io.Writer, r *RunReport) {
	fmt.Fprintf(w, "algorithm    %s (variant %s)\n", r.Algorithm, r.Variant)
	fmt.Fprintf(w, "processes    n=%d, ids %s\n", r.N, model.SummarizeIDs(r.IDs))
	optionsLine(w, &r.Options)
	fmt.Fprintf(w, "schedule     %s (seed %d, %s engine)\n", r.Schedule, r.Seed, r.Engine)
	switch {
	case r.Kind == KindTerms && r.Invariant != "":
		fmt.Fprintf(w, "kind         term-based election: a leader per term; checked: %s at every step (none of the generic properties fits)\n", r.Invariant)
	case r.Kind == KindTerms:
		fmt.Fprintf(w, "kind         term-based election: a leader per term; checked: nothing (none of the generic properties fits, and the %s engine does not check its invariant at every step: -engine world does)\n", r.Engine)
	}
	switch {
	case r.Kind == KindMutex && r.Engine == "sim":
		fmt.Fprintf(w, "kind         mutual exclusion: elects no leader; checked: termination (quiescence) only (the %s engine checks neither the lock's history nor mutual exclusion at every step: -engine world does)\n", r.Engine)
	case r.Kind == KindMutex:
		fmt.Fprintf(w, "kind         mutual exclusion: elects no leader; checked: mutual exclusion (the lock's history) and termination\n")
	case r.Agreed && r.LeaderNotLive:
		fmt.Fprintf(w, "leader       %d, held by every live process, but process %d is not live: no live leader\n", r.Leader, r.Leader)
	case r.Agreed:
		fmt.Fprintf(w, "leader       %d, agreed by every live process\n", r.Leader)
	default:
		fmt.Fprintf(w, "leader       no agreement\n")
	}
	if r.Kind != KindMutex {
		fmt.Fprintf(w, "coordinators %s\n", orNone(r.Coordinators))
	}
	kinds := make([]string, 0, len(r.Messages.ByKind))
	for k := range r.Messages.ByKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var per []string
	for _, k := range kinds {
		per = append(per, fmt.Sprintf("%s %d", k, r.Messages.ByKind[k].Sends))
	}
	fmt.Fprintf(w, "messages     sends %d (%s), transmissions %d, deliveries %d, forwarded by crashed nodes %d\n",
		r.Messages.Sends, strings.Join(per, ", "), r.Messages.Transmissions, r.Messages.Deliveries, r.Messages.Forwards)
	q := "quiescent"
	switch {
	case r.Capped == "interrupted":
		q = "NOT quiescent: interrupted (not a verdict)"
	case r.Capped != "":
		q = "NOT quiescent: cap reached (not a verdict): " + r.Capped
	case !r.Quiescent:
		q = "NOT quiescent"
	}
	fmt.Fprintf(w, "steps        %d (%s)\n", r.Steps, q)
	if r.Kind != KindMutex {
		fmt.Fprintf(w, "time         %d link delays (longest causal message chain to the last decision)\n", r.TimeHops)
	}
	if b := r.Bound; b != nil {
		verdict := "holds"
		if !b.Holds {
			verdict = "VIOLATED"
		}
		fmt.Fprintf(w, "bound        %s: %s (decided by %s against %s)\n", b.Bound, verdict, b.LHS, b.RHS)
	}
	if len(r.Violations) == 0 {
		fmt.Fprintf(w, "violations   none\n")
	}
	for _, v := range r.Violations {
		fmt.Fprintf(w, "violation    %s\n", v.Error())
	}
}

// orNone is ids summarised (model.SummarizeIDs), or none.
func orNone(ids []model.ID) string {
	if len(ids) == 0 {
		return "none"
	}
	return model.SummarizeIDs(ids)
}
