package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
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
