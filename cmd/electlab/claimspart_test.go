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

// splitClaims are reduced claims runs, cheap enough to run unsplit and in
// 1, 2 and 3 parts: one algorithm's claims at small sizes (counterexamples
// with their traces, plots, a growth claim), and a catalog claim judged by
// its reproduced table and its two registered parts (a table task split,
// its judging left to the merge).
var splitClaims = map[string][]string{
	"changroberts": {"claims", "-algo", "changroberts", "-cases", "3", "-growth-cases", "2", "-max-n", "4", "-exhaustive-limit", "10", "-explore-states", "2000"},
	"table":        {"claims", "-claim", "C-FCEABOB-4"},
}

// slowSplitClaims are split in 2 parts without -short only (each takes
// 10 to 20 CPU-seconds): the comparison alone (its measurements split),
// and a claim with a paper reproduced beside it (its tables split, the
// reproduction written by the merge).
var slowSplitClaims = map[string][]string{
	"compare":   {"claims", "-compare"},
	"reproduce": {"claims", "-claim", "C-FCEABOB-4", "-reproduce", "003"},
}

// runClaimsParts runs claims args as k parts, each written under dir, and
// returns the part files.
func runClaimsParts(t *testing.T, dir string, args []string, k int) []string {
	t.Helper()
	var files []string
	for i := 1; i <= k; i++ {
		f := filepath.Join(dir, fmt.Sprintf("p%d-of-%d.json", i, k))
		r := cli(t, append(append([]string(nil), args...), "-part", fmt.Sprintf("%d/%d", i, k), "-part-out", f)...).mustCode(t, 0)
		if strings.Contains(r.stdout, "HOLDS") || strings.Contains(r.stdout, "REFUTED") || !strings.HasPrefix(r.stdout, fmt.Sprintf("part %d/%d: ", i, k)) {
			t.Errorf("a part prints what it ran, never a verdict:\n%s", r)
		}
		files = append(files, f)
	}
	return files
}

// dirFiles is every file under dir, by its path relative to dir, with its
// bytes.
func dirFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		m[rel] = string(readFile(t, path))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestClaimsPartsMerge: for k = 1, 2, 3 the merge of a claims run's parts
// prints and writes what the unsplit run does, byte for byte: stdout, the
// exit status, and every file of the -out report directory (report.md,
// report.json, report.html, the plots, the counterexample traces with
// their renderings, the reproductions); also with -json and -md.
func TestClaimsPartsMerge(t *testing.T) {
	cases := map[string][]string{}
	for name, args := range splitClaims {
		cases[name] = args
	}
	if !testing.Short() {
		for name, args := range slowSplitClaims {
			cases[name] = args
		}
	}
	for name, args := range cases {
		_, slow := slowSplitClaims[name]
		for _, format := range []string{"", "-json", "-md"} {
			if name != "changroberts" && format != "" {
				continue // -json and -md on the cheapest case only
			}
			var extra []string
			if format != "" {
				extra = []string{format}
			}
			outU := t.TempDir()
			u := cli(t, append(append([]string(nil), args...), append(extra, "-out", outU)...)...)
			filesU := dirFiles(t, outU)
			if name == "changroberts" && format == "" && (!strings.Contains(u.stdout, "REFUTED") || filesU[filepath.Join("traces", "C-RING1-5-changroberts-swallow-2.json")] == "") {
				t.Fatalf("the unsplit run is not the case the test means (a refuted claim with its trace):\n%s\n%v", u, filesU)
			}
			for k := 1; k <= 3; k++ {
				if (format != "" || slow) && k != 2 {
					continue
				}
				files := runClaimsParts(t, t.TempDir(), args, k)
				outM := t.TempDir()
				m := cli(t, append(append(append([]string{"claims", "-merge"}, files...), extra...), "-out", outM)...)
				if m.code != u.code || strings.ReplaceAll(m.stdout, outM, outU) != u.stdout {
					t.Errorf("%s %s, k=%d: the merge differs from the unsplit run\nunsplit: %s\nmerge: %s", name, format, k, u, m)
				}
				filesM := dirFiles(t, outM)
				if len(filesM) != len(filesU) {
					t.Errorf("%s %s, k=%d: the merge wrote %d files, the unsplit run %d", name, format, k, len(filesM), len(filesU))
				}
				for f, data := range filesU {
					if filesM[f] != data {
						t.Errorf("%s %s, k=%d: the merge's %s differs from the unsplit run's", name, format, k, f)
					}
				}
			}
		}
	}
}

