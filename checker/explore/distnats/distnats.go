// Package distnats carries a distributed search (explore.ExploreDist)
// over NATS: each rank is a NATS client; the server is embedded in one
// process (Embed) or is an existing NATS cluster.
//
// A batch of records is a request to the receiving rank's subject,
// acknowledged by its reply once the rank has taken it (the flow
// control); a batch not acknowledged within a second is sent again, with
// its sequence number, so that the receiver takes it once. A barrier
// (AllGather) is a request to rank 1, which answers every rank once all
// have asked. Every rank sends a heartbeat each second: a rank waiting
// for another that has sent none for Options.Timeout stops with an
// error naming it, rather than waiting for ever.
package distnats

import (
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// Options configure a rank's transport.
type Options struct {
	// URL is the NATS server's (nats://host:port).
	URL string
	// Run names the search: ranks of one search share it, and searches
	// on one server must not (it prefixes every subject).
	Run string
	// Rank (0-based) of Ranks.
	Rank, Ranks int
	// Timeout is how long a rank waits for another that sends no
	// heartbeat before it gives up (0 = 30s); Connect waits as long for
	// the server.
	Timeout time.Duration
}

// Transport is one rank's explore.Transport over NATS.
type Transport struct {
	opt  Options
	nc   *nats.Conn
	subs []*nats.Subscription

	mu      sync.Mutex
	handler func(int, []byte)
	// lastSeq is the last batch sequence number taken from each rank;
	// seq the last this rank sent to each rank.
	lastSeq []uint64
	seq     []uint64
	// heard is when each rank was last heard from (heartbeat or message).
	heard []time.Time
	// inc is this process's incarnation (its heartbeats carry it), incs
	// the one first heard from each rank, and restarted the first rank
	// heard from with another: started again while the others still run.
	inc       uint64
	incs      []uint64
	restarted int
	stop      chan struct{}

	// The barrier, on rank 0: the requests of the current generation.
	gmu     sync.Mutex
	gen     uint64
	gparts  map[int]*nats.Msg
	gdata   map[int][]byte
	lastGen uint64
	lastRes []byte
	// gathers counts this rank's barriers (the generation it asks for).
	gathers uint64
}

// Connect connects rank opt.Rank to the server at opt.URL, waiting (up to
// Timeout) for the server to come up.
func Connect(opt Options) (*Transport, error) {
	if opt.Timeout <= 0 {
		opt.Timeout = 30 * time.Second
	}
	if opt.Ranks < 1 || opt.Rank < 0 || opt.Rank >= opt.Ranks {
		return nil, fmt.Errorf("rank %d of %d", opt.Rank+1, opt.Ranks)
	}
	if opt.Run == "" {
		return nil, errors.New("no run name")
	}
	deadline := time.Now().Add(opt.Timeout)
	var nc *nats.Conn
	var err error
	for {
		nc, err = nats.Connect(opt.URL, nats.Name(fmt.Sprintf("electlab %s rank %d/%d", opt.Run, opt.Rank+1, opt.Ranks)),
			nats.MaxReconnects(-1), nats.ReconnectWait(200*time.Millisecond), nats.Timeout(2*time.Second))
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("cannot reach the NATS server at %s within %v: %v", opt.URL, opt.Timeout, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	t := &Transport{opt: opt, nc: nc, lastSeq: make([]uint64, opt.Ranks), seq: make([]uint64, opt.Ranks),
		heard: make([]time.Time, opt.Ranks), stop: make(chan struct{}),
		inc: incarnation(), incs: make([]uint64, opt.Ranks), restarted: -1}
	now := time.Now()
	for r := range t.heard {
		t.heard[r] = now
	}
	sub := func(subj string, f nats.MsgHandler) error {
		s, err := nc.Subscribe(subj, f)
		if err == nil {
			t.subs = append(t.subs, s)
		}
		return err
	}
	if err := sub(t.subject("hb"), t.onHeartbeat); err != nil {
		nc.Close()
		return nil, err
	}
	if err := sub(t.subject("rec", opt.Rank), t.onBatch); err != nil {
		nc.Close()
		return nil, err
	}
	if opt.Rank == 0 {
		t.gparts, t.gdata = map[int]*nats.Msg{}, map[int][]byte{}
		if err := sub(t.subject("gather"), t.onGather); err != nil {
			nc.Close()
			return nil, err
		}
	}
	if err := nc.Flush(); err != nil {
		nc.Close()
		return nil, err
	}
	go t.beat()
	return t, nil
}

func (t *Transport) subject(kind string, rank ...int) string {
	s := "electlab." + t.opt.Run + "." + kind
	for _, r := range rank {
		s += "." + strconv.Itoa(r)
	}
	return s
}

// Rank is this rank (0-based).
func (t *Transport) Rank() int { return t.opt.Rank }

// Ranks is the number of ranks of the search.
func (t *Transport) Ranks() int { return t.opt.Ranks }

// Handle sets the handler of the batches this rank receives.
func (t *Transport) Handle(f func(int, []byte)) {
	t.mu.Lock()
	t.handler = f
	t.mu.Unlock()
}

// Close stops the heartbeats and closes the connection.
func (t *Transport) Close() {
	select {
	case <-t.stop:
	default:
		close(t.stop)
	}
	t.nc.Close()
}

func (t *Transport) beat() {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	msg := binary.AppendUvarint(nil, uint64(t.opt.Rank))
	msg = binary.AppendUvarint(msg, t.inc)
	for {
		_ = t.nc.Publish(t.subject("hb"), msg)
		select {
		case <-t.stop:
			return
		case <-tick.C:
		}
	}
}

func (t *Transport) onHeartbeat(m *nats.Msg) {
	r, n := binary.Uvarint(m.Data)
	if n <= 0 || r >= uint64(t.opt.Ranks) {
		return
	}
	inc, m2 := binary.Uvarint(m.Data[n:])
	if m2 <= 0 {
		return
	}
	t.mu.Lock()
	switch {
	case t.incs[r] == 0:
		t.incs[r] = inc
	case t.incs[r] != inc && t.restarted < 0:
		t.restarted = int(r)
	}
	t.mu.Unlock()
	t.hear(int(r))
}

// incarnation tells apart two processes that run one rank: the time it
// started and its process id. It never reaches a result.
func incarnation() uint64 {
	return uint64(time.Now().UnixNano())<<16 ^ uint64(os.Getpid()) | 1
}

func (t *Transport) hear(r int) {
	t.mu.Lock()
	t.heard[r] = time.Now()
	t.mu.Unlock()
}

// silent returns the first rank started again while this search runs,
// else the first rank not heard from for Timeout, or -1.
func (t *Transport) silent() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.restarted >= 0 {
		return t.restarted
	}
	for r, at := range t.heard {
		if r != t.opt.Rank && time.Since(at) > t.opt.Timeout {
			return r
		}
	}
	return -1
}

func (t *Transport) goneErr(r int) error {
	t.mu.Lock()
	again := t.restarted == r
	t.mu.Unlock()
	if again {
		return fmt.Errorf("rank %d of %d was started again while this search ran: every rank must start again (with -checkpoint, the search resumes from the checkpoints)", r+1, t.opt.Ranks)
	}
	return fmt.Errorf("rank %d of %d stopped answering (no heartbeat for %v): it was killed, never started, or lost its connection; the search cannot go on without it", r+1, t.opt.Ranks, t.opt.Timeout)
}

// onBatch takes a batch: from, sequence number, records.
func (t *Transport) onBatch(m *nats.Msg) {
	b := m.Data
	from, n := binary.Uvarint(b)
	if n <= 0 || from >= uint64(t.opt.Ranks) {
		return
	}
	b = b[n:]
	seq, n := binary.Uvarint(b)
	if n <= 0 {
		return
	}
	b = b[n:]
	t.hear(int(from))
	t.mu.Lock()
	dup := seq <= t.lastSeq[from]
	if !dup {
		t.lastSeq[from] = seq
	}
	h := t.handler
	t.mu.Unlock()
	if !dup && h != nil {
		h(int(from), b)
	}
	_ = m.Respond(nil)
}

// Send gives b to rank to and waits for its acknowledgement.
func (t *Transport) Send(to int, b []byte) error {
	if to == t.opt.Rank {
		t.mu.Lock()
		h := t.handler
		t.mu.Unlock()
		h(to, append([]byte(nil), b...))
		return nil
	}
	t.mu.Lock()
	t.seq[to]++
	seq := t.seq[to]
	t.mu.Unlock()
	msg := binary.AppendUvarint(nil, uint64(t.opt.Rank))
	msg = binary.AppendUvarint(msg, seq)
	msg = append(msg, b...)
	for {
		_, err := t.nc.Request(t.subject("rec", to), msg, time.Second)
		if err == nil {
			return nil
		}
		if !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, nats.ErrNoResponders) {
			return fmt.Errorf("sending to rank %d: %v", to+1, err)
		}
		if r := t.silent(); r >= 0 {
			return t.goneErr(r)
		}
	}
}

// onGather (rank 0) collects one generation's contributions and answers
// every rank once all have come.
func (t *Transport) onGather(m *nats.Msg) {
	b := m.Data
	gen, n := binary.Uvarint(b)
	if n <= 0 {
		return
	}
	b = b[n:]
	r, n := binary.Uvarint(b)
	if n <= 0 || r >= uint64(t.opt.Ranks) {
		return
	}
	b = b[n:]
	t.hear(int(r))
	t.gmu.Lock()
	defer t.gmu.Unlock()
	switch {
	case gen == t.lastGen && t.lastRes != nil:
		// Asked again after the answer was sent: answer again.
		_ = m.Respond(t.lastRes)
		return
	case gen != t.gen+1:
		return
	}
	t.gparts[int(r)] = m
	t.gdata[int(r)] = append([]byte(nil), b...)
	if len(t.gparts) < t.opt.Ranks {
		return
	}
	var res []byte
	for k := range t.opt.Ranks {
		res = binary.AppendUvarint(res, uint64(len(t.gdata[k])))
		res = append(res, t.gdata[k]...)
	}
	for _, p := range t.gparts {
		_ = p.Respond(res)
	}
	t.gen, t.lastGen, t.lastRes = gen, gen, res
	clear(t.gparts)
	clear(t.gdata)
}

// AllGather is the barrier: it sends b to rank 0 and waits for every
// rank's contribution.
func (t *Transport) AllGather(b []byte) ([][]byte, error) {
	t.gathers++
	msg := binary.AppendUvarint(nil, t.gathers)
	msg = binary.AppendUvarint(msg, uint64(t.opt.Rank))
	msg = append(msg, b...)
	for {
		reply, err := t.nc.Request(t.subject("gather"), msg, time.Second)
		if err == nil {
			return splitGather(reply.Data, t.opt.Ranks)
		}
		if !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, nats.ErrNoResponders) {
			return nil, fmt.Errorf("at a barrier: %v", err)
		}
		if r := t.silent(); r >= 0 {
			return nil, t.goneErr(r)
		}
	}
}

