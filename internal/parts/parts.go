// Package parts is the one home of the split contract of electlab's heavy
// commands (check -part, claims -part; docs/CLI.md): the head every part
// file starts with, the guard of CMD -merge (ReadParts: one command's
// parts 1..k, once each, of one format version, key scheme, set of
// options and problem) and the longest-processing-time assignment of
// tasks to parts by their tabled cost (Assign).
//
// It imports nothing of the project but internal/exit: the commands'
// packages (internal/runner, internal/report) define their part files
// around Head.
package parts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/electlab/electlab/internal/exit"
)

// Head is the start of every part file: who wrote it, its kind, format
// version and key scheme (how the work is keyed, so that the merged
// result does not depend on k), the command's canonical options and a
// digest of the problem they built. A part file's type embeds it first;
// its own "part" field ("i/k") is parsed into the head by ReadParts.
type Head struct {
	Tool    string   `json:"tool"`
	Kind    string   `json:"kind"`
	Version int      `json:"version"`
	Scheme  string   `json:"scheme"`
	Options []string `json:"options"`
	Problem string   `json:"problem"`

	// file is the path it was read from (-merge's messages); i and k the
	// parsed part.
	file string
	i, k int
}

// File is the path the part was read from.
func (h *Head) File() string { return h.file }

// I and K are the part's i of k (1 <= i <= k), once read.
func (h *Head) I() int { return h.i }

// K is the number of parts of the part's command.
func (h *Head) K() int { return h.k }

// Part is a part file: its head, its "i/k" text and the checks of its
// own content (run once i and k are parsed).
type Part interface {
	PartHead() *Head
	PartText() string
	Consistent() error
}

// Format names one command's part files in -merge's messages and checks.
type Format struct {
	// Kind, Version and Scheme are the head's values this electlab
	// writes and merges.
	Kind    string
	Version int
	Scheme  string
	// Command is the command ("check"), Noun the part's name ("check
	// part"), Whole what the parts make ("check"), Keyed what the scheme
	// keys ("schedules") and OtherProblem why the same options can build
	// another problem ("another scenario file, or another electlab
	// version").
	Command, Noun, Whole, Keyed, OtherProblem string
}

// ReadParts reads the part files of CMD -merge (each decoded into a new
// P) and checks that they are the parts 1..k of one run, once each: the
// same format version, scheme, options, problem and k, each consistent in
// itself. They are returned in part order.
func ReadParts[P Part](files []string, f *Format, newPart func() P) ([]P, error) {
	if len(files) == 0 {
		return nil, exit.Usagef("-merge: give the part files (written by %s -part i/k)", f.Command)
	}
	var parts []P
	for _, name := range files {
		p, err := readPart(name, f, newPart)
		if err != nil {
			return nil, err
		}
		if len(parts) > 0 {
			if err := same(parts[0].PartHead(), p.PartHead(), parts[0].PartText(), p.PartText(), f); err != nil {
				return nil, err
			}
		}
		parts = append(parts, p)
	}
	slices.SortStableFunc(parts, func(x, y P) int { return x.PartHead().i - y.PartHead().i })
	k := parts[0].PartHead().k
	// The missing parts: the first 20 named, the others counted (k comes
	// from a file: no loop up to it).
	var missing []string
	more := 0
	next := 1
	for j, p := range parts {
		h := p.PartHead()
		if h.i < next {
			return nil, exit.Usagef("-merge: %s and %s are both part %s", parts[j-1].PartHead().file, h.file, p.PartText())
		}
		addMissing(&missing, &more, next, h.i-1)
		next = h.i + 1
	}
	addMissing(&missing, &more, next, k)
	if len(missing) > 0 {
		if more > 0 {
			missing = append(missing, fmt.Sprintf("and %d more", more))
		}
		return nil, exit.Usagef("-merge: missing part(s) %s of %d (every part i/%d, 1 <= i <= %d, once)", strings.Join(missing, ", "), k, k, k)
	}
	return parts, nil
}

