package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// splitChecks are two checks of 31 schedules (not divisible by 2 or 3): a
// clean one, and one whose first violation (a termination violation under
// one crash) is schedule 22, so that it falls in the last part for k = 2
// and 3 and the parts before it run in full.
var splitChecks = map[string][]string{
	"clean":     {"check", "-algo", "changroberts", "-n", "4", "-schedules", "31"},
	"violation": {"check", "-algo", "changroberts", "-ids", "3,1,2,5,4", "-crash-budget", "1", "-schedules", "31"},
	"capped":    {"check", "-algo", "changroberts", "-n", "4", "-schedules", "7", "-max-steps", "5"},
}

// runParts runs check args as k parts, each written under dir, and
// returns the part files.
func runParts(t *testing.T, dir string, args []string, k int) []string {
	t.Helper()
	var files []string
	for i := 1; i <= k; i++ {
		f := filepath.Join(dir, fmt.Sprintf("p%d-of-%d.json", i, k))
		r := cli(t, append(append([]string(nil), args...), "-part", fmt.Sprintf("%d/%d", i, k), "-part-out", f)...).mustCode(t, 0)
		if strings.Contains(r.stdout, "HOLDS") || !strings.HasPrefix(r.stdout, fmt.Sprintf("part %d/%d: ", i, k)) || r.stderr != "" {
			t.Errorf("a part prints what it found, never a verdict, and nothing on stderr:\n%s", r)
		}
		files = append(files, f)
	}
	return files
}

// TestCheckPartsMerge: for k = 1, 2, 3 the merge of a check's parts prints
// what the unsplit check prints, byte for byte (stdout, stderr, the exit
// status, -json, and the trace file it writes), with or without a
// violation or unfinished schedules.
func TestCheckPartsMerge(t *testing.T) {
	for name, args := range splitChecks {
		for _, jsonOut := range []bool{false, true} {
			var extra []string
			if jsonOut {
				extra = []string{"-json"}
			}
			outU := t.TempDir()
			u := cli(t, append(append([]string(nil), args...), append(extra, "-out", outU)...)...)
			for k := 1; k <= 3; k++ {
				files := runParts(t, t.TempDir(), args, k)
				outM := t.TempDir()
				m := cli(t, append(append(append([]string{"check", "-merge"}, files...), extra...), "-out", outM)...)
				if m.code != u.code || strings.ReplaceAll(m.stdout, outM, outU) != u.stdout || strings.ReplaceAll(m.stderr, outM, outU) != u.stderr {
					t.Errorf("%s, k=%d: the merge differs from the unsplit check\nunsplit: %s\nmerge: %s", name, k, u, m)
				}
				tracesU, _ := os.ReadDir(outU)
				tracesM, _ := os.ReadDir(outM)
				if len(tracesU) != len(tracesM) {
					t.Fatalf("%s, k=%d: the unsplit check wrote %v, the merge %v", name, k, tracesU, tracesM)
				}
				for i := range tracesU {
					if tracesU[i].Name() != tracesM[i].Name() || string(readFile(t, filepath.Join(outU, tracesU[i].Name()))) != string(readFile(t, filepath.Join(outM, tracesM[i].Name()))) {
						t.Errorf("%s, k=%d: the merge's trace %s differs from the unsplit check's %s", name, k, tracesM[i].Name(), tracesU[i].Name())
					}
				}
			}
			want := map[string]int{"clean": 0, "violation": 1, "capped": 4}[name]
			if u.code != want || (name == "violation" && !strings.Contains(u.stdout, "after 22 schedule(s)") && !strings.Contains(u.stdout, `"schedules_tried": 22`)) {
				t.Errorf("%s: the unsplit check is not the case the test means:\n%s", name, u)
			}
		}
	}
}

