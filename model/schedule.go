package model

// FairFIFO is the deterministic fair schedule's choice among enabled, the
// events s.Enabled lists (never empty): a pending coin first, answered
// with the first coin event enabled (the lowest process with a coin, and
// its outcome 0: a fixed choice, not a draw; the random and rapid
// schedules draw coins), then a pending initiation (in index order), then the oldest message in flight (async) or the next
// round (sync), then the timer with the earliest deadline (as the Sim
// fires them), then the next successive crash (Config.Successive), which
// is due only once nothing else is. It never injects a fault, but lets an
// absent process join once nothing else can happen: after the run is
// Quiescent. checker.FIFO (the fair continuation of every execution) and
// modeltest.Drive (the algorithm tests' runs to quiescence) are this
// schedule.
func FairFIFO(s System, enabled []Event) Event {
	if enabled[0].Kind == EvDetect || enabled[0].Kind == EvCoin {
		return enabled[0]
	}
	if ev, ok := s.OldestDelivery(); ok {
		return ev
	}
	for _, ev := range enabled {
		switch ev.Kind {
		case EvRound, EvDeliver, EvFail:
			return ev
		case EvFire:
			// Every armed timer is enabled here (no message in flight,
			// or early timeouts): fire the one due first.
			if t, ok := s.EarliestTimer(); ok {
				return t
			}
			return ev
		}
	}
	for _, ev := range enabled {
		if ev.Kind == EvJoin {
			return ev
		}
	}
	return enabled[0]
}
