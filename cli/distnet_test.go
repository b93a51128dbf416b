package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestDistNeedsNetwork: a program whose main does not import cli/distnet
// (this package's tests do not) refuses -dist, naming the import, before
// any work.
func TestDistNeedsNetwork(t *testing.T) {
	var out, errb bytes.Buffer
	code := Main([]string{"explore", "-algo", "changroberts", "-n", "3", "-bfs", "-props", "single-coordinator", "-dist", "local:2"}, &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "import github.com/electlab/electlab/cli/distnet") || out.Len() != 0 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
