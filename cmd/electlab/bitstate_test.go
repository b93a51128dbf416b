package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestBitstateCLI: explore -bitstate runs a bitstate search that says it
// is no proof (exit status 4, the coverage line, the JSON's bitstate),
// and refuses what it cannot serve with the reason (exit status 2, one
// line, nothing on stdout). -bitstate-layout blocked stores the same
// states with a large array and says so (text and JSON); spread is the
// default.
func TestBitstateCLI(t *testing.T) {
	base := []string{"explore", "-algo", "changroberts", "-n", "4"}
	safety := []string{"-props", "single-coordinator,agreement,validity"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{append([]string{"-bitstate", "1KiB"}, safety...), "add -no-por"},
		{append([]string{"-bitstate", "1KiB", "-bfs"}, safety...), "-bitstate: bitstate with the breadth-first search"},
		{[]string{"-bitstate", "1KiB", "-no-por"}, "-bitstate: bitstate with termination"},
		{append([]string{"-bitstate", "1KiB", "-no-por", "-shard", "1/2"}, safety...), "-bitstate: bitstate with a shard"},
		{append([]string{"-bitstate", "2GiB", "-no-por"}, safety...), "-bitstate 2GiB is above -max-mem 1GiB"},
		{append([]string{"-bitstate", "0", "-no-por"}, safety...), "-bitstate 0: give the bit array's size"},
		{append([]string{"-bitstate", "lots", "-no-por"}, safety...), "lots"},
		{append([]string{"-bitstate-hashes", "2", "-no-por"}, safety...), "-bitstate-hashes goes with -bitstate SIZE"},
		{append([]string{"-bitstate", "1KiB", "-bitstate-hashes", "17", "-no-por"}, safety...), "bitstate hashes 17: want 1..16"},
		{append([]string{"-bitstate-layout", "blocked", "-no-por"}, safety...), "-bitstate-layout goes with -bitstate SIZE"},
		{append([]string{"-bitstate", "1KiB", "-bitstate-layout", "diagonal", "-no-por"}, safety...), `-bitstate-layout: unknown layout "diagonal": want spread or blocked`},
		{append([]string{"-bitstate", "32", "-bitstate-layout", "blocked", "-no-por"}, safety...), "-bitstate: blocked bitstate array of 32 bytes: want at least 64 (one block)"},
	} {
		r := cli(t, append(append([]string(nil), base...), tc.args...)...)
		if r.code != 2 || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 || r.stdout != "" {
			t.Errorf("%v: want status 2 and %q:\n%v", tc.args, tc.want, r)
		}
	}
	args := append(append([]string(nil), base...), append([]string{"-no-por", "-bitstate", "1MiB", "-json"}, safety...)...)
	r := cli(t, args...)
	if r.code != 4 || !strings.Contains(r.stderr, "not a proof") {
		t.Fatalf("bitstate run: %v", r)
	}
	var rep struct {
		Complete bool   `json:"complete"`
		States   int64  `json:"states"`
		Verdict  string `json:"verdict"`
		Bitstate *struct {
			Bits     int64   `json:"bits"`
			Hashes   int     `json:"hashes"`
			Coverage float64 `json:"coverage_estimate"`
			Layout   string  `json:"layout"`
		} `json:"bitstate"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	full := cli(t, append(append([]string(nil), base...), append([]string{"-no-por", "-json"}, safety...)...)...)
	var fr struct {
		States int64 `json:"states"`
	}
	if err := json.Unmarshal([]byte(full.stdout), &fr); err != nil {
		t.Fatal(err)
	}
	if rep.Complete || rep.Bitstate == nil || rep.Bitstate.Bits != 1<<23 || rep.Bitstate.Hashes != 3 || rep.States != fr.States ||
		!strings.Contains(rep.Verdict, "not a proof") || rep.Bitstate.Layout != "spread" {
		t.Errorf("bitstate JSON %+v (bitstate %+v), exhaustive states %d", rep, rep.Bitstate, fr.States)
	}
	r = cli(t, append(args, "-bitstate-layout", "blocked")...)
	rep.Bitstate = nil
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if r.code != 4 || rep.Bitstate == nil || rep.Bitstate.Layout != "blocked" || rep.Bitstate.Bits != 1<<23 || rep.States != fr.States {
		t.Errorf("blocked bitstate: status %d, JSON %+v (bitstate %+v), exhaustive states %d", r.code, rep, rep.Bitstate, fr.States)
	}
	text := cli(t, append(append([]string(nil), base...), append([]string{"-no-por", "-bitstate", "1MiB", "-bitstate-layout", "blocked"}, safety...)...)...)
	if want := "bitstate (supertrace, blocked layout): 8388608 bits (1MiB) in 16384 blocks of 64 bytes, 3 set per state in one block"; text.code != 4 || !strings.Contains(text.stdout, want) {
		t.Errorf("blocked bitstate text: want %q:\n%v", want, text)
	}
}
