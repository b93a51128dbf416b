package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// listJSON mirrors the documented `electlab list -json` schema
// (docs/CLI.md), independently of the command's own types.
type listJSON struct {
	Algorithms []struct {
		Name        string   `json:"name"`
		Title       string   `json:"title"`
		Source      string   `json:"source"`
		Topology    string   `json:"topology"`
		Elects      string   `json:"elects"`
		Forwarding  *bool    `json:"forwarding_default"`
		Messages    []string `json:"messages"`
		Ambiguities []struct {
			ID       string `json:"id"`
			Question string `json:"question"`
			Readings []struct {
				Name    string `json:"name"`
				Default bool   `json:"default"`
				Meaning string `json:"meaning"`
			} `json:"readings"`
		} `json:"ambiguities"`
		Claims []struct {
			ID      string `json:"id"`
			Kind    string `json:"kind"`
			Source  string `json:"source"`
			Says    string `json:"says"`
			Formula string `json:"formula"`
		} `json:"claims"`
	} `json:"algorithms"`
	Options []struct {
		Flag    string   `json:"flag"`
		Values  []string `json:"values"`
		Default string   `json:"default"`
		Meaning string   `json:"meaning"`
	} `json:"options"`
}

func TestList(t *testing.T) {
	r := cli(t, "list").mustCode(t, 0)
	if r.stderr != "" {
		t.Errorf("list wrote on stderr:\n%s", r)
	}
	for _, want := range []string{"changroberts", "lelann", "ringpoll", "-variant resend", "-variant swallow", "C-RING1-5", "options (run, check):", "-timing"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("list does not mention %q:\n%s", want, r)
		}
	}
}

func TestListJSON(t *testing.T) {
	r := cli(t, "list", "-json").mustCode(t, 0)
	var l listJSON
	r.decode(t, &l)
	byName := map[string]int{}
	for i, a := range l.Algorithms {
		byName[a.Name] = i
		if a.Title == "" || a.Source == "" || a.Topology == "" || a.Elects == "" || a.Forwarding == nil {
			t.Errorf("algorithm %s lacks a title, source, topology, elects or forwarding_default: %+v", a.Name, a)
		}
		if len(a.Messages) == 0 {
			t.Errorf("algorithm %s lists no message kinds", a.Name)
		}
		for _, amb := range a.Ambiguities {
			defaults := 0
			for _, rd := range amb.Readings {
				if rd.Default {
					defaults++
				}
				if rd.Name == "" {
					t.Errorf("%s %s: a reading without a name", a.Name, amb.ID)
				}
			}
			if defaults != 1 || len(amb.Readings) < 2 {
				t.Errorf("%s %s: want >= 2 readings with exactly one default, got %+v", a.Name, amb.ID, amb.Readings)
			}
		}
		for _, c := range a.Claims {
			if c.ID == "" || c.Kind == "" || c.Says == "" {
				t.Errorf("%s: incomplete claim %+v", a.Name, c)
			}
		}
	}
	readings := func(algo string) []string {
		i, ok := byName[algo]
		if !ok {
			t.Fatalf("list -json does not list %s: %s", algo, r.stdout)
		}
		var names []string
		for _, amb := range l.Algorithms[i].Ambiguities {
			for _, rd := range amb.Readings {
				names = append(names, rd.Name)
			}
		}
		return names
	}
	for _, algo := range []string{"changroberts", "lelann", "ringpoll"} {
		if len(readings(algo)) == 0 {
			t.Errorf("%s lists no variants", algo)
		}
	}
	for _, v := range []string{"swallow", "resend"} {
		if !slices.Contains(readings("changroberts"), v) {
			t.Errorf("changroberts does not list variant %s", v)
		}
	}
	// Every listed variant is accepted by run: it runs to quiescence, or
	// (Raft's unlimited heartbeats, beats-any, never stop) to the step
	// cap, which is "cap reached" (status 4), not a refusal.
	for _, a := range l.Algorithms {
		for _, amb := range a.Ambiguities {
			for _, rd := range amb.Readings {
				rr := cli(t, "run", "-algo", a.Name, "-ids", "3,1,2", "-variant", rd.Name, "-json")
				if rr.code == 4 && a.Name == "raft" && rd.Name == "beats-any" && strings.Contains(rr.stdout, `"capped": "the step cap of`) {
					continue
				}
				rr.mustCode(t, 0)
			}
		}
	}
	var flags []string
	for _, o := range l.Options {
		flags = append(flags, o.Flag)
		if len(o.Values) == 0 || o.Default == "" || o.Meaning == "" {
			t.Errorf("incomplete option %+v", o)
		}
	}
	for _, f := range []string{"-timing", "-timeouts", "-net", "-forwarding"} {
		if !slices.Contains(flags, f) {
			t.Errorf("list -json options lack %s: %v", f, flags)
		}
	}
}

