// Package algos is the registry of electlab's algorithms. Each algorithm
// lives in its own sub-package, importing only electlab/model; this package
// only collects them.
package algos

import (
	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos/bully"
	"github.com/electlab/electlab/algos/central"
	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/algos/decentral"
	"github.com/electlab/electlab/algos/enhancedbully"
	"github.com/electlab/electlab/algos/failover"
	"github.com/electlab/electlab/algos/fceabob"
	"github.com/electlab/electlab/algos/fceabr"
	"github.com/electlab/electlab/algos/franklin"
	"github.com/electlab/electlab/algos/hierarchical"
	"github.com/electlab/electlab/algos/itairodeh"
	"github.com/electlab/electlab/algos/kabashi"
	"github.com/electlab/electlab/algos/lelann"
	"github.com/electlab/electlab/algos/modbully"
	"github.com/electlab/electlab/algos/peterson"
	"github.com/electlab/electlab/algos/raft"
	"github.com/electlab/electlab/algos/ricartagrawala"
	"github.com/electlab/electlab/algos/ringpoll"
	"github.com/electlab/electlab/algos/tokenring"
	"github.com/electlab/electlab/algos/vnetjoin"
	"github.com/electlab/electlab/algos/xie"
)

// all lists every algorithm with its claims, in the order `electlab list`
// shows them.
var all = []claim.Entry{
	{Spec: lelann.Algorithm, Claims: lelann.Claims},
	{Spec: changroberts.Algorithm, Claims: changroberts.Claims},
	{Spec: ringpoll.Algorithm, Claims: ringpoll.Claims},
	{Spec: fceabr.Algorithm, Claims: fceabr.Claims},
	{Spec: fceabr.K, Claims: fceabr.KClaims},
	// Xie et al. as [S0]/[S3] cite it (C-FCEABR-14): the tool's
	// completions of one sentence.
	{Spec: xie.Algorithm, Claims: xie.Claims},
	{Spec: hierarchical.Algorithm, Claims: hierarchical.Claims},
	{Spec: fceabob.Algorithm, Claims: fceabob.Claims},
	{Spec: bully.Algorithm, Claims: bully.Claims},
	{Spec: modbully.Algorithm, Claims: modbully.Claims},
	{Spec: enhancedbully.Algorithm, Claims: enhancedbully.Claims},
	{Spec: kabashi.Algorithm, Claims: kabashi.Claims},
	// The join into [S3]'s virtual network of ECoordinators (C-HIER-5).
	{Spec: vnetjoin.Algorithm, Claims: vnetjoin.Claims},
	// The mutual-exclusion algorithms of [S2]'s comparison table.
	{Spec: central.Algorithm, Claims: central.Claims},
	{Spec: decentral.Algorithm, Claims: decentral.Claims},
	{Spec: ricartagrawala.Algorithm, Claims: ricartagrawala.Claims},
	{Spec: tokenring.Algorithm, Claims: tokenring.Claims},
	// The coordinated services with their coordinator elected by each
	// election algorithm ([S1] opening): failover of the centralized
	// lock, regeneration of the token ring's lost token.
	failover.Central(lelann.Algorithm),
	failover.Central(changroberts.Algorithm),
	failover.Central(ringpoll.Algorithm),
	failover.Central(bully.Algorithm),
	failover.Central(modbully.Algorithm),
	failover.Central(enhancedbully.Algorithm),
	failover.Central(kabashi.Algorithm),
	failover.TokenRing(lelann.Algorithm),
	failover.TokenRing(changroberts.Algorithm),
	failover.TokenRing(ringpoll.Algorithm),
	failover.TokenRing(bully.Algorithm),
	failover.TokenRing(modbully.Algorithm),
	failover.TokenRing(enhancedbully.Algorithm),
	failover.TokenRing(kabashi.Algorithm),
	// The classic O(n log n) rings beyond the seeds, the yardstick for
	// the seeds' rings (their claims are beyond the catalog).
	{Spec: franklin.Algorithm, Claims: franklin.Claims},
	{Spec: peterson.Algorithm, Claims: peterson.Claims},
	// The randomized elections beyond the seeds: their claims are
	// probabilities and expectations (docs/PROBABILITY.md).
	{Spec: itairodeh.Sync, Claims: itairodeh.SyncClaims},
	{Spec: itairodeh.Async, Claims: itairodeh.AsyncClaims},
	{Spec: raft.Algorithm, Claims: raft.Claims},
}

// Registry returns electlab's registry: its algorithms, each with its
// claims, and the catalog. It is a value; Registry().With adds a caller's
// algorithms (cli.Main's extras) to a copy.
func Registry() claim.Registry {
	return claim.Registry{Algorithms: all, Catalog: Catalog}
}
