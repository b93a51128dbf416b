package checktest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/electlab/electlab/checker/checktest"
)

// printTB is a testing.TB for the examples: it prints the first line of
// each failure and drops the logs. In a test, pass the test's t.
type printTB struct {
	testing.TB
	name string
}

func (p printTB) Helper()                           {}
func (p printTB) Name() string                      { return p.name }
func (p printTB) Logf(string, ...any)               {}
func (p printTB) Errorf(format string, args ...any) { p.print(fmt.Sprintf(format, args...)) }
func (p printTB) Fatalf(format string, args ...any) { p.print(fmt.Sprintf(format, args...)) }
func (p printTB) Fatal(args ...any)                 { p.print(fmt.Sprint(args...)) }
func (p printTB) print(s string) {
	for i := range len(s) {
		if s[i] == '\n' {
			s = s[:i]
			break
		}
	}
	fmt.Println("FAIL:", s)
}

// Explore returns the exact minimum and maximum message counts at each
// size, over every schedule of every configuration of the setting. The
// toy is max-finding on a unidirectional ring (see toy_test.go): its
// worst case is n(n+1)/2 messages.
func ExampleExplore() {
	tg := checktest.Target{Spec: toyFixed, Setting: asyncFIFO, NMin: 2, NMax: 4, Bound: withinWorst}
	for _, sz := range checktest.Explore(printTB{name: "ExampleExplore"}, tg) {
		fmt.Printf("n=%d: %d configurations, sends %d..%d\n", sz.N, sz.Configs, sz.Counts.Sends.Min, sz.Counts.Sends.Max)
	}
	// Output:
	// n=2: 3 configurations, sends 2..3
	// n=3: 14 configurations, sends 3..6
	// n=4: 90 configurations, sends 4..10
}

// A broken variant fails with its violation; the minimal trace is
// written to Target.Dir, and the failure names it with the command that
// replays it. Replay then keeps the trace as a regression test.
func ExampleReplay() {
	dir, err := os.MkdirTemp("", "checktest")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	tg := checktest.Target{Spec: toyBroken, Setting: asyncFIFO, NMin: 2, NMax: 3, Dir: dir}
	checktest.Explore(printTB{name: "TestBroken"}, tg)

	path := filepath.Join(dir, checktest.FileName("TestBroken"))
	x := checktest.Replay(printTB{name: "TestBroken"}, toyBroken, path, checktest.StillFails)
	fmt.Println("broken:", x.Violation.Property)
	x = checktest.Replay(printTB{name: "TestFixed"}, toyFixed, path, checktest.NowPasses)
	fmt.Println("fixed: quiescent", x.Quiescent, "violation", x.Violation)
	// Output:
	// FAIL: toymax algo=toymax ids=2,1 initiators=1 timing=async timeouts=accurate net=fifo forwarding=false: validity violated at the end: process 2 holds leader 1, but the highest live id is 2
	// broken: validity
	// fixed: quiescent true violation <nil>
}

// The command a failure prints reruns the failing test, subtests
// included, with -electlab.replay=PATH.
func ExampleGoTestCommand() {
	fmt.Println(checktest.GoTestCommand("TestRing/n=3", "testdata/electlab/"+checktest.FileName("TestRing/n=3")))
	fmt.Println(checktest.CLICommand("TestRing", "testdata/electlab/TestRing.json"))
	// Output:
	// go test -run '^TestRing$/^n=3$' -electlab.replay=testdata/electlab/TestRing_n_3.json
	// electlab replay testdata/electlab/TestRing.json
}