// TestListOptionsAccepted: list prints its options under "options (run,
// check)", so both commands must accept every value it lists.
func TestListOptionsAccepted(t *testing.T) {
	var l listJSON
	cli(t, "list", "-json").mustCode(t, 0).decode(t, &l)
	bug10 := false
	defer func() {
		fixedBug(t, bug10 && !t.Failed(), "BUG-10: list shows -schedule under \"options (run, check)\", but check has no -schedule flag")
	}()
	for _, o := range l.Options {
		for _, v := range o.Values {
			if v == "0..live" {
				v = "1"
			}
			for _, cmd := range []string{"run", "check"} {
				args := []string{cmd, "-algo", "changroberts", "-ids", "3,1,2", o.Flag, v}
				if cmd == "check" {
					args = append(args, "-schedules", "2", "-out", t.TempDir())
				}
				r := cli(t, args...)
				if cmd == "check" && o.Flag == "-schedule" && r.code == 2 && strings.Contains(r.stderr, "flag provided but not defined: -schedule") {
					bug10 = true
					continue
				}
				if r.code == 2 || r.code == 3 {
					t.Errorf("%s rejects %s %s, which list offers:\n%s", cmd, o.Flag, v, r)
				}
			}
		}
	}
}

// runJSON mirrors the documented `electlab run -json` schema.
type runJSON struct {
	Algorithm string  `json:"algorithm"`
	Variant   string  `json:"variant"`
	N         int     `json:"n"`
	IDs       []int32 `json:"ids"`
	Options   struct {
		Timing      string  `json:"timing"`
		Timeouts    string  `json:"timeouts"`
		Net         string  `json:"net"`
		Forwarding  bool    `json:"forwarding"`
		Initiators  []int32 `json:"initiators"`
		Crashed     []int32 `json:"crashed"`
		Absent      []int32 `json:"absent"`
		CrashBudget int     `json:"crash_budget"`
		Recovery    bool    `json:"recovery"`
		Successive  []struct {
			Detectors []int32 `json:"detectors"`
		} `json:"successive"`
	} `json:"options"`
	Schedule     string  `json:"schedule"`
	Seed         uint64  `json:"seed"`
	Engine       string  `json:"engine"`
	Leader       int32   `json:"leader"`
	Agreed       bool    `json:"agreed"`
	Coordinators []int32 `json:"coordinators"`
	Quiescent    bool    `json:"quiescent"`
	Messages     struct {
		Sends         int64 `json:"sends"`
		Transmissions int64 `json:"transmissions"`
		Deliveries    int64 `json:"deliveries"`
		Forwards      int64 `json:"forwards"`
		ByKind        map[string]struct {
			Sends         int64 `json:"sends"`
			Transmissions int64 `json:"transmissions"`
			Deliveries    int64 `json:"deliveries"`
		} `json:"by_kind"`
	} `json:"messages"`
	Steps      int64 `json:"steps"`
	TimeHops   int64 `json:"time_hops"`
	Violations []struct {
		Property string `json:"property"`
		Step     int    `json:"step"`
		Message  string `json:"message"`
	} `json:"violations"`
}

// requireKeys checks that the JSON object m has every key, and that the
// keys naming lists hold arrays (never null).
func requireKeys(t *testing.T, where string, m map[string]any, keys []string, lists []string) {
	t.Helper()
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			t.Errorf("%s lacks the field %q", where, k)
		}
	}
	for _, k := range lists {
		if _, ok := m[k].([]any); !ok {
			t.Errorf("%s field %q is %v, want an array", where, k, m[k])
		}
	}
}