func splitGather(b []byte, k int) ([][]byte, error) {
	out := make([][]byte, k)
	for r := range k {
		n, m := binary.Uvarint(b)
		if m <= 0 || uint64(len(b)-m) < n {
			return nil, errors.New("a bad barrier answer")
		}
		out[r] = b[m : m+int(n)]
		b = b[m+int(n):]
	}
	return out, nil
}

// Server is an embedded NATS server.
type Server struct{ s *server.Server }

// Embed starts a NATS server listening on addr (host:port; port 0 picks
// a free one) and returns it once it takes connections.
func Embed(addr string) (*Server, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("%q: want host:port: %v", addr, err)
	}
	p, err := strconv.Atoi(port)
	if err != nil || p < 0 || p > 65535 {
		return nil, fmt.Errorf("%q: bad port", addr)
	}
	if p == 0 {
		p = server.RANDOM_PORT
	}
	s, err := server.NewServer(&server.Options{Host: host, Port: p, NoLog: true, NoSigs: true, MaxPayload: 8 << 20, MaxPending: 64 << 20})
	if err != nil {
		return nil, err
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		s.Shutdown()
		return nil, fmt.Errorf("the embedded NATS server on %s did not start (is the port in use?)", addr)
	}
	return &Server{s: s}, nil
}

// URL is the server's client URL.
func (s *Server) URL() string { return s.s.ClientURL() }

// Shutdown stops the server.
func (s *Server) Shutdown() {
	s.s.Shutdown()
	s.s.WaitForShutdown()
}
