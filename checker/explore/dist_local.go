package explore

import "sync"

// LocalTransports returns k Transports that connect k ranks run as
// goroutines of one process (ExploreDist on each), with no network:
// Send calls the receiver's handler in the sender's goroutine.
func LocalTransports(k int) []Transport {
	h := &localHub{k: k, handlers: make([]func(int, []byte), k), hmu: make([]sync.Mutex, k)}
	h.cond = sync.NewCond(&h.mu)
	ts := make([]Transport, k)
	for r := range k {
		ts[r] = &localTransport{h: h, rank: r}
	}
	return ts
}

type localHub struct {
	k        int
	handlers []func(int, []byte)
	hmu      []sync.Mutex
	mu       sync.Mutex
	cond     *sync.Cond
	// the barrier of generation gen: contributions so far, and the last
	// generation's result.
	gen    int
	parts  [][]byte
	n      int
	result [][]byte
}

type localTransport struct {
	h    *localHub
	rank int
}

func (t *localTransport) Rank() int  { return t.rank }
func (t *localTransport) Ranks() int { return t.h.k }

func (t *localTransport) Handle(f func(int, []byte)) {
	t.h.mu.Lock()
	t.h.handlers[t.rank] = f
	t.h.mu.Unlock()
}

func (t *localTransport) Send(to int, b []byte) error {
	h := t.h
	h.mu.Lock()
	f := h.handlers[to]
	h.mu.Unlock()
	c := append([]byte(nil), b...)
	h.hmu[to].Lock()
	defer h.hmu[to].Unlock()
	f(t.rank, c)
	return nil
}

func (t *localTransport) AllGather(b []byte) ([][]byte, error) {
	h := t.h
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.parts == nil {
		h.parts = make([][]byte, h.k)
	}
	h.parts[t.rank] = append([]byte(nil), b...)
	h.n++
	gen := h.gen
	if h.n == h.k {
		h.result, h.parts, h.n = h.parts, nil, 0
		h.gen++
		h.cond.Broadcast()
	} else {
		for h.gen == gen {
			h.cond.Wait()
		}
	}
	return h.result, nil
}
