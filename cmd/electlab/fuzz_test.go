package main

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

// FuzzScenario: any bytes as a scenario file give a usage error or a
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
		spec, cfg, _, err := parseScenario("fuzz.scenario", data)
		if err != nil {
			var ue *usageError
			if !errors.As(err, &ue) {
				t.Fatalf("scenario error is not a usage error: %v", err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error: %q", err)
			}
			return
		}
		if spec == nil || cfg == nil || len(cfg.IDs) < 2 {
			t.Fatalf("accepted scenario without a usable config: %+v", cfg)
		}
	})
}

// FuzzConfigFlags: any command line for the config flags gives a usage
// error or a valid config, never a panic. (The execution itself is not run:
// a fuzzed -n could ask for millions of processes.)
func FuzzConfigFlags(f *testing.F) {
	f.Add("-algo changroberts -ids 3,1,2")
	f.Add("-algo lelann -n 5 -order random -seed 3 -initiators 1,2 -crashed 4 -timing sync")
	f.Add("-algo ringpoll -ids 1,2,3 -absent 4 -crash-budget 1 -recovery -net unordered -forwarding false")
	f.Add("-algo changroberts -variant resend -ids 2,2")
	f.Add("-scenario /nonexistent -algo x")
	f.Fuzz(func(t *testing.T, line string) {
		fs := newFlagSet("run", "run", io.Discard)
		var cf configFlags
		cf.register(fs)
		if _, err := parseFlags(fs, strings.Fields(line), 0); err != nil {
			return
		}
		if cf.n > 100000 {
			return // building a huge id list is not what this target tests
		}
		spec, cfg, _, err := cf.build(fs)
		if err != nil {
			var ue *usageError
			if !errors.As(err, &ue) {
				t.Fatalf("config error is not a usage error: %v", err)
			}
			return
		}
		if _, err := spec.NewSystem(cfg); err != nil {
			t.Fatalf("build accepted a config the model rejects: %v", err)
		}
	})
}