// checkRunSchema checks the field names of a run -json document: the
// command-line contract (docs/CLI.md) scripts rely on.
func checkRunSchema(t *testing.T, r result) {
	t.Helper()
	var m map[string]any
	r.decode(t, &m)
	requireKeys(t, "run -json", m,
		[]string{"algorithm", "variant", "n", "ids", "options", "schedule", "seed", "engine", "leader", "agreed", "coordinators", "quiescent", "messages", "steps", "time_hops", "violations"},
		[]string{"ids", "coordinators", "violations"})
	opts, _ := m["options"].(map[string]any)
	requireKeys(t, "run -json options", opts,
		[]string{"timing", "timeouts", "net", "forwarding", "initiators", "crashed", "absent", "crash_budget", "recovery"},
		[]string{"initiators", "crashed", "absent"})
	msgs, _ := m["messages"].(map[string]any)
	requireKeys(t, "run -json messages", msgs, []string{"sends", "transmissions", "deliveries", "forwards", "by_kind"}, nil)
	byKind, ok := msgs["by_kind"].(map[string]any)
	if !ok {
		t.Fatalf("messages.by_kind is not an object: %v", msgs["by_kind"])
	}
	for k, v := range byKind {
		kc, _ := v.(map[string]any)
		requireKeys(t, "run -json messages.by_kind."+k, kc, []string{"sends", "transmissions", "deliveries"}, nil)
	}
}

func TestRunJSON(t *testing.T) {
	r := cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-json").mustCode(t, 0)
	if r.stderr != "" {
		t.Errorf("run wrote on stderr:\n%s", r)
	}
	checkRunSchema(t, r)
	var rep runJSON
	r.decode(t, &rep)
	if rep.Algorithm != "changroberts" || rep.Variant == "" || rep.N != 5 || !slices.Equal(rep.IDs, []int32{3, 1, 2, 5, 4}) {
		t.Errorf("algorithm, variant, n or ids wrong: %+v", rep)
	}
	if rep.Leader != 5 || !rep.Agreed || !rep.Quiescent || !slices.Equal(rep.Coordinators, []int32{5}) {
		t.Errorf("want leader 5 agreed by all, quiescent, coordinator 5: %+v", rep)
	}
	if len(rep.Violations) != 0 {
		t.Errorf("want no violation: %+v", rep.Violations)
	}
	m := rep.Messages
	if m.Sends <= 0 || m.Transmissions <= 0 || m.Deliveries <= 0 {
		t.Errorf("want positive message counts: %+v", m)
	}
	var sum int64
	for _, k := range m.ByKind {
		sum += k.Sends
	}
	if sum != m.Sends {
		t.Errorf("per-kind sends add up to %d, total sends %d", sum, m.Sends)
	}
	if _, ok := m.ByKind["elect"]; !ok {
		t.Errorf("by_kind lacks elect: %+v", m.ByKind)
	}
	if rep.Steps <= 0 || rep.Steps < m.Deliveries {
		t.Errorf("steps %d: want at least the %d deliveries", rep.Steps, m.Deliveries)
	}
	o := rep.Options
	if o.Timing != "async" || o.Timeouts != "accurate" || o.Net != "fifo" || rep.Schedule != "fifo" || rep.Engine != "world" || rep.Seed != 1 {
		t.Errorf("defaults wrong: %+v", rep)
	}
}

func TestRunText(t *testing.T) {
	r := cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2,5,4").mustCode(t, 0)
	for _, want := range []string{"algorithm    changroberts", "leader       5, agreed", "violations   none", "messages     sends"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("run output lacks %q:\n%s", want, r)
		}
	}
}

func TestRunSync(t *testing.T) {
	for _, algo := range []string{"changroberts", "lelann", "ringpoll"} {
		r := cli(t, "run", "-algo", algo, "-ids", "3,1,2,5,4", "-timing", "sync", "-json").mustCode(t, 0)
		var rep runJSON
		r.decode(t, &rep)
		if rep.Options.Timing != "sync" || rep.Leader != 5 || !rep.Agreed || len(rep.Violations) != 0 {
			t.Errorf("%s sync: want timing sync, leader 5 agreed, no violation: %+v", algo, rep)
		}
		async := cli(t, "run", "-algo", algo, "-ids", "3,1,2,5,4", "-json").mustCode(t, 0)
		var arep runJSON
		async.decode(t, &arep)
		if rep.Steps >= arep.Steps {
			t.Errorf("%s: sync timing takes %d steps (rounds), async %d events: want fewer rounds", algo, rep.Steps, arep.Steps)
		}
	}
}

