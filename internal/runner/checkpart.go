package runner

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/bits"

	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/internal/parts"
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
	// Head's Options are the check's canonical options (Check.Options);
	// its Problem is a digest of the configuration and checks they built
	// (the resolved configuration and what is checked), so that parts
	// built from different scenario files or electlab versions do not
	// merge.
	parts.Head
	Checked string `json:"checked"`
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
}

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
	p := &CheckPart{Head: parts.Head{Tool: "electlab", Kind: CheckPartKind, Version: CheckPartVersion, Scheme: CheckPartScheme,
		Options: a.Options, Problem: a.problem()}, Checked: a.What, Part: part, Schedules: a.Count, From: from, To: to,
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

// checkFormat is check's part files, for the guard of -merge
// (parts.ReadParts).
var checkFormat = parts.Format{Kind: CheckPartKind, Version: CheckPartVersion, Scheme: CheckPartScheme,
	Command: "check", Noun: "check part", Whole: "check", Keyed: "schedules",
	OtherProblem: "another scenario file, or another electlab version"}

// ReadCheckParts reads the part files of check -merge and checks that they
// are the parts 1..k of one check, once each (parts.ReadParts): the same
// format version, scheme, options, problem and k, each consistent in
// itself. They are returned in part order.
func ReadCheckParts(files []string) ([]*CheckPart, error) {
	return parts.ReadParts(files, &checkFormat, func() *CheckPart { return &CheckPart{} })
}

// PartHead, PartText: a CheckPart is a parts.Part.
func (p *CheckPart) PartHead() *parts.Head { return &p.Head }

// PartText is the part's "i/k".
func (p *CheckPart) PartText() string { return p.Part }

// Consistent checks a part in itself: its range under the scheme, what it
// ran and its violation.
func (p *CheckPart) Consistent() error {
	if p.Schedules < 1 {
		return fmt.Errorf("schedules %d", p.Schedules)
	}
	if from, to := PartRange(p.I(), p.K(), p.Schedules); p.From != from || p.To != to {
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
			return exit.Usagef("-merge: %s: its options build another check here (another scenario file, or another electlab version)", p.File())
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
				return exit.Usagef("-merge: %s: its violation at schedule %d (%s) does not happen here (another electlab version?)", p.File(), v.Schedule+1, v.Property)
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
