package runner

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"os"
	"slices"
	"strings"

	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/internal/render"
)

// The part file of check -part: its kind, format version and key scheme.
// The scheme is how work is keyed: schedule j (from 0) of a check has seed
// -seed+j and its adversary from j alone (caseFor), never from the part
// that runs it, and part i of k runs schedules PartRange(i, k, count), so
// that the merged result does not depend on k.
const (
	CheckPartKind    = "check-part"
	CheckPartVersion = 1
	CheckPartScheme  = "schedule-index/1"
)

// CheckPart is the part file check -part writes and check -merge reads: a
// self-describing share of one check's schedules.
type CheckPart struct {
	Tool    string `json:"tool"`
	Kind    string `json:"kind"`
	Version int    `json:"version"`
	Scheme  string `json:"scheme"`
	// Options are the check's canonical options (Check.Options); Problem
	// is a digest of the configuration and checks they built (the
	// resolved configuration and what is checked), so that parts built
	// from different scenario files or electlab versions do not merge.
	Options []string `json:"options"`
	Problem string   `json:"problem"`
	Checked string   `json:"checked"`
	// Part is "i/k"; Schedules the whole check's count; From..To-1 the
	// schedule indices (from 0) of this part.
	Part      string `json:"part"`
	Schedules int    `json:"schedules"`
	From      int    `json:"from"`
	To        int    `json:"to"`
	// Ran is the schedules this part ran: To-From, or fewer when a
	// violation stopped it (the schedule that violated included).
	// Unfinished of them reached a cap without a violation, the first as
	// FirstUnfinished says.
	Ran             int            `json:"ran"`
	Unfinished      int            `json:"unfinished"`
	FirstUnfinished string         `json:"first_unfinished,omitempty"`
	Violation       *PartViolation `json:"violation"`

	// file is the path it was read from (-merge's messages); i and k the
	// parsed Part.
	file string
	i, k int
}

// File is the path the part was read from.
func (p *CheckPart) File() string { return p.file }

// PartViolation is the first violation a part found: at schedule index
// Schedule (from 0), whose seed is Seed.
type PartViolation struct {
	Schedule int    `json:"schedule"`
	Seed     uint64 `json:"seed"`
	Property string `json:"property"`
	Message  string `json:"message"`
}

// PartRange is the schedule indices [from, to) of part i of k (1-based) of
// count schedules: floor((i-1)·count/k) up to floor(i·count/k), so that the
// parts cover 0..count-1 once, in order, their sizes differing by at most
// one (a part is empty when k > count).
func PartRange(i, k, count int) (from, to int) {
	at := func(j int) int {
		hi, lo := bits.Mul64(uint64(j), uint64(count))
		q, _ := bits.Div64(hi, lo, uint64(k))
		return int(q)
	}
	return at(i - 1), at(i)
}

// problem is the digest of what a check searches: its configuration and
// what it checks (CheckPart.Problem).
func (a *Check) problem() string {
	h := sha256.Sum256([]byte(a.Config.String() + "\x00" + a.What))
	return hex.EncodeToString(h[:])
}