func TestRunSimLarge(t *testing.T) {
	r := cli(t, "run", "-algo", "changroberts", "-engine", "sim", "-n", "5000", "-order", "random", "-json").mustCode(t, 0)
	var rep runJSON
	r.decode(t, &rep)
	if rep.Engine != "sim" || rep.N != 5000 || len(rep.IDs) != 5000 || rep.Leader != 5000 || !rep.Agreed || len(rep.Violations) != 0 {
		t.Errorf("want the sim engine to elect 5000 among 5000: engine %s n %d leader %d agreed %t violations %+v", rep.Engine, rep.N, rep.Leader, rep.Agreed, rep.Violations)
	}
	sorted := slices.Clone(rep.IDs)
	slices.Sort(sorted)
	for i, id := range sorted {
		if id != int32(i+1) {
			t.Fatalf("-n 5000 -order random: ids are not a permutation of 1..5000 (sorted[%d] = %d)", i, id)
		}
	}
	if slices.IsSorted(rep.IDs) {
		t.Errorf("-order random gave ascending ids")
	}
	// -order random depends on -seed only.
	again := cli(t, "run", "-algo", "changroberts", "-engine", "sim", "-n", "5000", "-order", "random", "-json").mustCode(t, 0)
	if again.stdout != r.stdout {
		t.Errorf("two identical -order random runs differ")
	}
	other := cli(t, "run", "-algo", "changroberts", "-engine", "sim", "-n", "5000", "-order", "random", "-seed", "2", "-json").mustCode(t, 0)
	var orep runJSON
	other.decode(t, &orep)
	if slices.Equal(orep.IDs, rep.IDs) {
		t.Errorf("-seed 2 gave the same random order as -seed 1")
	}
}

func TestRunOrder(t *testing.T) {
	for order, want := range map[string][]int32{"asc": {1, 2, 3, 4}, "desc": {4, 3, 2, 1}} {
		var rep runJSON
		cli(t, "run", "-algo", "lelann", "-n", "4", "-order", order, "-json").mustCode(t, 0).decode(t, &rep)
		if !slices.Equal(rep.IDs, want) || rep.Leader != 4 {
			t.Errorf("-order %s: ids %v leader %d, want %v leader 4", order, rep.IDs, rep.Leader, want)
		}
	}
}

// TestEngineAuto: the fast simulator is chosen above 2000 processes under
// the fifo schedule, the World otherwise.
func TestEngineAuto(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		engine string
	}{
		{[]string{"-n", "2001"}, "sim"},
		{[]string{"-n", "2000"}, "world"},
		{[]string{"-n", "2001", "-schedule", "random"}, "world"},
		{[]string{"-n", "2001", "-crash-budget", "1"}, "world"},
	} {
		args := append([]string{"run", "-algo", "changroberts", "-json"}, tc.args...)
		var rep runJSON
		cli(t, args...).mustCode(t, 0).decode(t, &rep)
		if rep.Engine != tc.engine {
			t.Errorf("%v: engine %s, want %s", tc.args, rep.Engine, tc.engine)
		}
	}
}

const bug6 = "BUG-6: time_hops is 0 with -engine sim but -1 with -engine world when no live process learned a leader"

