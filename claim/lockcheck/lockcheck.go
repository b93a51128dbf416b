// Package lockcheck is mutual exclusion as linearizability: the
// porcupine lock model, the client lock history of an execution and the
// checks the mutual-exclusion claims name (LinearizableLock, NoStarvation,
// MutualExclusion). It sits below the algorithm packages (it imports only
// model, internal/outfile and porcupine), so their claims call these
// checks directly.
package lockcheck

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/anishathalye/porcupine"

	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/model"
)

// Mutual exclusion as linearizability: the mutual-exclusion algorithms
// (algos/central, decentral, ricartagrawala, tokenring and the failover
// service) record their clients' operations as observations, and the
// functions here turn those into a porcupine history checked against a
// sequential lock.
//
// The observation tags, made by the client process itself:
//
//	"request"  the client asks to enter: an Acquire is called (Val: its
//	           Lamport hop clock, for delays)
//	"enter"    it enters its critical section: the Acquire returns (Val:
//	           its hop clock)
//	"leave"    it leaves: a Release is called and returns in the same step
//	           (the release message, if any, is sent in that step)
//
// Time is the position of the observation in the run's observation list
// (which follows the event order), so two observations of one event keep
// their order. Operations that never return get an unknown result,
// returned at the end of the history, as porcupine's documentation advises
// for operations that time out: a client that crashed (or starved) while
// waiting has an Acquire whose effect is unknown, and a client that crashed
// inside its critical section has an implicit Release, called when it
// crashed, whose return is unknown. The crash time is the crash event when
// the execution's events are known (LockHistoryOf with events); from the
// final world alone (a claim's Custom check) it is the process's last
// observation, the last instant it is known to have been alive.
const (
	TagRequest = ObsRequest
	TagEnter   = ObsEnter
	TagLeave   = ObsLeave
)

// LockOp is the operation of a lock history.
type LockOp uint8

const (
	// Acquire is a request that returns when the client enters.
	Acquire LockOp = iota
	// Release is the client leaving its critical section.
	Release
	// CrashRelease is the implicit release of a lock held by a client
	// that crashed: called at the crash, returned at an unknown time.
	CrashRelease
)

// String names the operation.
func (o LockOp) String() string { return [...]string{"acquire", "release", "crash-release"}[o] }

// LockInput is the input of one lock operation.
type LockInput struct {
	// Op is the operation.
	Op LockOp
	// Client is the process.
	Client model.ID
	// Lock is the lock (the models here have one, 0; the history is
	// partitioned by lock).
	Lock int
}

// LockOutput is the output of one lock operation.
type LockOutput struct {
	// Unknown: the operation never returned (its client crashed or
	// starved); it may or may not have taken effect.
	Unknown bool
}

// lockState is the sequential lock's state: the holder, 0 when free.
type lockState = model.ID

// LockModel is the sequential specification of one lock, partitioned by
// lock: Acquire succeeds only on a free lock, Release only by the holder; an
// Acquire with an unknown result takes a free lock or has no effect; a
// CrashRelease frees the lock if its client holds it and otherwise has no
// effect.
var LockModel = porcupine.Model{
	Partition: func(history []porcupine.Operation) [][]porcupine.Operation {
		by := map[int][]porcupine.Operation{}
		var locks []int
		for _, op := range history {
			l := op.Input.(LockInput).Lock
			if _, ok := by[l]; !ok {
				locks = append(locks, l)
			}
			by[l] = append(by[l], op)
		}
		sort.Ints(locks)
		out := make([][]porcupine.Operation, len(locks))
		for i, l := range locks {
			out[i] = by[l]
		}
		return out
	},
	Init: func() interface{} { return lockState(model.None) },
	Step: func(state, input, output interface{}) (bool, interface{}) {
		holder := state.(lockState)
		in, out := input.(LockInput), output.(LockOutput)
		switch in.Op {
		case Acquire:
			if holder == model.None {
				return true, in.Client
			}
			// An acquire that never returned may have had no effect.
			return out.Unknown, holder
		case Release:
			return holder == in.Client, lockState(model.None)
		default: // CrashRelease
			if holder == in.Client {
				return true, lockState(model.None)
			}
			return true, holder
		}
	},
	Hash: func(state interface{}) uint64 { return uint64(state.(lockState)) },
	DescribeOperation: func(input, output interface{}) string {
		in, out := input.(LockInput), output.(LockOutput)
		s := fmt.Sprintf("p%d %s", in.Client, in.Op)
		if in.Op == Acquire {
			if out.Unknown {
				return s + " → ? (never returned)"
			}
			return s + " → ok"
		}
		if in.Op == CrashRelease {
			return s + " (crashed holder)"
		}
		return s
	},
	DescribeState: func(state interface{}) string {
		if h := state.(lockState); h != model.None {
			return fmt.Sprintf("held by p%d", h)
		}
		return "free"
	},
	DescribeOperationMetadata: func(info interface{}) string {
		if info == nil {
			return ""
		}
		return fmt.Sprint(info)
	},
}

