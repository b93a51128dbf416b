package scenario

import (
	"os"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
)

// FuzzScenario: any bytes as a scenario file give a one-line error or a
// config, never a panic.
func FuzzScenario(f *testing.F) {
	if data, err := os.ReadFile("../../testdata/cli/crash-during-election.scenario"); err == nil {
		f.Add(data)
	}
	f.Add([]byte("algo changroberts\nids 3,1,2\n"))
	f.Add([]byte("algo lelann\nids 3,1,2,5,4\ninitiators 3\ncrashed 5\ntiming sync\nevent detect 3\nevent deliver 3->1 #1\n"))
	f.Add([]byte("algo ringpoll\nids 1,2\nvariant lap-last-live\ncrash-budget 1\nrecovery true # comment\n"))
	f.Add([]byte("algo\tchangroberts\nids\t\n#\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		spec, cfg, _, err := Parse(algos.Registry(), "fuzz.scenario", data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error: %q", err)
			}
			return
		}
		if spec.Spec == nil || cfg == nil || len(cfg.IDs) < 2 {
			t.Fatalf("accepted scenario without a usable config: %+v", cfg)
		}
	})
}

// TestStripComment: a '#' starts a comment only between blanks (or at an
// end of the line), so a message number survives.
func TestStripComment(t *testing.T) {
	for in, want := range map[string]string{
		"event deliver 3->1 #1": "event deliver 3->1 #1",
		"ids 3,1,2 # ring":      "ids 3,1,2",
		"# all of it":           "",
		"recovery true #":       "recovery true",
	} {
		if got := stripComment(in); got != want {
			t.Errorf("stripComment(%q) = %q, want %q", in, got, want)
		}
	}
}
