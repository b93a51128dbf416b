package model

// Memory estimates of a World and of a Sim, before they are built and while
// they run, and the rendering of byte counts (FormatBytes, ApproxBytes).

import (
	"fmt"
	"math"
	"unsafe"
)

// perProcessBytes estimates what one process costs a World or a Sim
// beside its state value: the config's resolution (an Env, initiator,
// crashed, absent and initial flags), the topology's order, sorted and
// index entries, and the World's status, pending flag, timer slice
// header, hop and learn clocks and view.
func perProcessBytes() int64 {
	return int64(unsafe.Sizeof(Env{})) + 4 + 3*4 + // resolved, topology
		int64(unsafe.Sizeof(Status(0))) + 1 + int64(unsafe.Sizeof([]timer(nil))) + 8 + int64(unsafe.Sizeof(View{}))
}

// WorldBytes estimates the memory of the initial World of n processes,
// before it is built, so that a command can refuse a configuration that
// cannot fit its memory bound. It counts each process's state value and
// bookkeeping (not what a state's slices point to) and is a guard, not an
// exact size. It saturates at math.MaxInt64 for more processes than ids
// can name (math.MaxInt32) instead of overflowing.
func (a *Algorithm[S]) WorldBytes(n int) int64 {
	if n > math.MaxInt32 {
		return math.MaxInt64
	}
	var s S
	return 4096 + int64(n)*(int64(unsafe.Sizeof(s))+perProcessBytes())
}

// MemBytes estimates the memory w holds now: WorldBytes for its processes
// plus the messages in flight, the links used, the observations and
// faults recorded, and the pending coins (once some process requested
// one: a weights slice header per process and the weights pending).
func (w *World[S]) MemBytes() int64 {
	b := w.alg.WorldBytes(len(w.states)) + int64(w.inflight)*int64(unsafe.Sizeof(Message{})) +
		int64(len(w.links))*int64(unsafe.Sizeof(link{})) + int64(len(w.obs))*int64(unsafe.Sizeof(Observation{})) +
		int64(len(w.faults))*64
	if w.coins != nil {
		b += int64(len(w.coins)) * int64(unsafe.Sizeof([]uint32(nil)))
		for _, c := range w.coins {
			b += 4 * int64(len(c))
		}
	}
	return b
}

// SimBytes estimates the memory of a Sim of n processes and its result,
// before it is built (see WorldBytes): each process's state value and
// bookkeeping, the initial message queue (async timing) and the result's
// copies of the views, statuses and clocks. It saturates as WorldBytes
// does.
func (a *Algorithm[S]) SimBytes(n int, sync bool) int64 {
	if n > math.MaxInt32 {
		return math.MaxInt64
	}
	var s S
	b := 4096 + int64(n)*(int64(unsafe.Sizeof(s))+perProcessBytes()+int64(unsafe.Sizeof(simProc{}))+4+
		int64(unsafe.Sizeof(View{}))+1+4)
	if !sync {
		c := 16
		for c < n {
			c <<= 1
		}
		b += int64(c) * int64(unsafe.Sizeof(qmsg{}))
	}
	return b
}

// FormatBytes renders a byte count with a binary unit (1GiB, 1.5MiB): exact
// multiples in the largest unit that divides them, other sizes of a KiB or
// more to one decimal.
func FormatBytes(v int64) string {
	u := 0
	for u+1 < len(byteUnits) && v >= 1024 && v%1024 == 0 {
		v /= 1024
		u++
	}
	if u == 0 && v >= 1024 {
		return ApproxBytes(v)
	}
	return fmt.Sprintf("%d%s", v, byteUnits[u])
}

// ApproxBytes renders a byte count (an estimate) to one decimal in the
// largest binary unit it reaches (14.7GiB, 1.9TiB), bytes as a number.
func ApproxBytes(v int64) string {
	if v < 1024 {
		return fmt.Sprintf("%d%s", v, byteUnits[0])
	}
	f, u := float64(v), 0
	for u+1 < len(byteUnits) && f >= 1024 {
		f /= 1024
		u++
	}
	return fmt.Sprintf("%.1f%s", f, byteUnits[u])
}

var byteUnits = []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
