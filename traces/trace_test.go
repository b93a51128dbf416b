package traces

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/algos/kabashi"
	"github.com/electlab/electlab/internal/filetest"
	"github.com/electlab/electlab/model"
)

// recorded returns a recorded FIFO trace of changroberts on ids.
func recorded(t *testing.T, snapshots bool, ids ...model.ID) *Trace {
	t.Helper()
	cfg := ringConfig(ids...)
	s0, evs := fifoRun(t, cfg)
	var opts []Option
	if snapshots {
		opts = append(opts, WithSnapshots())
	}
	tr, err := Record(s0, evs, nil, "fifo schedule", opts...)
	if err != nil {
		t.Fatalf("Record: %v", err)
	}
	return tr
}

func encode(t *testing.T, tr *Trace) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := tr.Encode(&buf); err != nil {
		t.Fatalf("Encode: %v", err)
	}
	return buf.Bytes()
}

func TestRoundTrip(t *testing.T) {
	for _, snapshots := range []bool{false, true} {
		tr := recorded(t, snapshots, 3, 1, 2, 5, 4)
		tr.Violation = &Violation{Property: "safety", Step: 2, Message: "made up; for the test"}
		b1 := encode(t, tr)
		if !bytes.Equal(b1, encode(t, tr)) {
			t.Fatal("Encode is not deterministic")
		}
		dec, err := Decode(bytes.NewReader(b1))
		if err != nil {
			t.Fatalf("Decode: %v\n%s", err, b1)
		}
		rep, err := Replay(changroberts.Algorithm, dec)
		if err != nil {
			t.Fatalf("Replay: %v", err)
		}
		if got := len(rep.Effects); got != len(tr.Steps) {
			t.Fatalf("Replay gave %d effect lists for %d steps", got, len(tr.Steps))
		}
		if !rep.Outcome.Agreed || rep.Outcome.Leader != 5 {
			t.Fatalf("outcome %+v, want agreement on 5", rep.Outcome)
		}
		// Record the replayed run again: the same bytes.
		again, err := Record(rep.Initial, dec.Events(), dec.Violation, dec.Note, optsFor(snapshots)...)
		if err != nil {
			t.Fatalf("Record after replay: %v", err)
		}
		if b2 := encode(t, again); !bytes.Equal(b1, b2) {
			t.Fatalf("round trip changed the bytes:\n%s", cmp.Diff(string(b1), string(b2)))
		}
		if b3 := encode(t, dec); !bytes.Equal(b1, b3) {
			t.Fatalf("Decode+Encode changed the bytes:\n%s", cmp.Diff(string(b1), string(b3)))
		}
	}
}

func optsFor(snapshots bool) []Option {
	if snapshots {
		return []Option{WithSnapshots()}
	}
	return nil
}

