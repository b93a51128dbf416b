package algos

import (
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/algos/franklin"
	"github.com/electlab/electlab/algos/hierarchical"
	"github.com/electlab/electlab/model"
)

// No registered bound is looser than its sentence: a bound whose sentence
// calls its number a worst or best case is checked as attained (Tight), or
// says why not (claim.Claim.LooseExtreme).
func TestNoLooseExtremes(t *testing.T) {
	for spec, c := range Registry().Claims() {
		if err := c.LooseExtreme(); err != nil {
			t.Errorf("%s: %v", spec.Meta().Name, err)
		}
	}
}

// The rule can fail: FRANKLIN-4 ("2N*floor(lg N) + 3N messages in the
// worst case") registered as a plain upper bound, as it once was with a
// looser formula, is caught.
func TestLooseExtremeIsCaught(t *testing.T) {
	c := *claim.Entry{Spec: franklin.Algorithm, Claims: franklin.Claims}.Claim("FRANKLIN-4")
	if err := c.LooseExtreme(); err != nil {
		t.Fatalf("the registered FRANKLIN-4: %v", err)
	}
	c.Tight = false
	if err := c.LooseExtreme(); err == nil {
		t.Errorf("FRANKLIN-4 without Tight passes the rule")
	} else {
		t.Log(err)
	}
	c.NotTight = "a reason"
	if err := c.LooseExtreme(); err != nil {
		t.Errorf("FRANKLIN-4 with a NotTight reason: %v", err)
	}
}

// kindOwners maps each message kind of the registered algorithms that
// declare no parts to its algorithm.
func kindOwners() map[*model.Kind]string {
	owner := map[*model.Kind]string{}
	for _, spec := range all {
		info := spec.Meta()
		if len(info.Parts) > 0 {
			continue
		}
		for _, k := range info.Kinds {
			if owner[k] == "" {
				owner[k] = info.Name
			}
		}
	}
	return owner
}

