// Package algos is the registry of electlab's algorithms. Each algorithm
// lives in its own sub-package, importing only electlab/model; this package
// only collects them.
package algos

import (
	"fmt"
	"iter"
	"strings"

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
	"github.com/electlab/electlab/algos/kabashi"
	"github.com/electlab/electlab/algos/lelann"
	"github.com/electlab/electlab/algos/modbully"
	"github.com/electlab/electlab/algos/peterson"
	"github.com/electlab/electlab/algos/ricartagrawala"
	"github.com/electlab/electlab/algos/ringpoll"
	"github.com/electlab/electlab/algos/tokenring"
	"github.com/electlab/electlab/algos/vnetjoin"
	"github.com/electlab/electlab/algos/xie"
	"github.com/electlab/electlab/model"
)

// All lists every algorithm, in the order `electlab list` shows them.
var All = []model.Spec{
	lelann.Algorithm,
	changroberts.Algorithm,
	ringpoll.Algorithm,
	fceabr.Algorithm,
	fceabr.K,
	// Xie et al. as [S0]/[S3] cite it (C-FCEABR-14): the tool's
	// completions of one sentence.
	xie.Algorithm,
	hierarchical.Algorithm,
	fceabob.Algorithm,
	bully.Algorithm,
	modbully.Algorithm,
	enhancedbully.Algorithm,
	kabashi.Algorithm,
	// The join into [S3]'s virtual network of ECoordinators (C-HIER-5).
	vnetjoin.Algorithm,
	// The mutual-exclusion algorithms of [S2]'s comparison table.
	central.Algorithm,
	decentral.Algorithm,
	ricartagrawala.Algorithm,
	tokenring.Algorithm,
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
	franklin.Algorithm,
	peterson.Algorithm,
}

// Claims yields every claim of every algorithm of All with its algorithm,
// in All's order and each algorithm's own claim order.
func Claims() iter.Seq2[model.Spec, *model.Claim] {
	return func(yield func(model.Spec, *model.Claim) bool) {
		for _, spec := range All {
			info := spec.Meta()
			for i := range info.Claims {
				if !yield(spec, &info.Claims[i]) {
					return
				}
			}
		}
	}
}

// Lookup returns the algorithm called name, or an error listing the known
// names.
func Lookup(name string) (model.Spec, error) {
	for _, a := range All {
		if a.Meta().Name == name {
			return a, nil
		}
	}
	return nil, fmt.Errorf("unknown algorithm %q (known: %s)", name, strings.Join(Names(), ", "))
}

// Names lists the algorithm names.
func Names() []string {
	names := make([]string, len(All))
	for i, a := range All {
		names[i] = a.Meta().Name
	}
	return names
}
