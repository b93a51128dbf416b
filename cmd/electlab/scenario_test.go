package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const crashScenario = `# a scripted crash during an election
algo changroberts
ids 3,1,2,5,4
initiators 3
crash-budget 1
event detect 3
event crash 4
`

func TestScenarioRun(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "crash.scenario", crashScenario)
	tracePath := filepath.Join(dir, "crash.json")
	r := cli(t, "run", "-scenario", path, "-json", "-trace", tracePath).mustCode(t, 0)
	checkRunSchema(t, r)
	var rep runJSON
	r.decode(t, &rep)
	if rep.Algorithm != "changroberts" || !slices.Equal(rep.IDs, []int32{3, 1, 2, 5, 4}) || !slices.Equal(rep.Options.Initiators, []int32{3}) || rep.Options.CrashBudget != 1 {
		t.Errorf("the scenario's config is not the run's: %+v", rep)
	}
	if rep.Leader != 5 || !rep.Agreed || len(rep.Violations) != 0 || !rep.Quiescent {
		t.Errorf("want 5 elected by every live process (crashed 4 still forwards): %+v", rep)
	}
	if rep.Messages.Forwards == 0 {
		t.Errorf("the crash of 4 did not happen: no message was forwarded by a crashed node: %+v", rep.Messages)
	}
	// The scripted events come first in the execution.
	tr := loadTrace(t, tracePath)
	evs := tr.Events()
	if len(evs) < 2 || evs[0].String() != "detect 3" || evs[1].String() != "crash 4" {
		t.Errorf("the execution does not start with the scripted events: %v", evs)
	}
	if tr.Outcome.Leader != 5 || int64(len(evs)) != rep.Steps {
		t.Errorf("trace outcome leader %d, %d events; run: %d steps", tr.Outcome.Leader, len(evs), rep.Steps)
	}
	cli(t, "replay", tracePath, "-render", "none").mustCode(t, 0)

	// The checked-in example is the same scenario, documented.
	ex := filepath.Join("..", "..", "testdata", "cli", "crash-during-election.scenario")
	er := cli(t, "run", "-scenario", ex, "-json").mustCode(t, 0)
	var erep runJSON
	er.decode(t, &erep)
	if erep.Leader != 5 || !erep.Agreed || erep.Steps != rep.Steps || erep.Messages.Sends != rep.Messages.Sends {
		t.Errorf("testdata/cli/crash-during-election.scenario: %+v", erep)
	}
}

// TestScenarioEquivalentToFlags: a scenario without events is the same
// execution as the flags it spells out.
func TestScenarioEquivalentToFlags(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "all.scenario", `
algo        ringpoll           # trailing comments are fine
variant     lap-last-live
ids         3,1,2,5,4,6
initiators  all
crashed     4
absent      7
timing      async
timeouts    early
net         unordered
forwarding  false
crash-budget 0
recovery    false
`)
	sc := cli(t, "run", "-scenario", path, "-schedule", "random", "-seed", "5", "-json").mustCode(t, 0)
	fl := cli(t, "run", "-algo", "ringpoll", "-variant", "lap-last-live", "-ids", "3,1,2,5,4,6", "-crashed", "4", "-absent", "7",
		"-timeouts", "early", "-net", "unordered", "-forwarding", "false", "-schedule", "random", "-seed", "5", "-json").mustCode(t, 0)
	if sc.stdout != fl.stdout {
		t.Errorf("scenario and flags differ:\nscenario: %s\nflags:    %s", sc.stdout, fl.stdout)
	}
}

// TestScenarioDeliverEvent: a scenario can script any event by its stable
// name, deliveries included ("deliver 3->1 #1").
func TestScenarioDeliverEvent(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "deliver.scenario", "algo changroberts\nids 3,1,2\ninitiators 3\nevent detect 3\nevent deliver 3->1 #1\n")
	r := cli(t, "run", "-scenario", path, "-json")
	fixedBug(t, r.code == 2 && strings.Contains(r.stderr, `bad event "deliver 3->1"`),
		"BUG-2: the scenario parser strips everything after '#' as a comment, so \"event deliver 3->1 #1\" loses its sequence number and no delivery can be scripted")
	r.mustCode(t, 0)
	var rep runJSON
	r.decode(t, &rep)
	if rep.Leader != 3 || !rep.Agreed {
		t.Errorf("%+v", rep)
	}
}

// TestScenarioTabs: keys and values separated by a tab.
func TestScenarioTabs(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "tabs.scenario", "algo\tchangroberts\nids\t3,1,2\n")
	r := cli(t, "run", "-scenario", path)
	fixedBug(t, r.code == 2 && strings.Contains(r.stderr, `unknown key "algo\tchangroberts"`),
		"BUG-7: a scenario line must separate key and value by a space; a tab gives \"unknown key\"")
	r.mustCode(t, 0)
}

// TestScenarioEmptyValues: an empty value is not silently a default.
func TestScenarioEmptyValues(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "empty.scenario", "algo changroberts\nids 3,1,2\ninitiators\n")
	r := cli(t, "run", "-scenario", path)
	fixedBug(t, r.code == 0,
		"BUG-12: an \"initiators\" line with no value means all initiators (the flag -initiators '' is an error)")
	r.mustCode(t, 2)
	r.oneErrorLine(t)
}

// TestKabashiJoinScenario: the shipped kabashi-join scenario does what its
// comment says: run stops at the first safety violation, after the join
// (step 2), with 1 transmission (3 sends) and both 2 and 1 coordinators.
func TestKabashiJoinScenario(t *testing.T) {
	var rep runJSON
	cli(t, "run", "-scenario", "../../testdata/cli/kabashi-join.scenario", "-json").mustCode(t, 0).decode(t, &rep)
	if rep.Steps != 2 || rep.Quiescent || len(rep.Violations) != 1 || rep.Violations[0].Property != "single-coordinator" || rep.Violations[0].Step != 2 ||
		rep.Messages.Sends != 3 || rep.Messages.Transmissions != 1 {
		t.Errorf("kabashi-join: %+v", rep)
	}
	b, err := os.ReadFile("../../testdata/cli/kabashi-join.scenario")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"stops at the first", "violation after step 2", "sends 3 (transmissions 1)"} {
		if !strings.Contains(strings.Join(strings.Fields(string(bytes.ReplaceAll(b, []byte("#"), nil))), " "), w) {
			t.Errorf("the scenario's comment does not say %q", w)
		}
	}
}
