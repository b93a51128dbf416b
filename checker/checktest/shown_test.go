package checktest_test

import (
	"fmt"
	"testing"

	"github.com/electlab/electlab/checker/checktest"
)

// ExampleMatchOutput checks a README's shown output against what the
// command printed: "…" stands for any text, and unshown lines between
// are allowed.
func ExampleMatchOutput() {
	out := "=== RUN   TestX\n    x_test.go:9: n=3: messages 26..26\n--- PASS: TestX (0.00s)\nPASS\n"
	shown := []string{"…n=3: messages 26..26", "--- PASS: TestX (…)", "PASS"}
	fmt.Printf("%q\n", checktest.MatchOutput(out, shown))
	fmt.Printf("%q\n", checktest.MatchOutput(out, []string{"…n=3: messages 26..27"}))
	// Output:
	// ""
	// "…n=3: messages 26..27"
}

// TestMatchOutputCanFail: the output comparison accepts a matching output
// and rejects a missing line, lines out of order, and a changed number.
func TestMatchOutputCanFail(t *testing.T) {
	out := "--- FAIL: TestX (0.01s)\n    x_test.go:9: n=3: sends 3..6\nFAIL\n"
	if m := checktest.MatchOutput(out, []string{"--- FAIL: TestX (…)", "…", "…n=3: sends 3..6", "FAIL"}); m != "" {
		t.Errorf("a matching output is rejected at %q", m)
	}
	for _, shown := range [][]string{{"ok  \tx"}, {"FAIL", "--- FAIL: TestX (…)"}, {"…n=3: sends 3..7"}} {
		if checktest.MatchOutput(out, shown) == "" {
			t.Errorf("%q is accepted", shown)
		}
	}
}