// TestEngineEquivalence: under the fifo schedule the fast simulator and
// the World report the same execution.
func TestEngineEquivalence(t *testing.T) {
	configs := [][]string{
		{"-ids", "3,1,2,5,4,7,6"},
		{"-ids", "3,1,2,5,4,7,6", "-crashed", "4"},
		{"-ids", "3,1,2,5,4,7,6", "-initiators", "3"},
		{"-ids", "3,1,2,5,4,7,6", "-timing", "sync"},
		{"-ids", "3,1,2,5,4,7,6", "-net", "unordered"},
		{"-ids", "3,1,2,5,4,7,6", "-crashed", "4,7", "-forwarding", "true"},
		{"-ids", "3,1,2,5,4,7,6", "-crashed", "4", "-forwarding", "false"},
		{"-ids", "3,1,2,5,4,7,6", "-max-steps", "12"},
		{"-n", "120", "-order", "random", "-seed", "3"},
		{"-n", "120", "-order", "desc", "-initiators", "5,17,99"},
	}
	for _, algo := range []string{"changroberts", "lelann", "ringpoll"} {
		for _, cfg := range configs {
			name := algo + " " + strings.Join(cfg, " ")
			t.Run(name, func(t *testing.T) {
				base := append([]string{"run", "-algo", algo, "-json"}, cfg...)
				code := 0
				if slices.Contains(cfg, "-max-steps") {
					code = 4 // cap reached: not a verdict
				}
				var sim, world map[string]any
				cli(t, append(base, "-engine", "sim")...).mustCode(t, code).decode(t, &sim)
				cli(t, append(base, "-engine", "world")...).mustCode(t, code).decode(t, &world)
				if sim["engine"] != "sim" || world["engine"] != "world" {
					t.Fatalf("engines not honoured: %v, %v", sim["engine"], world["engine"])
				}
				delete(sim, "engine")
				delete(world, "engine")
				// The termination message names the World's fair
				// continuation; the property and step must agree.
				for _, m := range []map[string]any{sim, world} {
					for _, v := range m["violations"].([]any) {
						vm := v.(map[string]any)
						if vm["property"] == "termination" {
							vm["message"] = strings.TrimSuffix(fmt.Sprint(vm["message"]), " (fair FIFO continuation)")
						}
					}
				}
				fixedBug(t, fmt.Sprint(sim["time_hops"]) == "0" && fmt.Sprint(world["time_hops"]) == "-1", bug6)
				sj, _ := json.Marshal(sim)
				wj, _ := json.Marshal(world)
				if string(sj) != string(wj) {
					t.Errorf("sim and world disagree:\nsim:   %s\nworld: %s", sj, wj)
				}
			})
		}
	}
}

func TestRunTraceReplay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.json")
	r := cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-trace", path, "-json").mustCode(t, 0)
	var rep runJSON
	r.decode(t, &rep)
	tr := loadTrace(t, path)
	if int64(len(tr.Steps)) != rep.Steps || tr.Outcome.Leader != 5 || tr.Violation != nil || tr.Config.Algo != "changroberts" {
		t.Errorf("trace disagrees with the run: %d steps (run %d), leader %d, violation %v", len(tr.Steps), rep.Steps, tr.Outcome.Leader, tr.Violation)
	}

	rr := cli(t, "replay", path).mustCode(t, 0)
	if !strings.Contains(rr.stdout, "step") || !strings.Contains(rr.stdout, "detect 3") {
		t.Errorf("replay text rendering lacks the step table:\n%s", rr)
	}
	if line := rr.oneErrorLine(t); !strings.Contains(line, "replayed exactly") || !strings.Contains(line, "no violation") {
		t.Errorf("replay verdict: %s", line)
	}

	mm := cli(t, "replay", path, "-render", "mermaid").mustCode(t, 0)
	if !strings.HasPrefix(mm.stdout, "sequenceDiagram") {
		t.Errorf("replay -render mermaid does not start with sequenceDiagram:\n%s", mm)
	}
	// Flags may come before the file too.
	if m2 := cli(t, "replay", "-render", "mermaid", path).mustCode(t, 0); m2.stdout != mm.stdout {
		t.Errorf("replay -render mermaid FILE differs from replay FILE -render mermaid")
	}
	none := cli(t, "replay", path, "-render", "none").mustCode(t, 0)
	if none.stdout != "" {
		t.Errorf("-render none printed:\n%s", none)
	}
	out := filepath.Join(dir, "diagram.mmd")
	o := cli(t, "replay", path, "-render", "mermaid", "-o", out).mustCode(t, 0)
	if o.stdout != "" || string(readFile(t, out)) != mm.stdout {
		t.Errorf("-o did not write the same rendering to the file instead of stdout:\n%s", o)
	}

	// run -render prints the same diagram as replay.
	rm := cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-render", "mermaid").mustCode(t, 0)
	if !strings.HasPrefix(rm.stdout, mm.stdout) {
		t.Errorf("run -render mermaid differs from replay -render mermaid:\n%s", rm)
	}
}

