package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/electlab/electlab/claim"
)

type listReading struct {
	Name    string `json:"name"`
	Default bool   `json:"default"`
	Meaning string `json:"meaning"`
}

type listAmbiguity struct {
	ID       string        `json:"id"`
	Question string        `json:"question"`
	Readings []listReading `json:"readings"`
}

type listClaim struct {
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Source  string `json:"source"`
	Says    string `json:"says"`
	Formula string `json:"formula,omitempty"`
}

type listAlgo struct {
	Name        string          `json:"name"`
	Title       string          `json:"title"`
	Source      string          `json:"source"`
	Topology    string          `json:"topology"`
	Elects      string          `json:"elects"`
	Forwarding  bool            `json:"forwarding_default"`
	Messages    []string        `json:"messages"`
	Ambiguities []listAmbiguity `json:"ambiguities"`
	Claims      []listClaim     `json:"claims"`
}

type listOption struct {
	Flag    string   `json:"flag"`
	Values  []string `json:"values"`
	Default string   `json:"default"`
	Meaning string   `json:"meaning"`
}

// ListReport is the output of `electlab list`: every algorithm with its
// readings and claims, and the execution options.
type ListReport struct {
	Algorithms []listAlgo   `json:"algorithms"`
	Options    []listOption `json:"options"`
}

// listOptions are the execution options list describes; schedules are
// the -schedule values.
func listOptions(schedules []string) []listOption {
	return []listOption{
		{"-timing", []string{"async", "sync"}, "async", "async: one event at a time in any order; sync: lock-step rounds, a round's messages delivered as one batch per process"},
		{"-timeouts", []string{"accurate", "early", "dead-late"}, "accurate", "accurate: a timer fires only when no message is in flight; early: whenever it is armed; dead-late: only when no message a live process sent is in flight (a crashed process's may arrive later)"},
		{"-net", []string{"fifo", "unordered"}, "fifo", "per-link channel discipline"},
		{"-forwarding", []string{"auto", "true", "false"}, "auto", "the control part of a crashed ring node forwards messages (seed 001's assumption)"},
		{"-schedule", schedules, "fifo", "fifo is fair and deterministic; the others are seeded adversaries (check also has mix, its default: all of them in turn)"},
		{"-crash-budget", []string{"0..live"}, "0", "crashes the adversary may inject during the run"},
	}
}

// List is the list of every algorithm of reg and of the execution options
// (schedules: the -schedule values).
func List(reg claim.Registry, schedules []string) ListReport {
	var rep ListReport
	for _, a := range reg.Algorithms {
		in := a.Meta()
		la := listAlgo{Name: in.Name, Title: in.Title, Source: in.Source, Topology: in.Topology.String(),
			Elects: "highest live id", Forwarding: in.Forwarding, Messages: []string{}, Ambiguities: []listAmbiguity{}, Claims: []listClaim{}}
		if in.MinID {
			la.Elects = "lowest live id"
		}
		if in.Elects != "" {
			la.Elects = in.Elects
		}
		for _, k := range in.Kinds {
			la.Messages = append(la.Messages, k.Name)
		}
		for _, amb := range in.Ambiguities {
			a := listAmbiguity{ID: amb.ID, Question: amb.Question}
			for r, name := range amb.Readings {
				meaning := ""
				if r < len(amb.Explain) {
					meaning = amb.Explain[r]
				}
				a.Readings = append(a.Readings, listReading{Name: name, Default: r == amb.Default, Meaning: meaning})
			}
			la.Ambiguities = append(la.Ambiguities, a)
		}
		for _, c := range a.Claims {
			la.Claims = append(la.Claims, listClaim{ID: c.ID, Kind: c.Kind.String(), Source: c.Source, Says: c.Says, Formula: c.FormulaText})
		}
		rep.Algorithms = append(rep.Algorithms, la)
	}
	rep.Options = listOptions(schedules)
	return rep
}

// PrintList prints rep as `electlab list` does.
func PrintList(w io.Writer, rep *ListReport) {
	for _, a := range rep.Algorithms {
		fmt.Fprintf(w, "%s — %s\n", a.Name, a.Title)
		fmt.Fprintf(w, "  source     %s\n", a.Source)
		fmt.Fprintf(w, "  topology   %s; elects the %s; messages: %s; crashed ring nodes forward by default: %t\n",
			a.Topology, a.Elects, strings.Join(a.Messages, ", "), a.Forwarding)
		for _, amb := range a.Ambiguities {
			fmt.Fprintf(w, "  variant    %s: %s\n", amb.ID, amb.Question)
			for _, r := range amb.Readings {
				def := ""
				if r.Default {
					def = " (default)"
				}
				fmt.Fprintf(w, "               -variant %s%s: %s\n", r.Name, def, r.Meaning)
			}
		}
		for _, c := range a.Claims {
			f := ""
			if c.Formula != "" {
				f = " [" + c.Formula + "]"
			}
			fmt.Fprintf(w, "  claim      %s (%s, %s)%s\n", c.ID, c.Kind, c.Source, f)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, "options (run, check):")
	for _, o := range rep.Options {
		fmt.Fprintf(w, "  %-14s %s (default %s): %s\n", o.Flag, strings.Join(o.Values, "|"), o.Default, o.Meaning)
	}
}
