package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"
)

// run runs Main with args and extra and returns the exit status and the
// outputs.
func run(args []string, extra ...claim.Entry) (code int, stdout, stderr string) {
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

// TestHelpCommand: `help CMD` prints what `CMD -h` prints (the command's
// usage and flags, not the general usage), for every command, on stdout;
// an unknown command is bad input.
func TestHelpCommand(t *testing.T) {
	for _, c := range commands() {
		code, stdout, stderr := run([]string{"help", c.name})
		_, _, flags := run([]string{c.name, "-h"})
		if code != 0 || stdout != flags || stderr != "" || !strings.HasPrefix(stdout, "usage: electlab "+c.name) {
			t.Errorf("help %s: exit status %d, stdout %.80q, stderr %q; want %s -h's %.80q", c.name, code, stdout, stderr, c.name, flags)
		}
	}
	for _, h := range []string{"help", "-h", "--help"} {
		if code, stdout, stderr := run([]string{"help", h}); code != 0 || stderr != "" || !strings.HasPrefix(stdout, "usage: electlab <command>") {
			t.Errorf("help %s: exit status %d, stdout %.80q, stderr %q; want the general usage", h, code, stdout, stderr)
		}
	}
	if code, _, stderr := run([]string{"help", "frobnicate"}); code != 2 || !strings.Contains(stderr, `unknown command "frobnicate"`) {
		t.Errorf("help frobnicate: exit status %d: %s", code, stderr)
	}
}

// TestErrorsShowNoEmptyList: a message about a list that is empty names
// the value given, never an empty gap ("-ids : ...", "(absent )").
func TestErrorsShowNoEmptyList(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "-algo", "changroberts", "-ids", " "}, `-ids is empty: give at least 2 process ids`},
		{[]string{"run", "-algo", "changroberts", "-ids", "7"}, `-ids 7: need at least 2 processes`},
	} {
		code, _, stderr := run(c.args)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit status %d, %q; want 2 and %q", strings.Join(c.args, " "), code, stderr, c.want)
		}
	}
}
