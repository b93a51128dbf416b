package reproduce

import "sync"

// Cache memoises reproduced tables within one process run: a table is a
// pure function of (paper, table id, repetitions, seed) — every random
// choice comes from a stream seeded by the seed, the table and the row
// (stream) — so a table computed once is the same table every later
// caller would compute. A Cache is safe for concurrent use; a table
// asked for by several goroutines at once is computed by one of them
// while the others wait, and all receive the same *Table, which callers
// must treat as read-only. The zero Cache is ready to use.
type Cache struct {
	mu sync.Mutex
	m  map[cacheKey]*cacheEntry
}

type cacheKey struct {
	paper, table string
	runs         int
	seed         uint64
}

type cacheEntry struct {
	once sync.Once
	t    *Table
	err  error
}

// table returns table ts of paper p with runs repetitions and seed,
// computing it on first use.
func (c *Cache) table(p *Paper, ts *TableSpec, runs int, seed uint64) (*Table, error) {
	if c == nil {
		return ts.Run(runs, seed)
	}
	k := cacheKey{p.ID, ts.ID, runs, seed}
	c.mu.Lock()
	if c.m == nil {
		c.m = map[cacheKey]*cacheEntry{}
	}
	e := c.m[k]
	if e == nil {
		e = &cacheEntry{}
		c.m[k] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.t, e.err = ts.Run(runs, seed) })
	return e.t, e.err
}

// tableSpec is table id of p with its repetitions resolved (0: the
// paper's own), or nil when p has no such table.
func tableSpec(p *Paper, id string, runs int) (*TableSpec, int) {
	for i := range p.Tables {
		if ts := &p.Tables[i]; ts.ID == id {
			if runs == 0 {
				runs = ts.Runs
			}
			return ts, runs
		}
	}
	return nil, 0
}

// Get returns table id of paper p with runs repetitions (0: the paper's
// own) and seed as the cache holds it, once computed (claims -part writes
// it to its part file after its tasks have run), and whether it holds
// it. It must not race with the table's computation.
func (c *Cache) Get(p *Paper, id string, runs int, seed uint64) (t *Table, err error, ok bool) {
	ts, runs := tableSpec(p, id, runs)
	if c == nil || ts == nil {
		return nil, nil, false
	}
	c.mu.Lock()
	e := c.m[cacheKey{p.ID, ts.ID, runs, seed}]
	c.mu.Unlock()
	if e == nil {
		return nil, nil, false
	}
	return e.t, e.err, true
}

// Put stores table id of paper p with runs repetitions (0: the paper's
// own) and seed, computed elsewhere (claims -merge: by a part), as the
// cache's entry: later callers get it, or err, without computing it.
func (c *Cache) Put(p *Paper, id string, runs int, seed uint64, t *Table, err error) {
	ts, runs := tableSpec(p, id, runs)
	if ts == nil {
		return
	}
	k := cacheKey{p.ID, ts.ID, runs, seed}
	c.mu.Lock()
	if c.m == nil {
		c.m = map[cacheKey]*cacheEntry{}
	}
	e := c.m[k]
	if e == nil {
		e = &cacheEntry{}
		c.m[k] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.t, e.err = t, err })
}