// undeclaredParts lists the registered algorithms whose message kinds info
// sends (a composition runs their steps) but does not declare as parts.
func undeclaredParts(info *model.Info, owner map[*model.Kind]string) []string {
	declared := map[string]bool{}
	for _, p := range info.Parts {
		declared[p.Info.Name] = true
	}
	var out []string
	for _, k := range info.Kinds {
		if o := owner[k]; o != "" && o != info.Name && !declared[o] && !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}

// Every ambiguity a composition inherits from its parts is a reading of
// the composition (model.Info.PartProblems), and an algorithm that runs
// another registered algorithm's messages (shares a message kind with it)
// declares it as a part.
func TestCompositionsCarryTheirPartsReadings(t *testing.T) {
	owner := kindOwners()
	compositions := 0
	for _, spec := range all {
		info := spec.Meta()
		for _, err := range info.PartProblems() {
			t.Error(err)
		}
		if len(info.Parts) > 0 {
			compositions++
		}
		if u := undeclaredParts(info, owner); len(u) > 0 {
			t.Errorf("%s sends the messages of %v but does not declare them as parts", info.Name, u)
		}
	}
	if compositions == 0 {
		t.Error("no registered algorithm declares parts")
	}
}

// The rule can fail: a failover composition registered without its
// election as a part is caught.
func TestUndeclaredPartIsCaught(t *testing.T) {
	owner := kindOwners()
	for _, spec := range all {
		info := *spec.Meta()
		if len(info.Parts) == 0 {
			continue
		}
		info.Parts = nil
		u := undeclaredParts(&info, owner)
		if len(u) == 0 {
			t.Errorf("%s without its parts: not caught", info.Name)
		}
	}
}

// The rule can fail: the hierarchy without AMB-FCEABOB-2 among its
// readings (the informer rule fixed inside the model, as it once was) is
// caught, and so is a parameter mapped to a reading.
func TestMissingInheritedReadingIsCaught(t *testing.T) {
	info := hierarchical.Algorithm.Info
	if errs := info.PartProblems(); len(errs) > 0 {
		t.Fatalf("the registered hierarchy: %v", errs)
	}
	info.Ambiguities = slices.DeleteFunc(slices.Clone(info.Ambiguities), func(a model.Ambiguity) bool { return a.ID == "AMB-FCEABOB-2" })
	errs := info.PartProblems()
	if len(errs) != 1 {
		t.Fatalf("the hierarchy without AMB-FCEABOB-2: %v, want one problem", errs)
	}
	t.Log(errs[0])
	info = hierarchical.Algorithm.Info
	info.Parts = slices.Clone(info.Parts)
	info.Parts[0].As = map[string]string{"PARAM-K": "AMB-HIER-3"}
	if errs := info.PartProblems(); len(errs) != 1 {
		t.Errorf("PARAM-K set by a reading: %v, want one problem", errs)
	}
}

// A claim that reconciles the paper with itself (what a printed label
// really denotes) is marked as the tool's hypothesis, so that it is never
// reported HOLDS (claim.Claim.UnmarkedHypothesis).
func TestHypothesesAreMarked(t *testing.T) {
	for spec, c := range Registry().Claims() {
		if err := c.UnmarkedHypothesis(); err != nil {
			t.Errorf("%s: %v", spec.Meta().Name, err)
		}
	}
}

// The rule can fail: C-FCEABR-8.ring-column ("the column labelled
// \"Ring\" holds FCEABR's SElection count") without its mark is caught.
func TestUnmarkedHypothesisIsCaught(t *testing.T) {
	c := *claim.Entry{Spec: fceabr.Algorithm, Claims: fceabr.Claims}.Claim("C-FCEABR-8.ring-column")
	if err := c.UnmarkedHypothesis(); err != nil {
		t.Fatalf("the registered claim: %v", err)
	}
	c.Hypothesis = ""
	if err := c.UnmarkedHypothesis(); err == nil {
		t.Error("C-FCEABR-8.ring-column without Hypothesis passes the rule")
	} else {
		t.Log(err)
	}
}

// Every claim of a composition is checked under every reading the
// composition inherits from its parts, or declares the readings it is not
// checked under with the reason (claim.Claim.FixedReadings, MootReadings),
// which its verdict then names: "under every reading" of a composition's
// claim ranges over its parts' readings too, and a verdict never rests on
// a reading fixed inside the model unsaid. A declaration names an
// inherited reading no variant checks.
func TestInheritedReadingsAreChecked(t *testing.T) {
	checked := 0
	for spec, c := range Registry().Claims() {
		info := spec.Meta()
		if len(info.InheritedReadings()) == 0 {
			continue
		}
		checked++
		if u := claim.UncheckedReadings(info, c); len(u) > 0 {
			t.Errorf("%s %s: inherited reading(s) neither checked by a variant nor declared: %v", info.Name, c.ID, u)
		}
		for _, err := range claim.ReadingDeclarationProblems(info, c) {
			t.Error(err)
		}
	}
	if checked == 0 {
		t.Error("no claim of a composition")
	}
}

// The rule can fail: C-HIER-8 without the informer-slot reading among its
// variants (checked under the hierarchy's default true-top only, as it
// once was) is caught, and so is a declaration of a reading a variant
// checks or of no inherited reading.
func TestUncheckedInheritedReadingIsCaught(t *testing.T) {
	info := hierarchical.Algorithm.Meta()
	c := *claim.Entry{Spec: hierarchical.Algorithm, Claims: hierarchical.Claims}.Claim("C-HIER-8")
	if u := claim.UncheckedReadings(info, &c); len(u) > 0 {
		t.Fatalf("the registered C-HIER-8: %v", u)
	}
	c.Variants = slices.DeleteFunc(slices.Clone(c.Variants), func(v string) bool { return strings.HasSuffix(v, ",informer-slot") })
	u := claim.UncheckedReadings(info, &c)
	if !slices.Contains(u, model.InheritedReading{Ambiguity: "AMB-FCEABOB-2", Reading: "informer-slot"}) {
		t.Errorf("C-HIER-8 under true-top only: unchecked readings %v, want AMB-FCEABOB-2 informer-slot among them", u)
	} else {
		t.Log(u)
	}
	c.FixedReadings = append(slices.Clone(c.FixedReadings), claim.ClaimPart{Name: "informer-slot", Why: "a reason"})
	if u := claim.UncheckedReadings(info, &c); slices.Contains(u, model.InheritedReading{Ambiguity: "AMB-FCEABOB-2", Reading: "informer-slot"}) {
		t.Errorf("C-HIER-8 declaring informer-slot fixed: still unchecked: %v", u)
	}
	if errs := claim.ReadingDeclarationProblems(info, &c); len(errs) > 0 {
		t.Errorf("C-HIER-8 declaring informer-slot fixed: %v", errs)
	}
	c = *claim.Entry{Spec: hierarchical.Algorithm, Claims: hierarchical.Claims}.Claim("C-HIER-8")
	c.MootReadings = []claim.ClaimPart{{Name: "true-top", Why: "a reason"}, {Name: "no-such-reading", Why: "a reason"}}
	if errs := claim.ReadingDeclarationProblems(info, &c); len(errs) != 2 {
		t.Errorf("C-HIER-8 declaring a checked reading and an unknown one: %v, want two problems", errs)
	}
}
