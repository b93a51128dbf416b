package modeltest

import (
	"testing"

	"github.com/electlab/electlab/model"
)

// NewSystem builds spec's World of cfg, failing the test when the
// configuration is refused.
func NewSystem(t testing.TB, spec model.Spec, cfg *model.Config) model.System {
	t.Helper()
	s, err := spec.NewSystem(cfg)
	if err != nil {
		t.Fatalf("NewSystem(%s): %v", cfg, err)
	}
	return s
}
