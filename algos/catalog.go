package algos

import (
	"slices"
	"strings"

	"github.com/electlab/electlab/claim"
)

// registeredPending is the Pending text of a catalog entry that regs
// register whole: the reason the report would give if their algorithms
// were left out of the registry in use.
func registeredPending(regs []claim.Registered) string {
	var names []string
	for _, r := range regs {
		if n := r.Spec.Meta().Name; !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if len(names) == 1 {
		return "registered by " + names[0] + "; unchecked only when the registry in use leaves that algorithm out"
	}
	return "registered by " + strings.Join(names, ", ") + "; unchecked only when the registry in use leaves all of them out"
}
