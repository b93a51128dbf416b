package cli

import (
	"strings"
	"testing"
)

// TestRunLeaderNotLive: when every live process holds a leader that has
// crashed (Chang–Roberts ignores the successive crash of its leader), the
// summary does not say "agreed" beside the violation: it says the leader
// is not live. A live agreed leader is still "agreed".
func TestRunLeaderNotLive(t *testing.T) {
	for _, succ := range []string{"all", "all;all"} {
		code, out, errs := run([]string{"run", "-algo", "changroberts", "-n", "5", "-successive", succ})
		if code != 0 && code != 1 {
			t.Fatalf("-successive %s: exit status %d\n%s%s", succ, code, out, errs)
		}
		if strings.Contains(out, "agreed by every live process") || !strings.Contains(out, "leader       5, held by every live process, but process 5 is not live: no live leader") {
			t.Errorf("-successive %s: the leader line does not say 5 is not live:\n%s", succ, out)
		}
		if !strings.Contains(out, "violation    ") {
			t.Errorf("-successive %s: no violation reported:\n%s", succ, out)
		}
	}
	_, out, _ := run([]string{"run", "-algo", "bully", "-n", "5", "-successive", "all;all"})
	if !strings.Contains(out, "leader       3, agreed by every live process") {
		t.Errorf("bully -successive all;all: the leader line:\n%s", out)
	}
}