// LockHistory is the client history of one execution.
type LockHistory struct {
	// Ops are the operations, for porcupine.
	Ops []porcupine.Operation
	// Entries are the critical-section entries, in order.
	Entries []Entry
	// Pending lists the processes whose last request never entered,
	// with whether each is crashed.
	Pending []PendingRequest
	// Problems are observation sequences that are not a client's
	// (an enter without a request, a leave outside a critical section).
	Problems []string
}

// Entry is one critical-section entry of a history.
type Entry struct {
	// Proc is the client.
	Proc model.ID
	// Request, Enter and Leave are the indices of its observations
	// (Leave is -1 while it has not left).
	Request, Enter, Leave int
	// Delay is the hop clock at entry minus the hop clock at request:
	// the message times spent before entry along the causal chain.
	Delay int64
}

// PendingRequest is a request that never entered.
type PendingRequest struct {
	// Proc is the client.
	Proc model.ID
	// Crashed: the client is crashed at the end.
	Crashed bool
	// Request is the index of its observation.
	Request int
}

// LockHistoryOf builds the lock history of the execution that ended in s.
// events, when given, are the execution's events, for the exact crash
// times; without them a crash is placed at the process's last observation.
func LockHistoryOf(s model.System, events []model.Event) *LockHistory {
	obs := s.Observations()
	h := &LockHistory{}
	at := func(i int) int64 { return 2*int64(i) + 2 }
	end := 2*int64(len(obs)) + 4
	// crashTime is the time of p's crash.
	crashEvent := map[model.ID]int64{}
	for k, ev := range events {
		if ev.Kind == model.EvCrash {
			crashEvent[ev.P] = int64(k) // the crash is event number k (0-based), applied after k events
		}
	}
	crashTime := func(p model.ID, last int) int64 {
		if e, ok := crashEvent[p]; ok {
			// Between the observations made before event e and those after.
			k := sort.Search(len(obs), func(i int) bool { return obs[i].Event >= e })
			return 2*int64(k) + 1
		}
		return at(last)
	}
	index := func(p model.ID) int { return s.Topo().IndexOf(p) }
	type client struct {
		open    int // index of the open request's observation, or -1
		inCS    int // index into h.Entries of the entry in progress, or -1
		last    int // index of its last observation
		opIndex int // index into h.Ops of the open Acquire
		clock   int64
	}
	clients := map[model.ID]*client{}
	var order []model.ID
	get := func(p model.ID) *client {
		c, ok := clients[p]
		if !ok {
			c = &client{open: -1, inCS: -1, last: -1}
			clients[p] = c
			order = append(order, p)
		}
		return c
	}
	meta := func(i int) string { return fmt.Sprintf("observation %d at event %d", i, obs[i].Event) }
	for i, o := range obs {
		switch o.Tag {
		case TagRequest, TagEnter, TagLeave:
		default:
			continue
		}
		c := get(o.Proc)
		c.last = i
		switch o.Tag {
		case TagRequest:
			if c.inCS >= 0 {
				// A request inside a critical section: the process
				// crashed there and recovered; the crash released it.
				h.Ops = append(h.Ops, porcupine.Operation{ClientId: index(o.Proc), Input: LockInput{Op: CrashRelease, Client: o.Proc},
					Call: crashTime(o.Proc, h.Entries[c.inCS].Enter), Output: LockOutput{Unknown: true}, Return: at(i) - 1, Metadata: "implicit release by a crash (the process recovered)"})
				c.inCS = -1
			}
			if c.open >= 0 {
				// The previous request never entered (its process
				// recovered and asked again): unknown result.
				h.Ops[c.opIndex].Return = at(i) - 1
				h.Ops[c.opIndex].Output = LockOutput{Unknown: true}
			}
			c.open, c.clock = i, int64(o.Val)
			c.opIndex = len(h.Ops)
			h.Ops = append(h.Ops, porcupine.Operation{ClientId: index(o.Proc), Input: LockInput{Op: Acquire, Client: o.Proc},
				Call: at(i), Output: LockOutput{Unknown: true}, Return: end, Metadata: meta(i)})
		case TagEnter:
			req := c.open
			if req < 0 {
				h.Problems = append(h.Problems, fmt.Sprintf("process %d enters (observation %d) without a request", o.Proc, i))
				req = i
				c.opIndex = len(h.Ops)
				h.Ops = append(h.Ops, porcupine.Operation{ClientId: index(o.Proc), Input: LockInput{Op: Acquire, Client: o.Proc},
					Call: at(i) - 1, Metadata: meta(i)})
				c.clock = int64(o.Val)
			}
			h.Ops[c.opIndex].Return = at(i)
			h.Ops[c.opIndex].Output = LockOutput{}
			c.open = -1
			c.inCS = len(h.Entries)
			h.Entries = append(h.Entries, Entry{Proc: o.Proc, Request: req, Enter: i, Leave: -1, Delay: int64(o.Val) - c.clock})
		case TagLeave:
			if c.inCS < 0 {
				h.Problems = append(h.Problems, fmt.Sprintf("process %d leaves (observation %d) outside a critical section", o.Proc, i))
			} else {
				h.Entries[c.inCS].Leave = i
			}
			c.inCS = -1
			h.Ops = append(h.Ops, porcupine.Operation{ClientId: index(o.Proc), Input: LockInput{Op: Release, Client: o.Proc},
				Call: at(i), Output: LockOutput{}, Return: at(i) + 1, Metadata: meta(i)})
		}
	}
	for _, p := range order {
		c := clients[p]
		crashed := s.Status(index(p)) == model.Crashed
		if c.open >= 0 {
			h.Pending = append(h.Pending, PendingRequest{Proc: p, Crashed: crashed, Request: c.open})
		}
		if crashed && (c.inCS >= 0 || c.open >= 0) {
			// A crashed holder (or a crashed client that may have been
			// granted the lock) releases it by crashing.
			h.Ops = append(h.Ops, porcupine.Operation{ClientId: index(p), Input: LockInput{Op: CrashRelease, Client: p},
				Call: crashTime(p, c.last), Output: LockOutput{Unknown: true}, Return: end, Metadata: "implicit release by the crash"})
		}
	}
	return h
}