// runPart runs part Part of Parts: the schedules PartRange gives, in
// order, up to the first violation, which it neither shrinks nor writes
// (the merge does); it writes the part file to PartOut and prints one
// line: what it found, never a verdict. A part that finished exits 0
// whatever it found (check -merge gives the verdict); an interrupted one
// writes no part file.
func (a *Check) runPart(stdout, stderr io.Writer) error {
	s0, opt, restore, err := a.start()
	if err != nil {
		return err
	}
	defer restore()
	from, to := PartRange(a.Part, a.Parts, a.Count)
	r, err := a.search(s0, opt, from, to, stderr)
	if err != nil {
		return err
	}
	part := fmt.Sprintf("%d/%d", a.Part, a.Parts)
	if r.interrupted {
		fmt.Fprintf(stdout, "part %s: interrupted after %d of its %d schedules: no part written (not a verdict)\n", part, r.done, to-from)
		return exit.Interruptedf("interrupted: part %s not written to %s (not a verdict)", part, a.PartOut)
	}
	p := &CheckPart{Tool: "electlab", Kind: CheckPartKind, Version: CheckPartVersion, Scheme: CheckPartScheme,
		Options: a.Options, Problem: a.problem(), Checked: a.What, Part: part, Schedules: a.Count, From: from, To: to,
		Ran: r.done, Unfinished: r.capped, FirstUnfinished: r.firstCap}
	if r.x != nil {
		p.Ran++
		p.Violation = &PartViolation{Schedule: r.k, Seed: r.cs.Seed, Property: r.x.Violation.Property, Message: r.x.Violation.Message}
	}
	var buf bytes.Buffer
	if err := render.WriteJSON(&buf, p); err != nil {
		return err
	}
	if err := outfile.WriteFile(a.PartOut, buf.Bytes(), stdout); err != nil {
		return exit.Usagef("-part-out %v", err)
	}
	if a.PartOut == "-" {
		return nil // the part file is stdout's one output
	}
	if a.JSON {
		_, err := stdout.Write(buf.Bytes())
		return err
	}
	var v *render.PartViolation
	if p.Violation != nil {
		v = &render.PartViolation{Schedule: p.Violation.Schedule, Seed: p.Violation.Seed, Property: p.Violation.Property, Message: p.Violation.Message}
	}
	render.PrintCheckPart(stdout, part, a.Count, from, to, a.Seed, r.capped, r.firstCap, a.What, v, a.PartOut)
	return nil
}

