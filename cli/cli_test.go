package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/electlab/electlab/model"
)

// run runs Main with args and extra and returns the exit status and the
// outputs.
func run(args []string, extra ...model.Spec) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(args, &out, &errb, extra...)
	return code, out.String(), errb.String()
}

// TestUnknownCommandNamesEveryCommand: the list comes from the command
// table.
func TestUnknownCommandNamesEveryCommand(t *testing.T) {
	code, _, stderr := run([]string{"frobnicate"})
	if code != 2 {
		t.Fatalf("exit status %d, want 2: %s", code, stderr)
	}
	for _, c := range commands() {
		if !strings.Contains(stderr, c.name) {
			t.Errorf("the unknown-command message leaves out %s: %s", c.name, stderr)
		}
	}
	_, help, _ := run([]string{"help"})
	for _, c := range commands() {
		if !strings.Contains(help, "  "+c.name+" ") {
			t.Errorf("help leaves out %s", c.name)
		}
	}
}