// TestCheckPartFile: a part says what it ran (schedules and seeds, or its
// first violation with its schedule and seed, unshrunk) and records it,
// with its options, in a self-describing file; an empty part (k above the
// count) is a part too.
func TestCheckPartFile(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "p.json")
	r := cli(t, append(append([]string(nil), splitChecks["violation"]...), "-seed", "5", "-part", "2/2", "-part-out", f)...).mustCode(t, 0)
	if !strings.HasPrefix(r.stdout, "part 2/2: violation at schedule 27 of 31 (seed 31): termination violated: ") {
		t.Errorf("part 2/2 from seed 5:\n%s", r)
	}
	var p map[string]any
	if err := json.Unmarshal(readFile(t, f), &p); err != nil {
		t.Fatal(err)
	}
	opts, _ := json.Marshal(p["options"])
	if p["kind"] != "check-part" || p["version"] != float64(1) || p["scheme"] != "schedule-index/1" || p["part"] != "2/2" ||
		p["from"] != float64(15) || p["to"] != float64(31) || p["ran"] != float64(12) ||
		string(opts) != `["-algo=changroberts","-crash-budget=1","-ids=3,1,2,5,4","-schedules=31","-seed=5"]` {
		t.Errorf("the part file: %s", readFile(t, f))
	}
	if v, _ := p["violation"].(map[string]any); v["schedule"] != float64(26) || v["seed"] != float64(31) || v["property"] != "termination" {
		t.Errorf("the part's violation: %v", p["violation"])
	}
	// Part 1 violates too, earlier (schedule 4): the merge reports that
	// one, as the unsplit check does.
	seed5 := append(append([]string(nil), splitChecks["violation"]...), "-seed", "5")
	files := runParts(t, t.TempDir(), seed5, 2)
	u := cli(t, append(seed5, "-out", dir)...).mustCode(t, 1)
	if m := cli(t, append([]string{"check", "-merge", "-out", dir}, files...)...).mustCode(t, 1); m.stdout != u.stdout || !strings.Contains(u.stdout, "after 4 schedule(s)") {
		t.Errorf("two parts with violations: %s\nunsplit: %s", m, u)
	}

	r = cli(t, "check", "-algo", "changroberts", "-n", "4", "-schedules", "31", "-part", "2/3", "-part-out", f).mustCode(t, 0)
	if want := "part 2/3: no violation in 10 schedules (11..20 of 31, seeds 11..20) checking safety, agreement, validity, termination\npart written to " + f + " (merge every part with check -merge for the verdict)\n"; r.stdout != want {
		t.Errorf("got\n%s\nwant\n%s", r.stdout, want)
	}
	// -schedule fifo runs one schedule: with k = 3 it is part 3's.
	fifo := []string{"check", "-algo", "changroberts", "-n", "4", "-schedule", "fifo"}
	r = cli(t, append(append([]string(nil), fifo...), "-part", "1/3", "-part-out", f)...).mustCode(t, 0)
	if !strings.HasPrefix(r.stdout, "part 1/3: no schedules: the 1 schedule(s) of the check fall to other parts\n") {
		t.Errorf("an empty part:\n%s", r)
	}
	files = runParts(t, dir, fifo, 3)
	u = cli(t, append(fifo, "-out", dir)...).mustCode(t, 0)
	if m := cli(t, append([]string{"check", "-merge", "-out", dir}, files...)...).mustCode(t, 0); m.stdout != u.stdout {
		t.Errorf("fifo in 3 parts: %s\nunsplit: %s", m, u)
	}
	// -part-out - prints the part file alone; -json prints it too.
	r = cli(t, "check", "-algo", "changroberts", "-n", "4", "-schedules", "3", "-part", "1/1", "-part-out", "-").mustCode(t, 0)
	j := cli(t, "check", "-algo", "changroberts", "-n", "4", "-schedules", "3", "-part", "1/1", "-part-out", f, "-json").mustCode(t, 0)
	if !strings.HasPrefix(r.stdout, "{") || r.stdout != j.stdout || j.stdout != string(readFile(t, f)) {
		t.Errorf("-part-out - and -json print the part file:\n%s\n%s", r, j)
	}
}

// editPart writes a copy of the part file src under dir as name, edited.
func editPart(t *testing.T, src, dir, name string, edit func(m map[string]any)) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(readFile(t, src), &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, dir, name, string(b))
}

