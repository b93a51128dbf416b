package explore

import (
	"fmt"
	"slices"
	"strings"

	"github.com/electlab/electlab/model"
)

// A split search: the first d events of every path form a prefix tree
// (with the same sleep sets as the search, but without state caching, so
// every part sees the same tree); the nodes at depth d are numbered in DFS
// order and part i explores, with its own visited set, the subtrees of the
// nodes numbered i, i+n, i+2n, ... The union of the parts' visited states
// is the set of states of the whole search (each part is a sound search of
// its subtrees, and the prefix is shared), so Merge unions fingerprints:
// states, quiescent states, min/max counts, cycles and the set of distinct
// violations merge exactly. Transitions add up the parts' work, which
// includes the prefix once per part and states reached by several parts.
//
// d is the smallest depth with at least 4n nodes in the prefix tree (or the
// depth with the most nodes when the tree never gets that wide).

// splitDepth computes d for Options.Shards parts.
func (e *engine) splitDepth() int {
	target := 4 * e.opt.Shards
	type node struct {
		w     model.System
		sleep []model.Event
	}
	level := []node{{w: e.s0.Clone()}}
	best, bestN := 1, 0
	f := &frame{}
	for d := 1; d <= 1000 && len(level) > 0; d++ {
		var next []node
		for _, nd := range level {
			e.setup(f, nd.w)
			f.sleep = sleepMask(f.en, nd.sleep)
			for i, ev := range f.en {
				if i < 64 && f.sleep&(1<<i) != 0 {
					continue
				}
				sl := e.childSleep(f, i, nil)
				if i < 64 {
					f.done |= 1 << i
				}
				w := nd.w.Clone()
				mustApply(w, ev)
				if len(w.Enabled(nil)) == 0 {
					next = append(next, node{}) // counted, not expanded
					continue
				}
				next = append(next, node{w: w, sleep: sl})
			}
		}
		if len(next) > bestN {
			best, bestN = d, len(next)
		}
		if len(next) >= target {
			return d
		}
		level = level[:0]
		for _, nd := range next {
			if nd.w != nil {
				level = append(level, nd)
			}
		}
	}
	return best
}

// ParseShard parses "i/n" (1-based i, as the CLI takes it) into a 0-based
// part and the number of parts.
func ParseShard(s string) (shard, shards int, err error) {
	a, b, ok := strings.Cut(s, "/")
	var i, n int
	if ok {
		_, err1 := fmt.Sscanf(a, "%d", &i)
		_, err2 := fmt.Sscanf(b, "%d", &n)
		ok = err1 == nil && err2 == nil && fmt.Sprint(i) == a && fmt.Sprint(n) == b
	}
	if !ok || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("bad shard %q (want i/n with 1 <= i <= n, e.g. 2/8)", s)
	}
	return i - 1, n, nil
}

// Merge combines the results of every part of a split search (each of
// Shards parts exactly once) into the result of the whole search.
func Merge(parts []*Result) (*Result, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("merge: no parts")
	}
	n := parts[0].Shards
	if n < 1 {
		n = 1
	}
	if len(parts) != n {
		return nil, fmt.Errorf("merge: %d parts given for a search split in %d", len(parts), n)
	}
	seen := make([]bool, n)
	for _, p := range parts {
		s := max(p.Shards, 1)
		if s != n {
			return nil, fmt.Errorf("merge: parts of searches split in %d and %d", n, s)
		}
		if p.Shard < 0 || p.Shard >= n || seen[p.Shard] {
			return nil, fmt.Errorf("merge: part %d/%d is missing or given twice", p.Shard+1, n)
		}
		seen[p.Shard] = true
		if p.Detect != parts[0].Detect {
			return nil, fmt.Errorf("merge: parts searched under %s and %s detection", parts[0].Detect, p.Detect)
		}
		if p.Fingerprints == nil && p.States > 0 {
			return nil, fmt.Errorf("merge: part %d/%d has no fingerprints", p.Shard+1, n)
		}
	}
	m := &Result{Shards: n, Shard: 0, ShardDepth: parts[0].ShardDepth, Detect: parts[0].Detect, Violations: []*Violation{}}
	var fps, finals []uint64
	byID := map[string]*Violation{}
	var ids []string
	var inc []string
	for _, p := range parts {
		fps = append(fps, p.Fingerprints...)
		finals = append(finals, p.FinalFingerprints...)
		m.Transitions += p.Transitions
		m.MaxDepth = max(m.MaxDepth, p.MaxDepth)
		m.MemEstimate = max(m.MemEstimate, p.MemEstimate)
		m.TableBytes += p.TableBytes
		m.Cycle = m.Cycle || p.Cycle
		m.CountsLowerBound = m.CountsLowerBound || p.CountsLowerBound
		m.MoreViolations += p.MoreViolations
		if p.Counts != nil {
			if m.Counts == nil {
				c := *p.Counts
				m.Counts = &c
			} else {
				m.Counts.merge(p.Counts)
			}
		}
		if p.Incomplete != "" {
			inc = append(inc, fmt.Sprintf("part %d/%d: %s", p.Shard+1, n, p.Incomplete))
		}
		for _, v := range p.Violations {
			id := v.Property + "\x00" + v.Message
			if w, ok := byID[id]; ok {
				w.States += v.States
				if len(v.Events) < len(w.Events) {
					w.Events, w.Step, w.CycleStart = v.Events, v.Step, v.CycleStart
				}
				continue
			}
			c := *v
			byID[id] = &c
			ids = append(ids, id)
		}
	}
	slices.Sort(fps)
	fps = slices.Compact(fps)
	slices.Sort(finals)
	finals = slices.Compact(finals)
	m.Fingerprints, m.FinalFingerprints = fps, finals
	m.States, m.Final = int64(len(fps)), int64(len(finals))
	slices.Sort(ids)
	for _, id := range ids {
		m.Violations = append(m.Violations, byID[id])
	}
	m.Incomplete = strings.Join(inc, "; ")
	return m, nil
}
