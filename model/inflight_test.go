package model_test

import (
	"reflect"
	"testing"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/model"
)

// TestEachInFlight: in every state of random executions of headsConfigs
// (a copy taken now and then and run on), EachInFlight yields InFlight's
// messages in its order, and stops when asked.
func TestEachInFlight(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		c := headsConfigs[rapid.IntRange(0, len(headsConfigs)-1).Draw(rt, "config")]
		s := newSystem(rt, c.algo, c.cfg)
		for range rapid.IntRange(1, 80).Draw(rt, "steps") {
			e := s.(interface {
				EachInFlight(yield func(model.Message) bool)
			})
			want := s.InFlight()
			var got []model.Message
			for m := range e.EachInFlight {
				got = append(got, m)
			}
			if !reflect.DeepEqual(got, want) {
				rt.Fatalf("%s: EachInFlight yields %v, InFlight %v", &c.cfg, got, want)
			}
			if len(want) > 1 {
				var first []model.Message
				for m := range e.EachInFlight {
					first = append(first, m)
					break
				}
				if len(first) != 1 || !reflect.DeepEqual(first[0], want[0]) {
					rt.Fatalf("%s: stopped after the first message: %v", &c.cfg, first)
				}
			}
			en := s.Enabled(nil)
			if len(en) == 0 {
				return
			}
			if rapid.IntRange(0, 9).Draw(rt, "clone") == 0 {
				s = s.Clone()
			}
			if err := s.Apply(en[rapid.IntRange(0, len(en)-1).Draw(rt, "event")]); err != nil {
				rt.Fatal(err)
			}
		}
	})
}
