package modbully

import (
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/internal/modeltest"
	"github.com/electlab/electlab/model"
)

// Reference: [S3] §II — "After that it compares all processes numbers and
// then coordinator will be chosen": the old coordinator 6 crashed, every
// other crash set (two stay live), every informer set, sync and async with
// accurate timeouts, both conventions.
func TestElectsMaxLive(t *testing.T) {
	modeltest.ElectsMaxLiveAfterCoordinatorCrash(t, Algorithm, "default", ConventionB)
}

// Reference: catalog §2, cited-only "modified Bully": "the informer sends
// E to all higher ids, each replies with its id (E), and the informer
// sends to all (N−1)". One informer P among ids 1..n, the coordinator n
// crashed: convention A counts (n−P) + (n−P−1) + (n−1), convention B
// (N = n−1 live, n never messaged) 2(N−P) + N − 1.
func TestOneInformerCount(t *testing.T) {
	modeltest.OneDetectorSends(t, Algorithm, ConventionB, 10,
		func(n, p int) int64 { return int64((n - p) + (n - p - 1) + (n - 1)) },
		func(N, p int) int64 { return int64(2*(N-p) + N - 1) })
}

func TestSimMatchesWorld(t *testing.T) {
	modeltest.SimMatchesWorldTimings(t, Algorithm, append(modeltest.HighestCrashed(),
		model.Config{IDs: modeltest.IDs(1, 2, 3, 4, 5, 6), Crashed: modeltest.IDs(6), Variant: ConventionB},
	)...)
}

func TestClaimsValidate(t *testing.T) {
	modeltest.ValidateClaims(t, claim.Entry{Spec: Algorithm, Claims: Claims})
}
