// Package distnet gives electlab's distributed search (explore -bfs
// -dist) its network: NATS, through checker/explore/distnats (an embedded
// server, or an existing one). Importing it registers it with the command
// (cmd/electlab imports it); a program of its own that calls cli.Main and
// wants -dist imports it too, and one that does not pulls no NATS module
// into its build.
package distnet

import (
	"time"

	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/checker/explore/distnats"
	"github.com/electlab/electlab/internal/runner"
)

func init() { runner.SetNetwork(NATS{}) }

// NATS is the network of -dist (runner.Network) over NATS.
type NATS struct{}

// Embed starts an embedded NATS server listening at addr.
func (NATS) Embed(addr string) (string, func(), error) {
	s, err := distnats.Embed(addr)
	if err != nil {
		return "", nil, err
	}
	return s.URL(), s.Shutdown, nil
}

// Connect connects one rank to the server at url.
func (NATS) Connect(url, run string, rank, ranks int, timeout time.Duration) (explore.Transport, func(), error) {
	t, err := distnats.Connect(distnats.Options{URL: url, Run: run, Rank: rank, Ranks: ranks, Timeout: timeout})
	if err != nil {
		return nil, nil, err
	}
	return t, t.Close, nil
}
