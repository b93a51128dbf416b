package runner

import (
	"fmt"
	"io"
	"net"
	"sync"
	"time"

	"github.com/electlab/electlab/checker/bound"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/model"
)

// Dist places a distributed search (explore -bfs -dist): Local ranks as
// goroutines of this process, or this process as rank Rank (0-based) of
// Ranks, over the NATS server at URL (started here, by rank 0, when
// Embed; by this process when Local and URL is empty).
type Dist struct {
	Local       int
	Rank, Ranks int
	URL         string
	Embed       bool
	// Run names the search on the server (its subjects' prefix).
	Run string
	// Checkpoint is the directory of the ranks' checkpoints ("" none).
	Checkpoint string
	// Timeout is how long a rank waits for a silent one (and for the
	// server to come up) before it stops with an error naming it.
	Timeout time.Duration
}

// ExploreDist is ExploreBound as a distributed breadth-first search
// placed by d: the result is the single-process BFS's (explore -bfs), but
// for the memory figures, which are per rank; rank 1 prints it and writes
// the trace, the others print one line on stderr.
func (tl Tool) ExploreDist(spec model.Spec, cfg *model.Config, prefix []model.Event, opt explore.Options, b *bound.Bound, d Dist, out string, jsonOut bool, stdout, stderr io.Writer) error {
	return tl.explore(spec, cfg, prefix, opt, b, &d, out, jsonOut, stdout, stderr)
}

// Network is what the ranks of a distributed search meet through. The
// program registers it (SetNetwork): package cli/distnet registers NATS,
// and cmd/electlab imports that package, so that the library (cli.Main
// included) does not depend on a NATS server.
type Network interface {
	// Embed starts a server listening at addr (host:port, port 0 for a
	// free one) and returns its URL and how to stop it.
	Embed(addr string) (url string, stop func(), err error)
	// Connect connects rank (0-based) of ranks of the search named run to
	// the server at url, waiting up to timeout for it; close ends the
	// rank's connection.
	Connect(url, run string, rank, ranks int, timeout time.Duration) (t explore.Transport, close func(), err error)
}

var network Network

// SetNetwork registers the network of -dist (package cli/distnet's init).
func SetNetwork(n Network) { network = n }

// search runs the distributed search of start; printer says this process
// holds rank 1.
func (d *Dist) search(start model.System, opt explore.Options, stderr io.Writer) (*explore.Result, bool, error) {
	if network == nil {
		return nil, false, exit.Usagef("-dist: this program has no network for a distributed search: its main package must import github.com/electlab/electlab/cli/distnet (cmd/electlab does)")
	}
	url := d.URL
	if d.Local > 0 && url == "" || d.Embed && d.Rank == 0 {
		addr := "127.0.0.1:0"
		if url != "" {
			var err error
			if addr, err = hostPort(url); err != nil {
				return nil, false, exit.Usagef("-nats %q: %v", url, err)
			}
			// Rank 1 listens at the port on every interface: -nats names
			// it as the other ranks reach it (a host name of the cluster),
			// which need not be an address of its own here; a loopback
			// -nats keeps the server on the loopback interface.
			if host, port, err := net.SplitHostPort(addr); err == nil && !isLoopback(host) {
				addr = net.JoinHostPort("", port)
			}
		}
		u, stop, err := network.Embed(addr)
		if err != nil {
			return nil, false, fmt.Errorf("-dist: %v", err)
		}
		defer stop()
		if url == "" {
			url = u
		}
	}
	ranks := []int{d.Rank}
	k := d.Ranks
	if d.Local > 0 {
		ranks, k = nil, d.Local
		for r := range d.Local {
			ranks = append(ranks, r)
		}
	}
	res := make([]*explore.Result, len(ranks))
	errs := make([]error, len(ranks))
	var wg sync.WaitGroup
	for i, r := range ranks {
		t, closeRank, err := network.Connect(url, d.Run, r, k, d.Timeout)
		if err != nil {
			return nil, false, fmt.Errorf("-dist: rank %d of %d: %v", r+1, k, err)
		}
		defer closeRank()
		o := opt
		o.Checkpoint = d.Checkpoint
		if r != 0 {
			o.Progress = nil
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i], errs[i] = explore.ExploreDist(start.Clone(), o, t)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, false, fmt.Errorf("-dist: rank %d of %d: %v", ranks[i]+1, k, err)
		}
	}
	return res[0], ranks[0] == 0, nil
}

// isLoopback says host names the loopback interface.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// hostPort is the host:port of a nats://host:port URL.
func hostPort(url string) (string, error) {
	const scheme = "nats://"
	if len(url) <= len(scheme) || url[:len(scheme)] != scheme {
		return "", fmt.Errorf("want nats://host:port")
	}
	return url[len(scheme):], nil
}
