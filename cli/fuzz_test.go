package cli

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos"
)

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
		spec, cfg, _, err := cf.build(algos.Registry(), fs, nil)
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