// Check checks the history's linearizability against LockModel with
// porcupine (CheckOperations, without a time limit: a verdict must not
// depend on the machine's speed, and the lock histories of the claims'
// executions are checked in microseconds). It returns nil when
// linearizable.
func (h *LockHistory) Check() error {
	if len(h.Problems) > 0 {
		return fmt.Errorf("client history is malformed: %s", h.Problems[0])
	}
	if linearizable(h.Ops) {
		return nil
	}
	return fmt.Errorf("the lock history is not linearizable: %s", h.overlap())
}

// verdicts memoises porcupine's verdicts on lock histories, by the
// histories' encoding (historyKey): linearizability is a function of the
// operations alone, so a history gets the same verdict whichever
// execution, claim or goroutine checked it first. The claims' executions
// repeat histories (C-SERVICE-1 on central+ringpoll: 10,580 distinct in
// 40,000). It holds at most maxVerdicts entries, and starts again empty
// when full.
var verdicts struct {
	sync.Mutex
	m map[string]bool
}

// maxVerdicts bounds the memo (a few MB).
const maxVerdicts = 1 << 15

// brokenKey, set by a test, leaves the operations' times out of
// historyKey: a broken memo that TestLockVerdictMemo shows is caught.
var brokenKey bool

// linearizable reports whether porcupine finds ops linearizable against
// LockModel, from the memo when it holds ops's history.
func linearizable(ops []porcupine.Operation) bool {
	key, ok := historyKey(ops)
	if !ok {
		return porcupine.CheckOperations(LockModel, ops)
	}
	verdicts.Lock()
	v, hit := verdicts.m[string(key)]
	verdicts.Unlock()
	if hit {
		return v
	}
	v = porcupine.CheckOperations(LockModel, ops)
	verdicts.Lock()
	if verdicts.m == nil || len(verdicts.m) >= maxVerdicts {
		verdicts.m = make(map[string]bool)
	}
	verdicts.m[string(key)] = v
	verdicts.Unlock()
	return v
}

