package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// distProps is -props for a distributed search of info's algorithm:
// every property that fits it but termination (no livelock search).
func distProps(info *model.Info) string {
	if info.Mutex {
		return "none"
	}
	return checker.FormatProps(info.RunProps() &^ model.Termination)
}

// withoutMemory is an explore -json output without what measures one
// process (memory, table, bytes per state) and without the ranks' part.
func withoutMemory(t testing.TB, out string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, k := range []string{"mem_estimate_bytes", "table_bytes", "bytes_per_state", "dist"} {
		delete(m, k)
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestDistEveryAlgorithm: explore -bfs -dist local:K (K ranks as
// goroutines talking through an embedded NATS server on 127.0.0.1) prints,
// for K = 1, 2, 3 and every registered algorithm on 3 processes, the JSON
// explore -bfs prints, but for the memory figures (per rank) and the
// ranks' own part; and its counterexample trace has the same bytes.
// -max-depth cuts the searches that do not end (counters in the state
// make some infinite) at the same level in both.
func TestDistEveryAlgorithm(t *testing.T) {
	reg := algos.Registry()
	n := 0
	for _, name := range reg.Names() {
		spec, err := reg.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"explore", "-algo", name, "-n", "3", "-bfs", "-props", distProps(spec.Meta()), "-counts", "-json", "-max-depth", "12"}
		seqDir := t.TempDir()
		want := cli(t, append(args, "-out", seqDir)...)
		if want.code != 0 && want.code != 1 && want.code != 4 {
			t.Errorf("%s: explore -bfs: %v", name, want)
			continue
		}
		for k := 1; k <= 3; k++ {
			if testing.Short() && k != 2 {
				continue
			}
			dir := t.TempDir()
			got := cli(t, append(args, "-out", dir, "-dist", "local:"+string(rune('0'+k)))...)
			if got.code != want.code || withoutMemory(t, got.stdout) != withoutMemory(t, strings.ReplaceAll(want.stdout, seqDir, dir)) {
				t.Errorf("%s, %d ranks: explore -dist differs from explore -bfs:\n%v\nvs\n%v", name, k, got, want)
				continue
			}
			if !strings.Contains(got.stdout, `"ranks": `+string(rune('0'+k))) {
				t.Errorf("%s, %d ranks: no ranks' part:\n%s", name, k, got.stdout)
			}
			sameFiles(t, seqDir, dir)
			n++
		}
	}
	if n < len(reg.Names()) {
		t.Fatalf("only %d comparisons", n)
	}
}

// sameFiles checks that directories a and b hold the same files, byte
// for byte.
func sameFiles(t testing.TB, a, b string) {
	t.Helper()
	ea, _ := os.ReadDir(a)
	eb, _ := os.ReadDir(b)
	if len(ea) != len(eb) {
		t.Errorf("%s has %d files, %s %d", a, len(ea), b, len(eb))
		return
	}
	for i := range ea {
		x, _ := os.ReadFile(filepath.Join(a, ea[i].Name()))
		y, _ := os.ReadFile(filepath.Join(b, eb[i].Name()))
		if ea[i].Name() != eb[i].Name() || !bytes.Equal(x, y) {
			t.Errorf("%s and %s differ", filepath.Join(a, ea[i].Name()), filepath.Join(b, eb[i].Name()))
		}
	}
}

// TestDistRefuses: every -dist misuse is bad input (status 2), named on
// one line, before any rank connects.
func TestDistRefuses(t *testing.T) {
	base := []string{"explore", "-algo", "changroberts", "-n", "3"}
	safety := []string{"-props", "single-coordinator,agreement,validity"}
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"-bfs", "-dist", "local:0"}, nil, `-dist "local:0": want local:K with 1 <= K <= 64`},
		{[]string{"-bfs", "-dist", "many"}, nil, `-dist "many": want local:K, slurm, indexed:K or i/k`},
		{[]string{"-bfs", "-dist", "4/3"}, nil, `-dist "4/3": want local:K, slurm, indexed:K or i/k`},
		{[]string{"-bfs", "-dist", "indexed:0"}, nil, `-dist "indexed:0": want indexed:K with K >= 1`},
		{[]string{"-bfs", "-dist", "indexed:3"}, map[string]string{"JOB_COMPLETION_INDEX": ""}, "-dist indexed:3: JOB_COMPLETION_INDEX is not set"},
		{[]string{"-bfs", "-dist", "indexed:3"}, map[string]string{"JOB_COMPLETION_INDEX": "3"}, `-dist indexed:3: JOB_COMPLETION_INDEX="3" is not a rank below 3`},
		{[]string{"-bfs", "-dist", "slurm"}, map[string]string{"SLURM_PROCID": "", "SLURM_NTASKS": ""}, "-dist slurm: SLURM_PROCID and SLURM_NTASKS are not set"},
		{[]string{"-bfs", "-dist", "slurm"}, map[string]string{"SLURM_PROCID": "3", "SLURM_NTASKS": "3"}, `do not name a rank`},
		{[]string{"-bfs", "-dist", "2/3"}, nil, "-dist 2/3: give -nats nats://host:port"},
		{[]string{"-bfs", "-dist", "2/3", "-nats", "127.0.0.1:4222"}, nil, `-nats "127.0.0.1:4222": want nats://host:port`},
		{[]string{"-bfs", "-dist", "local:2", "-nats-embed"}, nil, "-nats-embed needs -nats"},
		{[]string{"-bfs", "-nats", "nats://127.0.0.1:4222"}, nil, "-nats goes with -dist"},
		{[]string{"-bfs", "-checkpoint", "/tmp"}, nil, "-checkpoint goes with -dist"},
		{[]string{"-bfs", "-dist", "local:2", "-checkpoint", "dist_test.go"}, nil, "-checkpoint dist_test.go: not a directory"},
		{[]string{"-bfs", "-dist", "local:2", "-dist-timeout", "0s"}, nil, "-dist-timeout 0s: want a positive duration"},
		{[]string{"-bfs", "-dist", "local:2", "-dist-run", "a.b"}, nil, `-dist-run "a.b": a name without dots`},
		{[]string{"-dist", "local:2"}, nil, "-dist distributes the breadth-first search: add -bfs"},
		{[]string{"-bfs", "-dist", "local:2", "-workers", "2"}, nil, "-dist and -workers 2"},
		{[]string{"-bfs", "-dist", "local:2", "-props", "all"}, nil, "-dist does not search for livelocks"},
		{[]string{"-bfs", "-dist", "local:2", "-props", "none"}, nil, "-props none: only for an algorithm with its own invariant"},
		// The parts' contract of check and claims is not a search's.
		{[]string{"-part", "auto", "-parts", "3"}, nil, "explore -part: a search has no independent parts"},
		{[]string{"-bfs", "-part", "1/2"}, nil, "divide one search among ranks with -bfs -dist"},
	} {
		for k, v := range tc.env {
			t.Setenv(k, v)
		}
		args := append(append(slices.Clone(base), safety...), tc.args...)
		r := cli(t, args...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 || r.stdout != "" {
			t.Errorf("want status 2 and %q:\n%v", tc.want, r)
		}
	}
	// A mutual-exclusion algorithm is told -props none.
	r := cli(t, "explore", "-algo", "central", "-n", "3", "-bfs", "-dist", "local:2")
	if r.code != 2 || !strings.Contains(r.stderr, "give -props none (its mutual exclusion is still checked in every state)") {
		t.Errorf("a lock under -dist: %v", r)
	}
}