// TestClaimsPartFile: a part records its options, problem, i/k and its
// tasks' results in a self-describing file; the tasks are spread by the
// cost table; a part beyond the tasks is empty, and says so; -part-out -
// and -json print the part file.
func TestClaimsPartFile(t *testing.T) {
	dir := t.TempDir()
	args := splitClaims["changroberts"]
	files := runClaimsParts(t, dir, args, 2)
	var p struct {
		Tool, Kind, Scheme, Problem, Part string
		Version, Tasks                    int
		Options                           []string
		Results                           []struct{ Task string }
	}
	seen := map[string]bool{}
	for i, f := range files {
		if err := json.Unmarshal(readFile(t, f), &p); err != nil {
			t.Fatal(err)
		}
		if p.Tool != "electlab" || p.Kind != "claims-part" || p.Version != 1 || p.Scheme != "task-id/1" || p.Part != fmt.Sprintf("%d/2", i+1) || p.Tasks != 5 || len(p.Problem) != 64 ||
			strings.Join(p.Options, " ") != "-algo=changroberts -cases=3 -exhaustive-limit=10 -explore-states=2000 -growth-cases=2 -max-n=4" {
			t.Errorf("part %d: %+v", i+1, p)
		}
		if len(p.Results) == 0 || len(p.Results) == 5 {
			t.Errorf("part %d of 2 holds %d of the 5 tasks", i+1, len(p.Results))
		}
		for _, r := range p.Results {
			if seen[r.Task] {
				t.Errorf("task %q in two parts", r.Task)
			}
			seen[r.Task] = true
		}
	}
	if len(seen) != 5 {
		t.Errorf("the parts hold %d of the 5 tasks", len(seen))
	}
	f := filepath.Join(dir, "p.json")
	// C-FCEABOB-4 is 3 tasks (its table and its two registered parts):
	// with k = 4 one part is empty.
	r := cli(t, "claims", "-claim", "C-FCEABOB-4", "-part", "4/4", "-part-out", f).mustCode(t, 0)
	if want := "part 4/4: no tasks: the 3 task(s) of the claims run fall to other parts\npart written to " + f + " (merge every part with claims -merge for the report)\n"; r.stdout != want {
		t.Errorf("an empty part: got\n%s\nwant\n%s", r.stdout, want)
	}
	r = cli(t, "claims", "-claim", "C-FCEABOB-4", "-part", "1/1", "-part-out", "-").mustCode(t, 0)
	j := cli(t, "claims", "-claim", "C-FCEABOB-4", "-part", "1/1", "-part-out", f, "-json").mustCode(t, 0)
	if !strings.HasPrefix(r.stdout, "{") || r.stdout != j.stdout || j.stdout != string(readFile(t, f)) {
		t.Errorf("-part-out - and -json print the part file:\n%s\n%s", r, j)
	}
}