// historyKey encodes every part of ops that LockModel and porcupine's
// search read (client, input, output, call and return times; not the
// metadata); ok is false for an operation whose input or output is not
// this package's (a history built by hand), which is then not memoised.
func historyKey(ops []porcupine.Operation) (key []byte, ok bool) {
	key = make([]byte, 0, 12*len(ops))
	for _, op := range ops {
		in, isIn := op.Input.(LockInput)
		if !isIn {
			return nil, false
		}
		out := byte(2) // no output
		switch o := op.Output.(type) {
		case LockOutput:
			out = 0
			if o.Unknown {
				out = 1
			}
		case nil:
		default:
			return nil, false
		}
		key = binary.AppendVarint(key, int64(op.ClientId))
		key = append(key, byte(in.Op), out)
		key = binary.AppendVarint(key, int64(in.Client))
		key = binary.AppendVarint(key, int64(in.Lock))
		if !brokenKey {
			key = binary.AppendVarint(key, op.Call)
			key = binary.AppendVarint(key, op.Return)
		}
	}
	return key, true
}

// overlap names the first two entries whose critical sections overlap, or
// summarises the history when none do (a release by a non-holder, ...).
func (h *LockHistory) overlap() string {
	for i, a := range h.Entries {
		for _, b := range h.Entries[i+1:] {
			if a.Leave < 0 || b.Enter < a.Leave {
				if b.Enter > a.Enter {
					who := "never left"
					if a.Leave >= 0 {
						who = fmt.Sprintf("left at observation %d", a.Leave)
					}
					return fmt.Sprintf("process %d entered at observation %d and %s, but process %d entered at observation %d", a.Proc, a.Enter, who, b.Proc, b.Enter)
				}
			}
		}
	}
	return fmt.Sprintf("%d operations, %d entries, no sequential lock explains them", len(h.Ops), len(h.Entries))
}

// Visualize runs porcupine's verbose check and writes its HTML
// visualization of the history and of the longest partial linearizations
// to w.
func (h *LockHistory) Visualize(w io.Writer) (porcupine.CheckResult, error) {
	res, info := porcupine.CheckOperationsVerbose(LockModel, h.Ops, 0)
	return res, porcupine.Visualize(LockModel, info, w)
}

// VisualizeFile writes the HTML visualization to path (creating its
// directory) as internal/outfile writes every output file: whole or not
// at all, never replacing a device, FIFO or link.
func (h *LockHistory) VisualizeFile(path string) error {
	if err := outfile.MkdirAll(filepath.Dir(path)); err != nil {
		return err
	}
	var b bytes.Buffer
	if _, err := h.Visualize(&b); err != nil {
		return err
	}
	return outfile.WriteFile(path, b.Bytes(), nil)
}

// LinearizableLock is the mutual-exclusion check of the mutual-exclusion
// claims: the lock history of the finished execution s is linearizable.
// It is meant as a claim's Custom check.
func LinearizableLock(s model.System) error {
	return LockHistoryOf(s, nil).Check()
}

// NoStarvation checks that every request of a live process entered: at the
// end of a quiescent execution no live client is still waiting.
func NoStarvation(s model.System) error { return noStarvation(LockHistoryOf(s, nil)) }

// noStarvation is NoStarvation on s's history h.
func noStarvation(h *LockHistory) error {
	var waiting []string
	for _, p := range h.Pending {
		if !p.Crashed {
			waiting = append(waiting, fmt.Sprintf("%d (asked at observation %d)", p.Proc, p.Request))
		}
	}
	if len(waiting) > 0 {
		return fmt.Errorf("live process(es) %s never entered their critical section", strings.Join(waiting, ", "))
	}
	return nil
}

// MutualExclusion is LinearizableLock and NoStarvation together, the
// claims' usual Custom check.
func MutualExclusion(s model.System) error {
	// One history for both: Check reads its operations, noStarvation its
	// pending requests.
	h := LockHistoryOf(s, nil)
	if err := h.Check(); err != nil {
		return err
	}
	return noStarvation(h)
}
