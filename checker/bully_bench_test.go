package checker_test

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"pgregory.net/rapid"

	"github.com/electlab/electlab/algos/bully"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/model"
)

// bullyBenchSetting is the benchmark: the Bully on n = 5 with the
// old coordinator 5 crashed, any detector set, a crash budget of 2 and
// async FIFO channels with early timeouts (a timer may fire whenever it is
// armed), so rapid chooses every delivery, timeout and crash.
var bullyBenchSetting = claim.Setting{Name: "bench", Timing: model.Async, Net: model.FIFO, Timeouts: model.Early,
	Initiators: claim.AnyInitiators, CoordinatorDead: true, CrashBudget: 2}

// BenchmarkRapidBully5 is the generic path: rapid draws the detector set
// and every event; the World applies the Bully's step function; the
// checker checks single-coordinator safety after every event and
// agreement, validity and termination at the end (C-SLIDE-2's properties).
// Violations are expected (the claim is refuted with early timeouts): they
// are counted, not failed, so every schedule is a complete check.
func BenchmarkRapidBully5(b *testing.B) {
	info := &bully.Algorithm.Info
	checks := checker.Checks{Props: model.Safety | model.Agreement | model.Validity | model.Termination}
	w := worker{spec: bully.Algorithm}
	violations, schedules := 0, 0
	rapidSchedules(b, func(t *rapid.T) {
		cfg := checker.DrawConfig(t, info, &bullyBenchSetting, "", 5, 5)
		s0, err := w.next(cfg)
		if err != nil {
			t.Fatal(err)
		}
		schedules++
		if x := checker.Execute(s0, checker.NewRapid(t), checks, checker.Options{MaxSteps: 1000, InPlace: true, Scratch: &w.scratch}); x.Violation != nil {
			violations++
		}
	})
	b.ReportMetric(float64(violations)/float64(max(schedules, 1)), "violating/schedule")
}

// BenchmarkRapidBareBully5 is the same search hand-specialised: five
// processes in arrays, FIFO queues per link, the Bully's rules inlined;
// rapid picks the detectors and then each event among the enabled ones
// (detections, deliveries at the head of each link, armed timers, crashes
// within the budget), with the same checks.
func BenchmarkRapidBareBully5(b *testing.B) {
	const n = 5
	const (
		election = iota
		ok
		iwon
	)
	const (
		idle = iota
		electing
		waiting
	)
	violations, schedules := 0, 0
	rapidSchedules(b, func(t *rapid.T) {
		var (
			leader, phase          [n]int
			coord, t1, t2, crashed [n]bool
			pending                [n]bool
			links                  [n][n][]uint8
		)
		crashed[n-1] = true
		for i := range n {
			leader[i] = n - 1
		}
		coord[n-1] = true
		inits := 0
		for i := range n - 1 {
			if rapid.Bool().Draw(t, "initiates") {
				pending[i] = true
				inits++
			}
		}
		if inits == 0 {
			pending[0] = true
		}
		crashesLeft, started := 2, false
		send := func(from, to int, k uint8) { links[from][to] = append(links[from][to], k) }
		elect := func(p int) {
			phase[p], t2[p], t1[p] = electing, false, true
			for q := p + 1; q < n; q++ {
				send(p, q, election)
			}
		}
		type ev struct{ kind, a, b int }
		var enabled []ev
		bad := false
		for steps := 0; steps < 1000; steps++ {
			enabled = enabled[:0]
			inflight, timers := false, false
			for p := range n {
				if pending[p] && !crashed[p] {
					enabled = append(enabled, ev{0, p, 0})
				}
			}
			for from := range n {
				for to := range n {
					if len(links[from][to]) > 0 {
						enabled = append(enabled, ev{1, from, to})
						inflight = true
					}
				}
			}
			for p := range n {
				if !crashed[p] && t1[p] {
					enabled = append(enabled, ev{2, p, 1})
					timers = true
				}
				if !crashed[p] && t2[p] {
					enabled = append(enabled, ev{2, p, 2})
					timers = true
				}
			}
			quiet := !inflight && !timers
			for p := range n {
				quiet = quiet && !(pending[p] && !crashed[p])
			}
			live := 0
			for p := range n {
				if !crashed[p] {
					live++
				}
			}
			if !quiet && crashesLeft > 0 && started && live > 1 {
				for p := range n {
					if !crashed[p] {
						enabled = append(enabled, ev{3, p, 0})
					}
				}
			}
			if len(enabled) == 0 {
				break
			}
			e := enabled[0]
			if len(enabled) > 1 {
				e = enabled[rapid.IntRange(0, len(enabled)-1).Draw(t, "event")]
			}
			switch e.kind {
			case 0:
				p := e.a
				pending[p], started = false, true
				if !coord[p] && phase[p] == idle {
					elect(p)
				}
			case 1:
				from, to := e.a, e.b
				k := links[from][to][0]
				links[from][to] = links[from][to][1:]
				if crashed[to] {
					break
				}
				switch k {
				case election:
					send(to, from, ok)
					if phase[to] == idle {
						elect(to)
					}
				case ok:
					if phase[to] == electing {
						phase[to], t1[to], t2[to] = waiting, false, true
					}
				case iwon:
					leader[to], coord[to], phase[to], t1[to], t2[to] = from, false, idle, false, false
				}
			case 2:
				p := e.a
				if e.b == 1 {
					t1[p] = false
					coord[p], leader[p], phase[p] = true, p, idle
					for q := range p {
						send(p, q, iwon)
					}
				} else {
					t2[p] = false
					elect(p)
				}
			case 3:
				crashed[e.a], t1[e.a], t2[e.a] = true, false, false
				crashesLeft--
			}
			coords := 0
			for p := range n {
				if !crashed[p] && coord[p] {
					coords++
				}
			}
			if coords > 1 {
				bad = true
				break
			}
		}
		schedules++
		if !bad {
			max := -1
			for p := range n {
				if !crashed[p] {
					max = p
				}
			}
			for p := range n {
				if !crashed[p] && leader[p] != max {
					bad = true
				}
			}
		}
		if bad {
			violations++
		}
	})
	b.ReportMetric(float64(violations)/float64(max(schedules, 1)), "violating/schedule")
}