func TestRecordDoesNotModifyInitialWorld(t *testing.T) {
	s0, evs := fifoRun(t, ringConfig(3, 1, 2))
	fp := s0.Fingerprint()
	if _, err := Record(s0, evs, nil, ""); err != nil {
		t.Fatal(err)
	}
	if s0.Events() != 0 || s0.Fingerprint() != fp {
		t.Fatal("Record modified its initial world")
	}
	s1 := s0.Clone()
	if err := s1.Apply(evs[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := Record(s1, evs[1:], nil, ""); err == nil || !strings.Contains(err.Error(), "initial world") {
		t.Fatalf("Record on a non-initial world: err = %v", err)
	}
	if _, err := Record(s0, evs, &Violation{Property: "x", Step: len(evs) + 1}, ""); err == nil {
		t.Fatal("Record accepted a violation step past the end")
	}
}

func TestReplayTamperedFingerprint(t *testing.T) {
	for _, snapshots := range []bool{false, true} {
		tr := recorded(t, snapshots, 3, 1, 2, 5, 4)
		const step = 4
		tr.Steps[step-1].Fingerprint ^= 1
		rep, err := Replay(changroberts.Algorithm, tr)
		var de *DivergenceError
		if !errors.As(err, &de) {
			t.Fatalf("Replay of a tampered trace: err = %v, want a DivergenceError", err)
		}
		if de.Step != step || de.Event != tr.Steps[step-1].Event {
			t.Fatalf("divergence at step %d (%s), want %d (%s)", de.Step, de.Event, step, tr.Steps[step-1].Event)
		}
		msg := err.Error()
		if !strings.Contains(msg, "step 4") || !strings.Contains(msg, tr.Steps[step-1].Event.String()) {
			t.Fatalf("error does not name the step and the event: %s", msg)
		}
		if snapshots && !strings.Contains(msg, "snapshot") {
			t.Fatalf("error does not explain with the snapshots: %s", msg)
		}
		if !snapshots && !strings.Contains(msg, "in flight:") {
			t.Fatalf("error does not show the replayed state: %s", msg)
		}
		if rep == nil || len(rep.Effects) != step {
			t.Fatalf("partial replay should hold %d steps", step)
		}
	}
}

func TestReplaySnapshotDiff(t *testing.T) {
	tr := recorded(t, true, 3, 1, 2)
	tr.Steps[1].Fingerprint ^= 1
	tr.Steps[1].State.Views[0] = "3:leader=9,coord"
	_, err := Replay(changroberts.Algorithm, tr)
	var de *DivergenceError
	if !errors.As(err, &de) {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(de.Diff, `"3:leader=9,coord"`) || !strings.Contains(de.Diff, `"3:leader=none"`) {
		t.Fatalf("diff does not show the views:\n%s", de.Diff)
	}
}

func TestReplayNotEnabled(t *testing.T) {
	tr := recorded(t, false, 3, 1, 2, 5, 4)
	bad := model.Event{Kind: model.EvDeliver, From: 4, P: 3, Seq: 7}
	tr.Steps[5].Event = bad
	_, err := Replay(changroberts.Algorithm, tr)
	if err == nil {
		t.Fatal("Replay accepted an event that is not enabled")
	}
	for _, want := range []string{"step 6", bad.String(), "not enabled"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestReplayOutcomeMismatch(t *testing.T) {
	tr := recorded(t, false, 3, 1, 2)
	tr.Outcome.Messages.Sends++
	_, err := Replay(changroberts.Algorithm, tr)
	if err == nil || !strings.Contains(err.Error(), "outcome") {
		t.Fatalf("err = %v, want an outcome mismatch", err)
	}
}

func TestReplayWrongAlgorithmOrConfig(t *testing.T) {
	tr := recorded(t, false, 3, 1, 2)
	tr.Config.Algo = "lelann"
	if _, err := Replay(changroberts.Algorithm, tr); err == nil || !strings.Contains(err.Error(), "lelann") {
		t.Fatalf("err = %v", err)
	}
	tr.Config.Algo = "changroberts"
	tr.Config.Variant = "nosuch"
	if _, err := Replay(changroberts.Algorithm, tr); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Fatalf("err = %v", err)
	}
}

// validJSON is a small valid trace, the base of the bad-input table.
func validJSON(t testing.TB) string {
	cfg := ringConfig(3, 1, 2)
	s0, evs := fifoRun(t, cfg)
	tr, err := Record(s0, evs[:4], &Violation{Property: "p", Step: 1, Message: "m"}, "n")
	if err != nil {
		t.Fatal(err)
	}
	b, err := tr.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDecodeBadInputs(t *testing.T) {
	good := validJSON(t)
	if _, err := Decode(strings.NewReader(good)); err != nil {
		t.Fatalf("the base trace does not decode: %v", err)
	}
	sub := func(old, new string) string {
		if !strings.Contains(good, old) {
			t.Fatalf("base trace lacks %q", old)
		}
		return strings.Replace(good, old, new, 1)
	}
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"empty", "", []string{"empty"}},
		{"blank", " \n\t", []string{"empty"}},
		{"truncated", good[:len(good)/2], []string{"truncated", "line"}},
		{"not json", "hello", []string{"not valid JSON", "line 1, column 1", "invalid character 'h'"}},
		{"garbage inside", sub(`"events": [`, `"events": [}`), []string{"not valid JSON", "line"}},
		{"array", "[1,2]", []string{"array", "not an object"}},
		{"null", "null", []string{"null"}},
		{"trailing data", good + "{}", []string{"data after"}},
		{"unknown version", sub(Format, "electlab-trace/9"), []string{`trace format "electlab-trace/9" is not supported (want electlab-trace/1)`}},
		{"no format", sub(`"format": "electlab-trace/1",`, ""), []string{`no "format"`}},
		{"format not a string", sub(`"electlab-trace/1"`, "1"), []string{"format 1 is not a string"}},
		{"unknown field", sub(`"note": "n"`, `"note": "n", "colour": "red"`), []string{`unknown field "colour"`}},
		{"unknown nested field", sub(`"timing"`, `"speed": 1, "timing"`), []string{`unknown field "speed"`}},
		{"bad event name", sub(`"detect 3"`, `"explode 3"`), []string{"event 1", `"explode 3"`, `unknown event kind "explode"`}},
		{"bad deliver", sub(`"deliver 3->1 #1"`, `"deliver 3->1"`), []string{"event", `"deliver 3->1"`}},
		{"bad fingerprint", sub(`"fp": "`, `"fp": "zz`), []string{"fingerprint", "zz"}},
		{"bad timing", sub(`"async"`, `"fast"`), []string{`unknown timing "fast"`}},
		{"bad timeouts", sub(`"accurate"`, `"sometimes"`), []string{`unknown timeouts "sometimes"`}},
		{"bad net", sub(`"fifo"`, `"lossy"`), []string{`unknown net "lossy"`}},
		{"missing timing", sub(`"timing": "async",`, ""), []string{"timing", "missing"}},
		{"missing algorithm", sub(`"algorithm": "changroberts",`, ""), []string{"no algorithm"}},
		{"empty algorithm", sub(`"algorithm": "changroberts"`, `"algorithm": ""`), []string{"no algorithm"}},
		{"wrong type", sub(`"ids": [3, 1, 2]`, `"ids": "3,1,2"`), []string{`"config.ids"`, "string", "array"}},
		{"id out of range", sub(`"ids": [3, 1, 2]`, `"ids": [3, 1, 99999999999]`), []string{"config.ids", "99999999999"}},
		{"duplicate id", sub(`"ids": [3, 1, 2]`, `"ids": [3, 1, 3]`), []string{"duplicate process id 3"}},
		{"too few ids", sub(`"ids": [3, 1, 2]`, `"ids": [3]`), []string{"at least 2"}},
		{"duplicate absent", sub(`"absent": []`, `"absent": [4, 1]`), []string{"ids 3,1,2 (absent 4,1): duplicate process id 1"}},
		{"negative budget", sub(`"crash_budget": 0`, `"crash_budget": -1`), []string{"crash budget -1"}},
		{"successive not a list", sub(`"crash_budget": 0`, `"crash_budget": 0, "successive": 2`), []string{"config.successive", "number"}},
		{"successive empty", sub(`"crash_budget": 0`, `"crash_budget": 0, "successive": []`), []string{`"successive" is an empty list`}},
		{"successive no detectors", sub(`"crash_budget": 0`, `"crash_budget": 0, "successive": [{}]`), []string{"successive crash 1", `"detectors" is missing`}},
		{"successive bad detector", sub(`"crash_budget": 0`, `"crash_budget": 0, "successive": [{"detectors": []}, {"detectors": [7]}]`), []string{"successive crash 2", "detector 7 is not a process"}},
		{"successive unknown field", sub(`"crash_budget": 0`, `"crash_budget": 0, "successive": [{"detectors": [], "when": 3}]`), []string{`unknown field "when"`}},
		{"successive detector not an id", sub(`"crash_budget": 0`, `"crash_budget": 0, "successive": [{"detectors": ["x"]}]`), []string{"detectors", "string"}},
		{"bad physical", sub(`"crash_budget": 0`, `"crash_budget": 0, "physical": "torus"`), []string{`"physical" is "torus"`, "want ring or ring-rt"}},
		{"physical direct", sub(`"crash_budget": 0`, `"crash_budget": 0, "physical": "direct"`), []string{`"physical" is "direct"`, "leave it out"}},
		{"physical not a string", sub(`"crash_budget": 0`, `"crash_budget": 0, "physical": 1`), []string{"config.physical", "number"}},
		{"missing config", sub(`"config"`, `"konfig"`), []string{`unknown field "konfig"`}},
		{"missing outcome", sub(`"outcome"`, `"outcom"`), []string{`unknown field "outcom"`}},
		{"violation step", sub(`"step": 1`, `"step": 9`), []string{"violation step 9"}},
		{"state without flag", sub(`"fp": "`, `"state": {"status": [], "views": [], "states": [], "in_flight": []}, "fp": "`), []string{`has a "state"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := Decode(strings.NewReader(tc.in))
			if err == nil {
				t.Fatalf("Decode accepted the input: %+v", tr)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "()") || strings.Contains(err.Error(), " )") {
				t.Errorf("error %q shows an empty list", err)
			}
		})
	}
}

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "t.json")
	tr := recorded(t, false, 3, 1, 2, 5, 4)
	if err := tr.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(encode(t, got), encode(t, tr)) {
		t.Fatal("Save+Load changed the trace")
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 1 {
		t.Fatalf("Save left temporary files: %v", ents)
	}
	if err := tr.Save(filepath.Join(dir, "missing", "t.json")); err == nil {
		t.Fatal("Save into a missing directory succeeded")
	}
	if _, err := Load(filepath.Join(dir, "nope.json")); err == nil {
		t.Fatal("Load of a missing file succeeded")
	}
	if err := os.WriteFile(path, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("Load error does not name the file: %v", err)
	}
}

// TestCheckedInTrace replays the trace file kept under testdata and checks
// that re-encoding it gives the file's bytes: the format has not drifted.
func TestCheckedInTrace(t *testing.T) {
	const path = "../testdata/traces/changroberts-crashed5.json"
	if filetest.Rewriting() {
		cfg := ringConfig(3, 1, 2, 5, 4)
		cfg.Crashed = []model.ID{5}
		s0, evs := fifoRun(t, cfg)
		tr, err := Record(s0, evs, nil, "changroberts on 3,1,2,5,4 with 5 crashed before the run: its control part forwards; FIFO schedule")
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.Save(path); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(changroberts.Algorithm, tr); err != nil {
		t.Fatalf("%s no longer replays: %v\n"+
			"If model.World.Encode (the fingerprint) or the algorithm changed on purpose, stored traces "+
			"must be re-recorded: go test ./traces -run TestCheckedInTrace -rewrite", path, err)
	}
	if got := encode(t, tr); !bytes.Equal(got, want) {
		t.Fatalf("re-encoding %s changed it:\n%s", path, cmp.Diff(string(want), string(got)))
	}
}

func TestLenient(t *testing.T) {
	s0, evs := fifoRun(t, ringConfig(3, 1, 2))
	// Drop the first detect: deliveries of 3's messages become disabled.
	s, applied := Lenient(s0, evs[1:])
	if len(applied) >= len(evs)-1 {
		t.Fatalf("Lenient applied %d of %d events; expected some to be skipped", len(applied), len(evs)-1)
	}
	if s.Events() != int64(len(applied)) {
		t.Fatalf("world applied %d events, Lenient reports %d", s.Events(), len(applied))
	}
	if s0.Events() != 0 {
		t.Fatal("Lenient modified s0")
	}
}

// Reference: [S3] §IX test 4: a trace of a run with successive crashes
// (fceabrk, two crashes) carries them in its config ("successive"), its
// "fail" events replay, and Decode+Encode keeps the bytes; a config the
// algorithm rejects (more successive crashes than live processes less
// one) is refused at replay with the reason.
func TestRoundTripSuccessive(t *testing.T) {
	cfg := &model.Config{Algo: "fceabrk", Variant: "p2", IDs: []model.ID{3, 1, 6, 2, 5, 4}, Initiators: []model.ID{3},
		Successive: []model.Phase{{}, {Detectors: []model.ID{1}}}}
	s0, err := fceabr.K.NewSystem(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := s0.Clone()
	var evs []model.Event
	var buf []model.Event
	for !s.Quiescent() {
		buf = s.Enabled(buf[:0])
		ev := buf[0]
		if d, ok := s.OldestDelivery(); ok && ev.Kind != model.EvDetect {
			ev = d
		}
		if err := s.Apply(ev); err != nil {
			t.Fatal(err)
		}
		evs = append(evs, ev)
	}
	tr, err := Record(s0, evs, nil, "fifo schedule")
	if err != nil {
		t.Fatal(err)
	}
	b1 := encode(t, tr)
	if !bytes.Contains(b1, []byte(`"successive"`)) || !bytes.Contains(b1, []byte(`"fail 6"`)) || !bytes.Contains(b1, []byte(`"fail 5"`)) {
		t.Fatalf("trace lacks the successive crashes:\n%s", b1)
	}
	dec, err := Decode(bytes.NewReader(b1))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	rep, err := Replay(fceabr.K, dec)
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	if !rep.Outcome.Agreed || rep.Outcome.Leader != 4 {
		t.Errorf("outcome %+v, want agreement on 4 after the crashes of 6 and 5", rep.Outcome)
	}
	if b2 := encode(t, dec); !bytes.Equal(b1, b2) {
		t.Fatalf("Decode+Encode changed the bytes:\n%s", cmp.Diff(string(b1), string(b2)))
	}
	dec.Config.Successive = make([]model.Phase, 6)
	if _, err := Replay(fceabr.K, dec); err == nil || !strings.Contains(err.Error(), "6 successive crashes leave no live process") {
		t.Errorf("replay of 6 successive crashes on 6 processes: err %v", err)
	}
}

// Reference: [S4] §VI (C-KAB-11, a physical ring): a trace of a kabashi
// run on a physical ring carries "physical" in its config, replays to the
// same counts, and Decode+Encode keeps the bytes; a trace of direct links
// has no "physical" field.
func TestRoundTripPhysical(t *testing.T) {
	for _, phys := range []model.Physical{model.Direct, model.PhysRing, model.PhysRingRT} {
		cfg := &model.Config{Algo: "kabashi", IDs: []model.ID{1, 2, 3, 4, 5, 6}, Crashed: []model.ID{1}, Initiators: []model.ID{5},
			Timing: model.Sync, Physical: phys}
		s0, err := kabashi.Algorithm.NewSystem(cfg)
		if err != nil {
			t.Fatal(err)
		}
		s := s0.Clone()
		var evs, buf []model.Event
		for !s.Quiescent() {
			buf = s.Enabled(buf[:0])
			if err := s.Apply(buf[0]); err != nil {
				t.Fatal(err)
			}
			evs = append(evs, buf[0])
		}
		tr, err := Record(s0, evs, nil, "rounds")
		if err != nil {
			t.Fatal(err)
		}
		b1 := encode(t, tr)
		if has := bytes.Contains(b1, []byte(`"physical": "`+phys.String()+`"`)); has != (phys != model.Direct) || (phys == model.Direct && bytes.Contains(b1, []byte(`"physical"`))) {
			t.Fatalf("%s: trace config:\n%s", phys, b1)
		}
		dec, err := Decode(bytes.NewReader(b1))
		if err != nil {
			t.Fatalf("%s: Decode: %v", phys, err)
		}
		if dec.Config.Physical != phys {
			t.Fatalf("%s: decoded physical %s", phys, dec.Config.Physical)
		}
		rep, err := Replay(kabashi.Algorithm, dec)
		if err != nil {
			t.Fatalf("%s: Replay: %v", phys, err)
		}
		if rep.Outcome.Messages.Sends != s.Counts().Sends {
			t.Errorf("%s: replayed %d sends, ran %d", phys, rep.Outcome.Messages.Sends, s.Counts().Sends)
		}
		if b2 := encode(t, dec); !bytes.Equal(b1, b2) {
			t.Fatalf("%s: Decode+Encode changed the bytes:\n%s", phys, cmp.Diff(string(b1), string(b2)))
		}
	}
}

// TestReplayErrorsClipped: a divergence or outcome error shows a bounded
// part of its diff (or state), saying how much it leaves out, however
// large the diff (a replay of 100000 processes printed 26 MB on one line);
// the Diff field keeps it all.
func TestReplayErrorsClipped(t *testing.T) {
	var big strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&big, "-\t\"%d:leader=none\",\n", i)
	}
	big.WriteString(strings.Repeat("x", 100000) + "\n")
	for _, err := range []error{
		&DivergenceError{Step: 3, Diff: big.String()},
		&DivergenceError{Step: 3, Diff: strings.Repeat("é", 100000)},
		&OutcomeError{Diff: big.String()},
	} {
		msg := err.Error()
		if len(msg) > 6000 {
			t.Errorf("%T: %d bytes shown", err, len(msg))
		}
		if !strings.Contains(msg, " more lines") && !strings.Contains(msg, "… 99840 more characters") {
			t.Errorf("%T does not say what it left out:\n%s", err, msg)
		}
		if !utf8.ValidString(msg) {
			t.Errorf("%T: the cut split a character", err)
		}
	}
	if msg := (&OutcomeError{Diff: big.String()}).Error(); !strings.Contains(msg, "… 4977 more lines") || !strings.Contains(msg, `"0:leader=none"`) {
		t.Errorf("outcome error:\n%s", msg)
	}
	short := "-\tLeader: 3,\n+\tLeader: 5,\n"
	if msg := (&OutcomeError{Diff: short}).Error(); !strings.HasSuffix(msg, short) {
		t.Errorf("a short diff is not shown whole:\n%s", msg)
	}
}