// addMissing adds the parts from..last to missing, up to 20 of them,
// and counts the others in more.
func addMissing(missing *[]string, more *int, from, last int) {
	for j := from; j <= last; j++ {
		if len(*missing) == 20 {
			*more += last - j + 1
			return
		}
		*missing = append(*missing, fmt.Sprint(j))
	}
}

// readPart reads and checks one part file.
func readPart[P Part](name string, f *Format, newPart func() P) (P, error) {
	var zero P
	data, err := os.ReadFile(name)
	if err != nil {
		return zero, exit.Usagef("-merge: %v", err)
	}
	var head struct {
		Tool, Kind, Scheme string
		Version            int
	}
	if err := json.Unmarshal(data, &head); err != nil || head.Tool != "electlab" || head.Kind != f.Kind {
		return zero, exit.Usagef("-merge: %s is not a %s (the part file of electlab %s -part i/k)", name, f.Noun, f.Command)
	}
	if head.Version != f.Version {
		return zero, exit.Usagef("-merge: %s is a %s of format version %d; this electlab reads version %d", name, f.Noun, head.Version, f.Version)
	}
	if head.Scheme != f.Scheme {
		return zero, exit.Usagef("-merge: %s keys its %s by scheme %q; this electlab merges %q", name, f.Keyed, head.Scheme, f.Scheme)
	}
	p := newPart()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(p); err != nil {
		return zero, exit.Usagef("-merge: %s: not a valid %s: %v", name, f.Noun, err)
	}
	h := p.PartHead()
	h.file = name
	text := p.PartText()
	if _, err := fmt.Sscanf(text, "%d/%d", &h.i, &h.k); err != nil || fmt.Sprintf("%d/%d", h.i, h.k) != text || h.i < 1 || h.i > h.k {
		return zero, exit.Usagef("-merge: %s: not a valid %s: part %q is not i/k with 1 <= i <= k", name, f.Noun, text)
	}
	if err := p.Consistent(); err != nil {
		return zero, exit.Usagef("-merge: %s: not a valid %s: %v", name, f.Noun, err)
	}
	return p, nil
}

// same checks that p is a part of the same run as first.
func same(first, p *Head, firstPart, pPart string, f *Format) error {
	if !slices.Equal(first.Options, p.Options) {
		return exit.Usagef("-merge: %s and %s were run with different options (%s: %s; %s: %s)", p.file, first.file,
			p.file, optionDiff(p.Options, first.Options), first.file, optionDiff(first.Options, p.Options))
	}
	if first.Problem != p.Problem {
		return exit.Usagef("-merge: %s and %s check different problems under the same options (%s)", p.file, first.file, f.OtherProblem)
	}
	if first.k != p.k {
		return exit.Usagef("-merge: %s is part %s, %s is part %s: the parts of one %s share k", p.file, pPart, first.file, firstPart, f.Whole)
	}
	return nil
}

// optionDiff is the options of a that b does not have ("none" when none).
func optionDiff(a, b []string) string {
	var d []string
	for _, o := range a {
		if !slices.Contains(b, o) {
			d = append(d, o)
		}
	}
	if len(d) == 0 {
		return "none"
	}
	return strings.Join(d, " ")
}

// Assign gives each task (by its id and tabled cost) to one of k parts,
// longest first (LPT): the tasks sorted by cost, the highest first, ties
// by id, each to the part with the least cost so far (the lowest-numbered
// among equals). It returns the part (1..k) of each task, in the tasks'
// order. It depends on nothing but the ids, the costs and k, so every
// part computes the same assignment; its largest part holds at most 4/3
// of the optimum (Graham's bound), and at most the average plus the
// largest task.
func Assign(ids []string, costs []int64, k int) []int {
	order := make([]int, len(ids))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if costs[a] != costs[b] {
			if costs[a] > costs[b] {
				return -1
			}
			return 1
		}
		return strings.Compare(ids[a], ids[b])
	})
	load := make([]int64, k)
	out := make([]int, len(ids))
	for _, t := range order {
		least := 0
		for p := 1; p < k; p++ {
			if load[p] < load[least] {
				least = p
			}
		}
		load[least] += costs[t]
		out[t] = least + 1
	}
	return out
}