// TestCheckMergeRefuses: check -merge refuses, as bad input naming the
// file and what is wrong, every set of files that is not the parts 1..k
// of one check, once each, and every option but -out and -json.
func TestCheckMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	args := splitChecks["clean"]
	p := runParts(t, dir, args, 3)
	p2 := runParts(t, t.TempDir(), args, 2)
	seed := runParts(t, t.TempDir(), append(append([]string(nil), args...), "-seed", "2"), 3)
	trace := recordTrace(t, dir)
	for _, c := range []struct {
		name  string
		files []string
		want  string
	}{
		{"no files", nil, "-merge: give the part files (written by check -part i/k)"},
		{"a trace", []string{trace}, "-merge: " + trace + " is not a check part"},
		{"missing file", []string{filepath.Join(dir, "none.json")}, "-merge: open " + filepath.Join(dir, "none.json") + ": no such file or directory"},
		{"missing part", []string{p[0], p[2]}, "-merge: missing part(s) 2 of 3"},
		{"missing parts", []string{p[1]}, "-merge: missing part(s) 1, 3 of 3"},
		{"a huge k", []string{editPart(t, p[0], dir, "huge.json", func(m map[string]any) { m["part"], m["from"], m["to"], m["ran"] = "1/1000000000000000000", 0, 0, 0 })},
			"-merge: missing part(s) 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, and 999999999999999979 more of 1000000000000000000"},
		{"duplicate part", []string{p[0], p[1], p[2], p[1]}, "-merge: " + p[1] + " and " + p[1] + " are both part 2/3"},
		{"other k", []string{p[0], p[1], p2[1]}, "-merge: " + p2[1] + " is part 2/2, " + p[0] + " is part 1/3: the parts of one check share k"},
		{"other options", []string{p[0], seed[1], p[2]}, "-merge: " + seed[1] + " and " + p[0] + " were run with different options (" + seed[1] + ": -seed=2; " + p[0] + ": none)"},
		{"other version", []string{p[0], editPart(t, p[1], dir, "v2.json", func(m map[string]any) { m["version"] = 2 }), p[2]},
			"-merge: " + filepath.Join(dir, "v2.json") + " is a check part of format version 2; this electlab reads version 1"},
		{"other scheme", []string{editPart(t, p[0], dir, "s.json", func(m map[string]any) { m["scheme"] = "part-position/1" }), p[1], p[2]},
			"-merge: " + filepath.Join(dir, "s.json") + ` keys its schedules by scheme "part-position/1"; this electlab merges "schedule-index/1"`},
		{"other problem", []string{p[0], editPart(t, p[1], dir, "pr.json", func(m map[string]any) { m["problem"] = "00" }), p[2]},
			"-merge: " + filepath.Join(dir, "pr.json") + " and " + p[0] + " check different problems under the same options"},
		{"every part other problem", []string{editPart(t, p[0], dir, "a.json", func(m map[string]any) { m["problem"] = "00" }),
			editPart(t, p[1], dir, "b.json", func(m map[string]any) { m["problem"] = "00" }), editPart(t, p[2], dir, "c.json", func(m map[string]any) { m["problem"] = "00" })},
			"-merge: " + filepath.Join(dir, "a.json") + ": its options build another check here"},
		{"inconsistent range", []string{p[0], editPart(t, p[1], dir, "r.json", func(m map[string]any) { m["to"] = 21 }), p[2]},
			"-merge: " + filepath.Join(dir, "r.json") + ": not a valid check part: part 2/3 of 31 schedules runs 10..20, not 10..21"},
		{"unknown field", []string{p[0], editPart(t, p[1], dir, "u.json", func(m map[string]any) { m["interrupted"] = true }), p[2]},
			"-merge: " + filepath.Join(dir, "u.json") + `: not a valid check part: json: unknown field "interrupted"`},
	} {
		r := cli(t, append([]string{"check", "-merge"}, c.files...)...).mustCode(t, 2)
		if line := r.oneErrorLine(t); !strings.HasPrefix(line, "electlab: "+c.want) || r.stdout != "" {
			t.Errorf("%s: want %q:\n%s", c.name, c.want, r)
		}
	}
	r := cli(t, "check", "-merge", "-seed", "3", p[0]).mustCode(t, 2)
	if line := r.oneErrorLine(t); line != "electlab: -merge takes only part files (and -json, -out): -seed belongs to the parts' command" {
		t.Errorf("-merge with -seed:\n%s", r)
	}
	// An option a part never records, in a part otherwise consistent.
	o := editPart(t, p[0], dir, "opt.json", func(m map[string]any) {
		m["options"], m["part"], m["from"], m["to"], m["ran"] = []string{"-algo=changroberts", "-n=4", "-schedules=31", "-out=x"}, "1/1", 0, 31, 31
	})
	r = cli(t, "check", "-merge", o).mustCode(t, 2)
	if line := r.oneErrorLine(t); line != `electlab: -merge: `+o+`: option "-out=x" is not one a part records` {
		t.Errorf("a part with -out among its options:\n%s", r)
	}
}