// TestClaimsMergeRefuses: claims -merge refuses, as bad input naming the
// file and what is wrong, every set of files that is not the parts 1..k
// of one claims run, once each, and every option but -out, -json and
// -md.
func TestClaimsMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	args := splitClaims["changroberts"]
	p := runClaimsParts(t, dir, args, 3)
	p2 := runClaimsParts(t, t.TempDir(), args, 2)
	seed := runClaimsParts(t, t.TempDir(), append(append([]string(nil), args...), "-seed", "2"), 3)
	checkPart := filepath.Join(dir, "check.json")
	cli(t, "check", "-algo", "changroberts", "-n", "4", "-schedules", "3", "-part", "1/1", "-part-out", checkPart).mustCode(t, 0)
	// A part whose first result is renamed, or dropped, or copied into
	// another part.
	var first struct {
		Results []map[string]any
	}
	if err := json.Unmarshal(readFile(t, p[0]), &first); err != nil || len(first.Results) == 0 {
		t.Fatalf("part 1/3: %v %v", err, first)
	}
	for _, c := range []struct {
		name  string
		files []string
		want  string
	}{
		{"no files", nil, "-merge: give the part files (written by claims -part i/k)"},
		{"a check part", []string{checkPart}, "-merge: " + checkPart + " is not a claims part (the part file of electlab claims -part i/k)"},
		{"missing file", []string{filepath.Join(dir, "none.json")}, "-merge: open " + filepath.Join(dir, "none.json") + ": no such file or directory"},
		{"missing part", []string{p[0], p[2]}, "-merge: missing part(s) 2 of 3"},
		{"duplicate part", []string{p[0], p[1], p[2], p[1]}, "-merge: " + p[1] + " and " + p[1] + " are both part 2/3"},
		{"other k", []string{p[0], p[1], p2[1]}, "-merge: " + p2[1] + " is part 2/2, " + p[0] + " is part 1/3: the parts of one claims run share k"},
		{"other options", []string{p[0], seed[1], p[2]}, "-merge: " + seed[1] + " and " + p[0] + " were run with different options (" + seed[1] + ": -seed=2; " + p[0] + ": none)"},
		{"other version", []string{p[0], editPart(t, p[1], dir, "v2.json", func(m map[string]any) { m["version"] = 2 }), p[2]},
			"-merge: " + filepath.Join(dir, "v2.json") + " is a claims part of format version 2; this electlab reads version 1"},
		{"other scheme", []string{editPart(t, p[0], dir, "s.json", func(m map[string]any) { m["scheme"] = "part-position/1" }), p[1], p[2]},
			"-merge: " + filepath.Join(dir, "s.json") + ` keys its tasks by scheme "part-position/1"; this electlab merges "task-id/1"`},
		{"other problem", []string{p[0], editPart(t, p[1], dir, "pr.json", func(m map[string]any) { m["problem"] = "00" }), p[2]},
			"-merge: " + filepath.Join(dir, "pr.json") + " and " + p[0] + " check different problems under the same options (another electlab version, or a program with other algorithms)"},
		{"every part other problem", []string{editPart(t, p[0], dir, "a.json", func(m map[string]any) { m["problem"] = "00" }),
			editPart(t, p[1], dir, "b.json", func(m map[string]any) { m["problem"] = "00" }), editPart(t, p[2], dir, "c.json", func(m map[string]any) { m["problem"] = "00" })},
			"-merge: " + filepath.Join(dir, "a.json") + ": its options build another claims run here"},
		{"bad i/k", []string{editPart(t, p[0], dir, "ik.json", func(m map[string]any) { m["part"] = "4/3" })},
			"-merge: " + filepath.Join(dir, "ik.json") + `: not a valid claims part: part "4/3" is not i/k with 1 <= i <= k`},
		{"unknown field", []string{p[0], editPart(t, p[1], dir, "u.json", func(m map[string]any) { m["interrupted"] = true }), p[2]},
			"-merge: " + filepath.Join(dir, "u.json") + `: not a valid claims part: json: unknown field "interrupted"`},
		{"unknown task", []string{editPart(t, p[0], dir, "t.json", func(m map[string]any) {
			m["results"].([]any)[0].(map[string]any)["task"] = "C-GONE-1, nobody"
		}), p[1], p[2]}, "-merge: " + filepath.Join(dir, "t.json") + `: not a valid claims part: task "C-GONE-1, nobody" is not one of this claims run's`},
		{"a task twice", []string{p[0], editPart(t, p[1], dir, "d.json", func(m map[string]any) {
			m["results"] = append(m["results"].([]any), first.Results[0])
		}), p[2]}, "-merge: " + p[0] + " and " + filepath.Join(dir, "d.json") + ` both hold task "` + first.Results[0]["task"].(string) + `"`},
		{"a task missing", []string{editPart(t, p[0], dir, "m.json", func(m map[string]any) { m["results"] = m["results"].([]any)[1:] }), p[1], p[2]},
			`-merge: no part holds task "` + first.Results[0]["task"].(string) + `"`},
		{"a bad result", []string{editPart(t, p[0], dir, "b2.json", func(m map[string]any) {
			m["results"].([]any)[0].(map[string]any)["result"] = map[string]any{"entry": 3}
		}), p[1], p[2]}, "-merge: " + filepath.Join(dir, "b2.json") + `: not a valid claims part: task "` + first.Results[0]["task"].(string) + `": json: cannot unmarshal`},
	} {
		r := cli(t, append([]string{"claims", "-merge"}, c.files...)...).mustCode(t, 2)
		if line := r.oneErrorLine(t); !strings.HasPrefix(line, "electlab: "+c.want) || r.stdout != "" {
			t.Errorf("%s: want %q:\n%s", c.name, c.want, r)
		}
	}
	r := cli(t, "claims", "-merge", "-seed", "3", p[0]).mustCode(t, 2)
	if line := r.oneErrorLine(t); line != "electlab: -merge takes only part files (and -json, -md, -out): -seed belongs to the parts' command" {
		t.Errorf("-merge with -seed:\n%s", r)
	}
	o := editPart(t, p[0], dir, "opt.json", func(m map[string]any) { m["options"], m["part"] = []string{"-algo=changroberts", "-out=x"}, "1/1" })
	r = cli(t, "claims", "-merge", o).mustCode(t, 2)
	if line := r.oneErrorLine(t); line != `electlab: -merge: `+o+`: option "-out=x" is not one a part records` {
		t.Errorf("a part with -out among its options:\n%s", r)
	}
}

// TestClaimsPartFlags: the part flags' bad input, each refused before any
// work.
func TestClaimsPartFlags(t *testing.T) {
	dir := t.TempDir()
	base := []string{"claims", "-claim", "C-FCEABOB-4"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-part", "0/3"}, `-part "0/3": want i/k with 1 <= i <= k (e.g. 2/4), or auto`},
		{[]string{"-part", "1/2", "-parts", "2"}, "-parts goes with -part auto (a Kubernetes Indexed Job); -part 1/2 names k itself"},
		{[]string{"-part-out", "x.json"}, "-part-out goes with -part"},
		{[]string{"-part", "1/2", "-out", dir}, "-out: a part writes no report; give -out to claims -merge, which writes it"},
		{[]string{"-part", "1/2", "-md"}, "-md: a part prints no report; give -md to claims -merge, which prints it"},
		{[]string{"-part", "1/2", "-part-out", dir}, "-part-out " + dir + ": is a directory"},
		{[]string{"extra.json"}, `claims: unexpected argument "extra.json"`},
		{[]string{"-merge", "-json", "-md", "x.json"}, "-json and -md conflict: give one"},
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

// TestClaimsPartAuto: claims -part auto resolves i/k as check's does.
func TestClaimsPartAuto(t *testing.T) {
	testPartAuto(t, []string{"claims", "-claim", "C-FCEABOB-4"})
}
