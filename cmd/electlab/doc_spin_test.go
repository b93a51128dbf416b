package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDocSpinTable: the electlab columns of docs/EXPLORE.md's `make
// bench-spin` table (recorded with Spin, which the tests do not need) are
// what electlab explore gives: the states with and without the reduction
// and the min..max of sends and deliveries, at every size small enough
// (-short: n ≤ 5; else up to 100,000 states). The times and Spin's columns
// are a recorded measurement of `make bench-spin`.
func TestDocSpinTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "docs", "EXPLORE.md"))
	if err != nil {
		t.Fatal(err)
	}
	headRe := regexp.MustCompile(`^\s*== .*\(electlab ([^;]*);`)
	rowRe := regexp.MustCompile(`^\s*(\d+)\s+\|\s+(\d+)\s+[\d.]+s\s+\|[^|]*\|\s+(\d+)\s+[\d.]+s\s+\|[^|]*\|\s*(\S+), (\S+)\s*$`)
	var args []string
	checked := 0
	for i, l := range strings.Split(string(data), "\n") {
		if m := headRe.FindStringSubmatch(l); m != nil {
			args = strings.Fields(m[1])
			continue
		}
		m := rowRe.FindStringSubmatch(l)
		if m == nil || args == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		noPOR, _ := strconv.Atoi(m[2])
		if (testing.Short() && n > 5) || noPOR > 100000 {
			continue
		}
		a := []string{"explore"}
		for _, w := range args {
			if w == "N" {
				w = m[1]
			}
			a = append(a, w)
		}
		a = append(a, "-counts=per-process", "-json")
		for _, c := range []struct {
			extra []string
			want  string
		}{{[]string{"-no-por"}, m[2]}, {nil, m[3]}} {
			r := cli(t, append(a, c.extra...)...)
			if r.code != 0 {
				t.Errorf("docs/EXPLORE.md:%d: %s", i+1, r)
				continue
			}
			var res struct {
				States     int            `json:"states"`
				Complete   bool           `json:"complete"`
				LowerBound bool           `json:"max_messages_lower_bound"`
				MinM       map[string]int `json:"min_messages"`
				MaxM       map[string]int `json:"max_messages"`
			}
			if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
				t.Fatal(err)
			}
			rng := func(k string) string {
				if res.LowerBound {
					return fmt.Sprintf("%d..unbounded", res.MinM[k])
				}
				return fmt.Sprintf("%d..%d", res.MinM[k], res.MaxM[k])
			}
			got := fmt.Sprintf("%d %s %s", res.States, rng("sends"), rng("deliveries"))
			want := fmt.Sprintf("%s %s %s", c.want, m[4], m[5])
			if !res.Complete || got != want {
				t.Errorf("docs/EXPLORE.md:%d: electlab %s %s gives states, sends, deliveries %q (complete %v); the table says %q: rerun make bench-spin and update the table",
					i+1, strings.Join(a, " "), strings.Join(c.extra, " "), got, res.Complete, want)
			}
			checked++
		}
	}
	if checked < 10 {
		t.Errorf("only %d cells of the bench-spin table checked: its format changed?", checked)
	}
}