// TestCheckPartFlags: the part flags' bad input, each refused before any
// work.
func TestCheckPartFlags(t *testing.T) {
	dir := t.TempDir()
	base := []string{"check", "-algo", "changroberts", "-n", "4", "-schedules", "3"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-part", "0/3"}, `-part "0/3": want i/k with 1 <= i <= k (e.g. 2/4), or auto`},
		{[]string{"-part", "4/3"}, `-part "4/3": want i/k`},
		{[]string{"-part", "x"}, `-part "x": want i/k`},
		{[]string{"-part", "1/2", "-parts", "2"}, "-parts goes with -part auto (a Kubernetes Indexed Job); -part 1/2 names k itself"},
		{[]string{"-parts", "2"}, "-parts goes with -part"},
		{[]string{"-part-out", "x.json"}, "-part-out goes with -part"},
		{[]string{"-part", "1/2", "-out", dir}, "-out: a part writes no trace; give -out to check -merge, which writes it"},
		{[]string{"-part", "1/2", "-part-out", dir}, "-part-out " + dir + ": is a directory"},
		{[]string{"-part", "1/2", "-part-out", "/proc/x"}, "-part-out /proc/x: cannot create a file in /proc: "},
		{[]string{"extra.json"}, `check: unexpected argument "extra.json"`},
	} {
		r := cli(t, append(append([]string(nil), base...), c.args...)...).mustCode(t, 2)
		if line := r.oneErrorLine(t); !strings.HasPrefix(line, "electlab: "+c.want) || r.stdout != "" {
			t.Errorf("want %q:\n%s", c.want, r)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("refused parts wrote %v", ents)
	}
}

// TestCheckPartOutputKinds: the part file is written as internal/outfile
// says: through a FIFO (to its reader, never replaced), and through a
// symbolic link (the link stays, its target is replaced whole).
func TestCheckPartOutputKinds(t *testing.T) {
	dir := t.TempDir()
	fifo, got := fifoReader(t, dir)
	cli(t, "check", "-algo", "changroberts", "-n", "4", "-schedules", "3", "-part", "1/1", "-part-out", fifo).mustCode(t, 0)
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("-part-out replaced the FIFO: %v %v", fi, err)
	}
	if s := <-got; !strings.Contains(s, `"kind": "check-part"`) {
		t.Errorf("the FIFO's reader got %q, want the part", s)
	}
	os.Remove(fifo)

	target := writeFile(t, dir, "target.json", "old")
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("target.json", link); err != nil {
		t.Fatal(err)
	}
	cli(t, "check", "-algo", "changroberts", "-n", "4", "-schedules", "3", "-part", "1/1", "-part-out", link).mustCode(t, 0)
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("-part-out replaced the link: %v %v", fi, err)
	}
	if s := string(readFile(t, target)); !strings.Contains(s, `"kind": "check-part"`) {
		t.Errorf("the link's target holds %q, want the part", s)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("%s holds %v, want target.json and link.json (a temporary file left?)", dir, ents)
	}
}

