package main

import (
	"bytes"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestClaimsReproduceWorkers: `claims -reproduce` writes the report and
// the reproductions as the same bytes with 1 and 2 workers, the
// reproductions the same bytes as `electlab reproduce` writes them, and
// the reproduce-checked claim (whose table the reproduction shares
// through the cache) the same entry as without -reproduce.
func TestClaimsReproduceWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("reproduces paper 003 three times")
	}
	args := func(dir string) []string {
		return []string{"claims", "-claim", "C-HIER-3", "-reproduce", "003", "-out", dir}
	}
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	d1 := t.TempDir()
	one := cli(t, args(d1)...).mustCode(t, 0)
	runtime.GOMAXPROCS(2)
	d2 := t.TempDir()
	two := cli(t, args(d2)...).mustCode(t, 0)
	if one.stdout != two.stdout {
		t.Errorf("stdout differs with 1 and 2 workers")
	}
	f1, f2 := listTree(t, d1), listTree(t, d2)
	if strings.Join(f1, " ") != strings.Join(f2, " ") {
		t.Fatalf("different files with 1 and 2 workers: %v vs %v", f1, f2)
	}
	for _, f := range f1 {
		if !bytes.Equal(readFile(t, filepath.Join(d1, f)), readFile(t, filepath.Join(d2, f))) {
			t.Errorf("%s differs with 1 and 2 workers", f)
		}
	}
	d3 := t.TempDir()
	cli(t, "reproduce", "-paper", "003", "-out", d3).mustCode(t, 0)
	for _, f := range []string{"reproduce-003.txt", "reproduce-003.json"} {
		if !bytes.Equal(readFile(t, filepath.Join(d2, f)), readFile(t, filepath.Join(d3, f))) {
			t.Errorf("claims -reproduce wrote another %s than reproduce -out", f)
		}
	}
	alone := cli(t, "claims", "-claim", "C-HIER-3").mustCode(t, 0)
	if alone.stdout != two.stdout {
		t.Errorf("C-HIER-3's entry changes with -reproduce")
	}
}

// TestClaimsReproduceBadInput: -reproduce names known papers, once each,
// and needs -out.
func TestClaimsReproduceBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-reproduce", "999", "-out", t.TempDir()}, `unknown paper "999"`},
		{[]string{"-reproduce", "003,003", "-out", t.TempDir()}, "listed twice"},
		{[]string{"-reproduce", "003"}, "-reproduce needs -out"},
	} {
		r := cli(t, append([]string{"claims", "-claim", "C-RING1-4"}, c.args...)...).mustCode(t, 2)
		if !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: want %q in:\n%s", c.args, c.want, r)
		}
	}
}