// TestRunTraceRoundTrip: every execution run records replays exactly,
// across algorithms, execution models, schedules and faults.
func TestRunTraceRoundTrip(t *testing.T) {
	dir := t.TempDir()
	opts := [][]string{
		nil,
		{"-timing", "sync"},
		{"-net", "unordered", "-schedule", "random"},
		{"-schedule", "newest"},
		{"-schedule", "oldest", "-staggered"},
		{"-crashed", "4", "-forwarding", "false"},
		{"-crash-budget", "1", "-schedule", "random"},
		{"-absent", "6", "-schedule", "random", "-staggered"},
		{"-recovery", "-crash-budget", "2", "-schedule", "random", "-timeouts", "early"},
	}
	i := 0
	for _, algo := range []string{"changroberts", "lelann", "ringpoll"} {
		for _, o := range opts {
			for _, seed := range []string{"1", "2"} {
				i++
				path := filepath.Join(dir, fmt.Sprintf("t%d.json", i))
				args := append([]string{"run", "-algo", algo, "-ids", "3,1,2,5,4", "-seed", seed, "-max-steps", "400", "-trace", path}, o...)
				cli(t, args...).mustCode(t, 0)
				r := cli(t, "replay", path, "-render", "none")
				if r.code != 0 || !strings.Contains(r.stderr, "replayed exactly") {
					t.Errorf("%v: the recorded trace does not replay:\n%s", args, r)
				}
			}
		}
	}
}

// TestRunJSONWithRender: -json promises a JSON document on stdout.
func TestRunJSONWithRender(t *testing.T) {
	r := cli(t, "run", "-algo", "changroberts", "-ids", "3,1,2", "-json", "-render", "text")
	var m map[string]any
	err := json.Unmarshal([]byte(r.stdout), &m)
	fixedBug(t, r.code == 0 && err != nil,
		"BUG-5: run -json -render text|mermaid prints the rendering before the JSON on stdout, so stdout is not JSON")
	if r.code == 2 {
		r.oneErrorLine(t) // rejecting the combination is fine too
		return
	}
	r.mustCode(t, 0)
	if err != nil {
		t.Errorf("stdout is not JSON: %v", err)
	}
}

