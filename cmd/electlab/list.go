package main

import (
	"fmt"
	"io"
	"strings"

	"electlab/algos"
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

type listReport struct {
	Algorithms []listAlgo   `json:"algorithms"`
	Options    []listOption `json:"options"`
}

var listOptions = []listOption{
	{"-timing", []string{"async", "sync"}, "async", "async: one event at a time in any order; sync: lock-step rounds, a round's messages delivered as one batch per process"},
	{"-timeouts", []string{"accurate", "early"}, "accurate", "accurate: a timer fires only when no message is in flight; early: whenever it is armed"},
	{"-net", []string{"fifo", "unordered"}, "fifo", "per-link channel discipline"},
	{"-forwarding", []string{"auto", "true", "false"}, "auto", "the control part of a crashed ring node forwards messages (seed 001's assumption)"},
	{"-schedule", schedules, "fifo", "fifo is fair and deterministic; the others are seeded adversaries (check also has mix, its default: all of them in turn)"},
	{"-crash-budget", []string{"0..live"}, "0", "crashes the adversary may inject during the run"},
}

func buildList() listReport {
	var rep listReport
	for _, a := range algos.All {
		in := a.Meta()
		la := listAlgo{Name: in.Name, Title: in.Title, Source: in.Source, Topology: in.Topology.String(),
			Elects: "highest live id", Forwarding: in.Forwarding, Messages: []string{}, Ambiguities: []listAmbiguity{}, Claims: []listClaim{}}
		if in.MinID {
			la.Elects = "lowest live id"
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
		for _, c := range in.Claims {
			la.Claims = append(la.Claims, listClaim{ID: c.ID, Kind: c.Kind.String(), Source: c.Source, Says: c.Says, Formula: c.FormulaText})
		}
		rep.Algorithms = append(rep.Algorithms, la)
	}
	rep.Options = listOptions
	return rep
}

func cmdList(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("list", "list [-json]", stderr)
	jsonOut := fs.Bool("json", false, "print as JSON")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	rep := buildList()
	if *jsonOut {
		return writeJSON(stdout, rep)
	}
	for _, a := range rep.Algorithms {
		fmt.Fprintf(stdout, "%s — %s\n", a.Name, a.Title)
		fmt.Fprintf(stdout, "  source     %s\n", a.Source)
		fmt.Fprintf(stdout, "  topology   %s; elects the %s; messages: %s; crashed ring nodes forward by default: %t\n",
			a.Topology, a.Elects, strings.Join(a.Messages, ", "), a.Forwarding)
		for _, amb := range a.Ambiguities {
			fmt.Fprintf(stdout, "  variant    %s: %s\n", amb.ID, amb.Question)
			for _, r := range amb.Readings {
				def := ""
				if r.Default {
					def = " (default)"
				}
				fmt.Fprintf(stdout, "               -variant %s%s: %s\n", r.Name, def, r.Meaning)
			}
		}
		for _, c := range a.Claims {
			f := ""
			if c.Formula != "" {
				f = " [" + c.Formula + "]"
			}
			fmt.Fprintf(stdout, "  claim      %s (%s, %s)%s\n", c.ID, c.Kind, c.Source, f)
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintln(stdout, "options (run, check):")
	for _, o := range rep.Options {
		fmt.Fprintf(stdout, "  %-14s %s (default %s): %s\n", o.Flag, strings.Join(o.Values, "|"), o.Default, o.Meaning)
	}
	return nil
}