// TestDistCheckpointCLI: explore -dist -checkpoint DIR run again after a
// search that stopped (here: the checkpoints of the levels after 9 removed
// from one rank, after 11 from the others, as a search killed mid-level 12
// leaves them) resumes after level 9 and prints what the search that never
// stopped prints, but for its "resumed" line.
func TestDistCheckpointCLI(t *testing.T) {
	dir := t.TempDir()
	args := []string{"explore", "-algo", "changroberts", "-n", "6", "-bfs", "-props", "single-coordinator,agreement,validity", "-dist", "local:3", "-checkpoint", dir}
	want := cli(t, args...)
	if want.code != 0 || strings.Contains(want.stdout, "resumed") {
		t.Fatalf("first run: %v", want)
	}
	for r := 1; r <= 3; r++ {
		keep := 11
		if r == 2 {
			keep = 9
		}
		files, _ := filepath.Glob(filepath.Join(dir, "rank-"+string(rune('0'+r))+"-of-3", "level-*.ckpt"))
		if len(files) < 15 {
			t.Fatalf("rank %d wrote %d checkpoints", r, len(files))
		}
		for _, f := range files[keep:] {
			os.Remove(f)
		}
	}
	got := cli(t, args...)
	if !strings.Contains(got.stdout, "resumed      after level 9, from the ranks' checkpoints") {
		t.Fatalf("not resumed after level 9: %v", got)
	}
	var kept []string
	for _, l := range strings.SplitAfter(got.stdout, "\n") {
		if !strings.HasPrefix(l, "resumed ") {
			kept = append(kept, l)
		}
	}
	if strings.Join(kept, "") != want.stdout || got.code != want.code {
		t.Errorf("resumed:\n%v\nnever stopped:\n%v", got, want)
	}
}