// TestTimeHopsWithoutLeader pins BUG-6 down on its own: the two engines
// must report the same time_hops when no live process learned a leader.
func TestTimeHopsWithoutLeader(t *testing.T) {
	var sim, world runJSON
	args := []string{"run", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-max-steps", "3", "-json"}
	cli(t, append(args, "-engine", "sim")...).mustCode(t, 4).decode(t, &sim)
	cli(t, append(args, "-engine", "world")...).mustCode(t, 4).decode(t, &world)
	fixedBug(t, sim.TimeHops == 0 && world.TimeHops == -1, bug6)
	if sim.TimeHops != world.TimeHops {
		t.Errorf("time_hops: sim %d, world %d", sim.TimeHops, world.TimeHops)
	}
}

// TestMaxStepsCap: -max-steps caps the events of the execution in both
// engines; an execution cut short is reported as not quiescent and
// unfinished (cap reached, exit status 4), not as a termination violation.
func TestMaxStepsCap(t *testing.T) {
	bug9 := false
	defer func() {
		fixedBug(t, bug9 && !t.Failed(), "BUG-9: with -engine sim, -max-steps N is exceeded: every initiation runs before the cap applies (7 steps for -max-steps 5 on 7 processes); the cause is in model/sim.go")
	}()
	for _, engine := range []string{"world", "sim"} {
		for _, algo := range []string{"changroberts", "lelann", "ringpoll"} {
			var rep runJSON
			var raw map[string]any
			r := cli(t, "run", "-algo", algo, "-ids", "3,1,2,5,4,7,6", "-max-steps", "5", "-engine", engine, "-json").mustCode(t, 4)
			r.decode(t, &rep)
			r.decode(t, &raw)
			if raw["capped"] != "the step cap of 5 events" || !strings.Contains(r.stderr, "cap reached (not a verdict)") {
				t.Errorf("%s %s: the cap is not reported as reached:\n%s", engine, algo, r)
			}
			if engine == "sim" && rep.Steps > 5 {
				bug9 = true
			} else if rep.Steps > 5 {
				t.Errorf("%s %s: %d steps under -max-steps 5", engine, algo, rep.Steps)
			}
			if rep.Quiescent || len(rep.Violations) != 0 {
				t.Errorf("%s %s: an execution cut short must be reported as not quiescent, without a termination violation: %+v", engine, algo, rep)
			}
		}
	}
}

// Reference: [S3] §IX test 4: -successive runs successive coordinator
// crashes (fceabrk, P = 2: 6 then 5 crash, 4 ends as coordinator), shown
// in the options and the JSON; a malformed value is a usage error naming
// the bad phase.
func TestRunSuccessive(t *testing.T) {
	r := cli(t, "run", "-algo", "fceabrk", "-variant", "p2", "-ids", "3,1,6,2,5,4", "-initiators", "3", "-timing", "sync", "-successive", "all;1", "-json").mustCode(t, 0)
	var rep runJSON
	r.decode(t, &rep)
	if rep.Leader != 4 || !rep.Agreed || len(rep.Options.Successive) != 2 || len(rep.Options.Successive[1].Detectors) != 1 {
		t.Errorf("want leader 4 agreed after two successive crashes: %+v", rep)
	}
	txt := cli(t, "run", "-algo", "fceabrk", "-variant", "p2", "-ids", "3,1,6,2,5,4", "-initiators", "3", "-successive", "all;1").mustCode(t, 0)
	if !strings.Contains(txt.stdout, "successive=all;1") {
		t.Errorf("options lack successive=all;1:\n%s", txt)
	}
	bad := cli(t, "run", "-algo", "fceabrk", "-ids", "3,1,6,2,5,4", "-successive", "all;;1").mustCode(t, 2)
	if !strings.Contains(bad.stderr, "successive crash 2 is empty") {
		t.Errorf("bad -successive: %s", bad)
	}
}

// Reference: [S4] §VI (C-KAB-11): -physical ring runs kabashi on a
// physical ring under its complete graph, shown in the options and the
// JSON only when set (the second minimum's one broadcast costs n−1 sends,
// as on direct links); a bad value, a ring algorithm and the fast
// simulator are usage errors naming the reason; the scenario key
// "physical" is the flag.
func TestRunPhysical(t *testing.T) {
	args := []string{"run", "-algo", "kabashi", "-n", "6", "-crashed", "1", "-initiators", "2", "-timing", "sync"}
	txt := cli(t, append(args, "-physical", "ring")...).mustCode(t, 0)
	if !strings.Contains(txt.stdout, "crash-budget=0 physical=ring\n") || !strings.Contains(txt.stdout, "sends 5 ") {
		t.Errorf("-physical ring: want physical=ring in the options and 5 sends:\n%s", txt)
	}
	js := cli(t, append(args, "-physical", "ring-rt", "-json")...).mustCode(t, 0)
	if !strings.Contains(js.stdout, `"physical":"ring-rt"`) && !strings.Contains(js.stdout, `"physical": "ring-rt"`) {
		t.Errorf("-json lacks the physical network:\n%s", js.stdout)
	}
	plain := cli(t, append(args, "-json")...).mustCode(t, 0)
	if strings.Contains(plain.stdout, "physical") {
		t.Errorf("a direct run mentions a physical network:\n%s", plain.stdout)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{append(args, "-physical", "torus"), `-physical: unknown physical network "torus"`},
		{[]string{"run", "-algo", "changroberts", "-n", "4", "-physical", "ring"}, "needs a complete logical graph"},
		{append(args, "-physical", "ring", "-engine", "sim"), "needs the World"},
	} {
		if r := cli(t, tc.args...).mustCode(t, 2); !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: stderr %q, want %q", tc.args, r.stderr, tc.want)
		}
	}
	dir := t.TempDir()
	path := writeFile(t, dir, "ring.scenario", "algo kabashi\nids 1,2,3,4,5,6\ncrashed 1\ninitiators 2\ntiming sync\nphysical ring\n")
	if r := cli(t, "run", "-scenario", path).mustCode(t, 0); !strings.Contains(r.stdout, "physical=ring") {
		t.Errorf("scenario key physical:\n%s", r)
	}
}
