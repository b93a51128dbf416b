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
// bench-spin` tables (recorded with Spin, which the tests do not need) are
// what electlab explore gives: the states and transitions without and with
// the reduction and the min..max of sends and deliveries, at every size
// small enough (-short: n ≤ 5; else up to 100,000 states). The times, the
// resident sizes and Spin's columns are a recorded measurement of `make
// bench-spin`.
func TestDocSpinTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "docs", "EXPLORE.md"))
	if err != nil {
		t.Fatal(err)
	}
	headRe := regexp.MustCompile(`^\s*== .*\(electlab ([^;]*);`)
	const cell = `(\d+)\s+(\d+)\s+[\d.]+s\s+\S+/s\s+\S+ B`
	unreducedRe := regexp.MustCompile(`^\s*(\d+)\s+\|\s+` + cell + `\s+\|[^|]*\|[^|]*\|\s*(\S+), (\S+)\s*$`)
	reducedRe := regexp.MustCompile(`^\s*(\d+)\s+\|\s+` + cell + `\s+\|[^|]*\|[^|]*$`)
	var args []string
	reduced := false
	counts := map[string][2]string{} // n -> sends, deliveries of the unreduced row
	checked := 0
	for i, l := range strings.Split(string(data), "\n") {
		if m := headRe.FindStringSubmatch(l); m != nil {
			args, reduced = strings.Fields(m[1]), false
			clear(counts)
			continue
		}
		switch {
		case strings.Contains(l, "-- without reduction"):
			reduced = false
			continue
		case strings.Contains(l, "-- with reduction"):
			reduced = true
			continue
		}
		var n, states, trans, sends, deliveries string
		if m := unreducedRe.FindStringSubmatch(l); m != nil && !reduced {
			n, states, trans, sends, deliveries = m[1], m[2], m[3], m[4], m[5]
			counts[n] = [2]string{sends, deliveries}
		} else if m := reducedRe.FindStringSubmatch(l); m != nil && reduced {
			n, states, trans = m[1], m[2], m[3]
			c, ok := counts[n]
			if !ok {
				continue // the unreduced search did not finish: no counts to compare
			}
			sends, deliveries = c[0], c[1]
		} else {
			continue
		}
		if args == nil {
			continue
		}
		nn, _ := strconv.Atoi(n)
		ns, _ := strconv.Atoi(states)
		if (testing.Short() && nn > 5) || ns > 100000 {
			continue
		}
		a := []string{"explore"}
		for _, w := range args {
			if w == "N" {
				w = n
			}
			a = append(a, w)
		}
		a = append(a, "-counts=per-process", "-props", "single-coordinator,agreement,validity", "-json")
		if !reduced {
			a = append(a, "-no-por")
		}
		r := cli(t, a...)
		if r.code != 0 {
			t.Errorf("docs/EXPLORE.md:%d: %s", i+1, r)
			continue
		}
		var res struct {
			States      int            `json:"states"`
			Transitions int            `json:"transitions"`
			Complete    bool           `json:"complete"`
			LowerBound  bool           `json:"max_messages_lower_bound"`
			MinM        map[string]int `json:"min_messages"`
			MaxM        map[string]int `json:"max_messages"`
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
		got := fmt.Sprintf("%d %d %s %s", res.States, res.Transitions, rng("sends"), rng("deliveries"))
		want := fmt.Sprintf("%s %s %s %s", states, trans, sends, deliveries)
		if !res.Complete || got != want {
			t.Errorf("docs/EXPLORE.md:%d: electlab %s gives states, transitions, sends, deliveries %q (complete %v); the table says %q: rerun make bench-spin and update the table",
				i+1, strings.Join(a, " "), got, res.Complete, want)
		}
		checked++
	}
	if checked < 10 {
		t.Errorf("only %d cells of the bench-spin table checked: its format changed?", checked)
	}
}
