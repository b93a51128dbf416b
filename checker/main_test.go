package checker_test

import (
	"flag"
	"os"
	"testing"
)

// TestMain raises rapid's default number of checks from 100 to 1000 (each
// check here costs tens of microseconds), unless -rapid.checks is given.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.checks" })
	if !set {
		flag.Set("rapid.checks", "1000")
	}
	os.Exit(m.Run())
}
