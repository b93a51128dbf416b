package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Reference: [S0] §VII–VIII: reproduce prints each table; the same seed
// gives the same bytes (text and JSON); -out writes both files.
func TestReproduceCLI(t *testing.T) {
	args := []string{"reproduce", "-paper", "000", "-table", "1", "-runs", "2", "-seed", "9"}
	a := cli(t, args...).mustCode(t, 0)
	b := cli(t, args...).mustCode(t, 0)
	if a.stdout != b.stdout || a.stderr != "" {
		t.Fatalf("not deterministic:\n%s\n---\n%s", a, b)
	}
	for _, want := range []string{"Table 1", "N=35, FPN=1", "eq.(1)", "FCEABR sync r2, sends", "findings:"} {
		if !strings.Contains(a.stdout, want) {
			t.Errorf("the text output lacks %q:\n%s", want, a)
		}
	}
	dir := t.TempDir()
	j := cli(t, append(args, "-json", "-out", dir)...).mustCode(t, 0)
	var rep struct {
		Paper  string `json:"paper"`
		Seed   uint64 `json:"seed"`
		Tables []struct {
			ID   string `json:"id"`
			Runs int    `json:"runs"`
			Rows []struct {
				Measured []struct {
					Stats struct {
						Runs int `json:"runs"`
					} `json:"stats"`
				} `json:"measured"`
			} `json:"rows"`
		} `json:"tables"`
	}
	j.decode(t, &rep)
	if rep.Paper != "000" || rep.Seed != 9 || len(rep.Tables) != 1 || rep.Tables[0].ID != "1" || rep.Tables[0].Runs != 2 ||
		len(rep.Tables[0].Rows) != 8 || rep.Tables[0].Rows[0].Measured[0].Stats.Runs != 2 {
		t.Errorf("unexpected JSON report: %+v", rep)
	}
	txt, err := os.ReadFile(filepath.Join(dir, "reproduce-000.txt"))
	if err != nil || string(txt) != a.stdout {
		t.Errorf("-out text file differs from the text output (%v)", err)
	}
	js, err := os.ReadFile(filepath.Join(dir, "reproduce-000.json"))
	if err != nil || string(js) != j.stdout || !json.Valid(js) {
		t.Errorf("-out JSON file differs from the -json output (%v)", err)
	}
}

// Reference: [S3] §IX–X: reproduce -paper 003 prints its tables; an
// unknown table is a usage error (exit 2).
func TestReproduceCLI003(t *testing.T) {
	r := cli(t, "reproduce", "-paper", "003", "-table", "3", "-runs", "2").mustCode(t, 0)
	for _, want := range []string{"Table 3", "site 3: SPN=412, SCAN=11", "eq.(2)", "virtual ring: NS=8, P=3, FPN=1", "findings:"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the text output lacks %q:\n%s", want, r)
		}
	}
	e := cli(t, "reproduce", "-paper", "003", "-table", "9").mustCode(t, 2)
	if !strings.Contains(e.stderr, `-table "9"`) || !strings.Contains(e.stderr, "3, 4, 5") {
		t.Errorf("-table 9: %s", e)
	}
}
