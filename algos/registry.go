// Package algos is the registry of electlab's algorithms. Each algorithm
// lives in its own sub-package, importing only electlab/model; this package
// only collects them.
package algos

import (
	"fmt"
	"strings"

	"electlab/algos/bully"
	"electlab/algos/changroberts"
	"electlab/algos/lelann"
	"electlab/algos/modbully"
	"electlab/algos/ringpoll"
	"electlab/model"
)

// All lists every algorithm, in the order `electlab list` shows them.
var All = []model.Spec{
	lelann.Algorithm,
	changroberts.Algorithm,
	ringpoll.Algorithm,
	bully.Algorithm,
	modbully.Algorithm,
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
