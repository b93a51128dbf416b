//go:build exploredev

package explore

import (
	"fmt"
	"testing"
	"time"
)

func TestTimingDev(t *testing.T) {
	for _, spec := range testSpecs() {
		for _, cfg := range testConfigs(spec.Meta()) {
			s0, err := spec.NewSystem(cfg)
			if err != nil {
				fmt.Println("ERR", cfg, err)
				continue
			}
			t0 := time.Now()
			r := Explore(s0, Options{Counts: CountsTotal, MaxStates: 300000})
			fmt.Printf("%-70s %8d states %8d trans %v %s\n", cfg.String()[:min(70, len(cfg.String()))], r.States, r.Transitions, time.Since(t0).Round(time.Millisecond), r.Incomplete)
		}
	}
}