// ReadCheckParts reads the part files of check -merge and checks that they
// are the parts 1..k of one check, once each: the same format version,
// scheme, options, problem and k, each consistent in itself. They are
// returned in part order.
func ReadCheckParts(files []string) ([]*CheckPart, error) {
	if len(files) == 0 {
		return nil, exit.Usagef("-merge: give the part files (written by check -part i/k)")
	}
	var parts []*CheckPart
	for _, f := range files {
		p, err := readCheckPart(f)
		if err != nil {
			return nil, err
		}
		if len(parts) > 0 {
			if err := sameCheck(parts[0], p); err != nil {
				return nil, err
			}
		}
		parts = append(parts, p)
	}
	slices.SortStableFunc(parts, func(x, y *CheckPart) int { return x.i - y.i })
	k := parts[0].k
	// The missing parts: the first 20 named, the others counted (k comes
	// from a file: no loop up to it).
	var missing []string
	more := 0
	next := 1
	for _, p := range parts {
		if p.i < next {
			return nil, exit.Usagef("-merge: %s and %s are both part %s", prevFile(parts, p), p.file, p.Part)
		}
		addMissing(&missing, &more, next, p.i-1)
		next = p.i + 1
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

// prevFile is the file of the part before p in parts (sorted by part).
func prevFile(parts []*CheckPart, p *CheckPart) string {
	j := slices.Index(parts, p)
	return parts[j-1].file
}

// readCheckPart reads and checks one part file.
func readCheckPart(f string) (*CheckPart, error) {
	data, err := os.ReadFile(f)
	if err != nil {
		return nil, exit.Usagef("-merge: %v", err)
	}
	var head struct {
		Tool, Kind, Scheme string
		Version            int
	}
	if err := json.Unmarshal(data, &head); err != nil || head.Tool != "electlab" || head.Kind != CheckPartKind {
		return nil, exit.Usagef("-merge: %s is not a check part (the part file of electlab check -part i/k)", f)
	}
	if head.Version != CheckPartVersion {
		return nil, exit.Usagef("-merge: %s is a check part of format version %d; this electlab reads version %d", f, head.Version, CheckPartVersion)
	}
	if head.Scheme != CheckPartScheme {
		return nil, exit.Usagef("-merge: %s keys its schedules by scheme %q; this electlab merges %q", f, head.Scheme, CheckPartScheme)
	}
	p := &CheckPart{file: f}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(p); err != nil {
		return nil, exit.Usagef("-merge: %s: not a valid check part: %v", f, err)
	}
	if err := p.consistent(); err != nil {
		return nil, exit.Usagef("-merge: %s: not a valid check part: %v", f, err)
	}
	return p, nil
}

// consistent checks a part in itself: its i/k, its range under the
// scheme, what it ran and its violation.
func (p *CheckPart) consistent() error {
	if _, err := fmt.Sscanf(p.Part, "%d/%d", &p.i, &p.k); err != nil || fmt.Sprintf("%d/%d", p.i, p.k) != p.Part || p.i < 1 || p.i > p.k {
		return fmt.Errorf("part %q is not i/k with 1 <= i <= k", p.Part)
	}
	if p.Schedules < 1 {
		return fmt.Errorf("schedules %d", p.Schedules)
	}
	if from, to := PartRange(p.i, p.k, p.Schedules); p.From != from || p.To != to {
		return fmt.Errorf("part %s of %d schedules runs %d..%d, not %d..%d", p.Part, p.Schedules, from, to, p.From, p.To)
	}
	ran := p.To - p.From
	if v := p.Violation; v != nil {
		if v.Schedule < p.From || v.Schedule >= p.To {
			return fmt.Errorf("its violation at schedule %d is outside its schedules %d..%d", v.Schedule, p.From, p.To-1)
		}
		ran = v.Schedule - p.From + 1
	}
	if p.Ran != ran || p.Unfinished < 0 || p.Unfinished > ran || (p.Unfinished > 0) != (p.FirstUnfinished != "") {
		return fmt.Errorf("ran %d schedules (%d unfinished), want %d", p.Ran, p.Unfinished, ran)
	}
	return nil
}

// sameCheck checks that p is a part of the same check as first.
func sameCheck(first, p *CheckPart) error {
	if !slices.Equal(first.Options, p.Options) {
		return exit.Usagef("-merge: %s and %s were run with different options (%s: %s; %s: %s)", p.file, first.file,
			p.file, optionDiff(p.Options, first.Options), first.file, optionDiff(first.Options, p.Options))
	}
	if first.Problem != p.Problem {
		return exit.Usagef("-merge: %s and %s check different problems under the same options (another scenario file, or another electlab version)", p.file, first.file)
	}
	if first.k != p.k {
		return exit.Usagef("-merge: %s is part %s, %s is part %s: the parts of one check share k", p.file, p.Part, first.file, first.Part)
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

// MergeParts prints what the unsplit check prints, from its parts (read
// by ReadCheckParts; a is the check rebuilt from their options): with no
// violation, the schedules' summary; else the first violation, the lowest
// schedule among the parts (every schedule before it ran, in some part,
// without one), which it runs again, shrinks and writes as the unsplit
// check does.
func (a *Check) MergeParts(parts []*CheckPart, stdout, stderr io.Writer) error {
	s0, opt, restore, err := a.start()
	if err != nil {
		return err
	}
	defer restore()
	for _, p := range parts {
		if p.Problem != a.problem() || p.Schedules != a.Count {
			return exit.Usagef("-merge: %s: its options build another check here (another scenario file, or another electlab version)", p.file)
		}
	}
	capped, firstCap := 0, ""
	for _, p := range parts {
		if v := p.Violation; v != nil {
			r, err := a.search(s0, opt, v.Schedule, v.Schedule+1, stderr)
			switch {
			case err != nil:
				return err
			case r.interrupted:
				return exit.Interruptedf("interrupted: the merge did not finish (not a verdict)")
			case r.x == nil || r.x.Violation.Property != v.Property:
				return exit.Usagef("-merge: %s: its violation at schedule %d (%s) does not happen here (another electlab version?)", p.file, v.Schedule+1, v.Property)
			}
			return a.reportViolation(r.cs, r.x, opt, r.k, stdout, stderr)
		}
		if capped == 0 {
			firstCap = p.FirstUnfinished
		}
		capped += p.Unfinished
	}
	return a.reportNoViolation(capped, firstCap, stdout)
}