// clearPartEnv unsets the variables -part auto reads, for the test.
func clearPartEnv(t *testing.T) {
	for _, v := range []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP", "JOB_COMPLETION_INDEX"} {
		t.Setenv(v, "") // restored after the test
		os.Unsetenv(v)
	}
}

// TestCheckPartAuto: -part auto takes i/k from a Slurm job array (1-based
// or 0-based) or a Kubernetes Indexed Job (with -parts), records the
// resolved i/k, names its default file after it, and fails loudly without
// them or with an array it cannot split by.
func TestCheckPartAuto(t *testing.T) {
	testPartAuto(t, []string{"check", "-algo", "changroberts", "-n", "4", "-schedules", "31"})
}

// testPartAuto is the -part auto test of command base[0] run as base.
func testPartAuto(t *testing.T, base []string) {
	base = append(append([]string(nil), base...), "-part", "auto")
	for _, c := range []struct {
		name string
		env  map[string]string
		args []string
		part string // the i/k resolved, or "" for an error
		want string // the error
	}{
		{"slurm 1-3", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_STEP": "1"}, nil, "2/3", ""},
		{"slurm 0-2", map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "2"}, nil, "1/3", ""},
		{"slurm and a matching -parts", map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1"}, []string{"-parts", "3"}, "3/3", ""},
		{"kubernetes", map[string]string{"JOB_COMPLETION_INDEX": "1"}, []string{"-parts", "4"}, "2/4", ""},
		{"nothing", nil, nil, "", "-part auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job, with -parts k) is set: give -part i/k"},
		{"kubernetes without -parts", map[string]string{"JOB_COMPLETION_INDEX": "1"}, nil, "", "-part auto: JOB_COMPLETION_INDEX is set: give -parts k"},
		{"kubernetes index out of range", map[string]string{"JOB_COMPLETION_INDEX": "4"}, []string{"-parts", "4"}, "", "-part auto: JOB_COMPLETION_INDEX=4 is not below -parts 4"},
		{"slurm without a count", map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, nil, "", "-part auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not"},
		{"slurm stepped", map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "5", "SLURM_ARRAY_TASK_STEP": "2"}, nil, "", "-part auto: SLURM_ARRAY_TASK_STEP=2: the job array must be contiguous"},
		{"slurm list", map[string]string{"SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "7"}, nil, "", "-part auto: the job array 1-7 does not hold SLURM_ARRAY_TASK_COUNT=3 tasks"},
		{"slurm -parts differs", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_MIN": "1"}, []string{"-parts", "4"}, "", "-parts 4: the Slurm job array has 3 tasks"},
		{"slurm bad id", map[string]string{"SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "3"}, nil, "", `-part auto: SLURM_ARRAY_TASK_ID="x": want a non-negative integer`},
		{"both", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "JOB_COMPLETION_INDEX": "1"}, nil, "", "-part auto: both SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX are set"},
	} {
		t.Run(c.name, func(t *testing.T) {
			clearPartEnv(t)
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			dir := t.TempDir()
			t.Chdir(dir)
			r := cli(t, append(append([]string(nil), base...), c.args...)...)
			if c.part == "" {
				r.mustCode(t, 2)
				if line := r.oneErrorLine(t); !strings.HasPrefix(line, "electlab: "+c.want) {
					t.Errorf("want %q:\n%s", c.want, r)
				}
				return
			}
			r.mustCode(t, 0)
			i, k, _ := strings.Cut(c.part, "/")
			f := filepath.Join(dir, "electlab-"+base[0]+"-part-"+i+"-of-"+k+".json")
			var p struct{ Part string }
			if err := json.Unmarshal(readFile(t, f), &p); err != nil || p.Part != c.part || !strings.HasPrefix(r.stdout, "part "+c.part+": ") {
				t.Errorf("want part %s in %s: %v %+v\n%s", c.part, f, err, p, r)
			}
		})
	}
}
