// Package checktest is electlab's test kit: it checks an election
// algorithm of your own (a model.Spec in your module) from your own
// go test, in the spirit of testing/fstest and etcd-raft's rafttest.
//
// Describe the algorithm and what to check as a Target, then call one of
// four functions from a test:
//
//	var target = checktest.Target{
//		Spec:    myring.Algorithm, // a *model.Algorithm[S]
//		Setting: claim.Setting{Name: "async fifo", Timing: model.Async, Net: model.FIFO, Initiators: claim.AnyInitiators},
//		NMin:    2, NMax: 6,
//		Bound: func(cfg *model.Config, c model.Counts) error {
//			if n := int64(len(cfg.IDs)); c.Sends > n*n {
//				return fmt.Errorf("%d sends > n² = %d", c.Sends, n*n)
//			}
//			return nil
//		},
//	}
//
//	func TestRapid(t *testing.T)   { checktest.Rapid(t, target) }
//	func TestExplore(t *testing.T) { checktest.Explore(t, target) }
//	func FuzzRing(f *testing.F)    { checktest.Fuzz(f, target) }
//	func TestBroken(t *testing.T) {
//		checktest.Replay(t, myring.Broken, "testdata/broken.json", checktest.StillFails)
//	}
//
// Rapid draws configurations (sizes, id arrangements, crashed processes,
// initiators) and adversarial schedules with rapid, crashes and the other
// faults of the Setting included, then lets the fair FIFO schedule finish
// each run; rapid's flags (-rapid.checks, -rapid.seed, -rapid.failfile),
// its shrinking and its fail files work as usual. Explore searches every
// schedule of every configuration at each small size with electlab's
// explorer and returns the exact minimum and maximum message counts. Fuzz
// is a target for go test -fuzz whose corpus entries are schedules. Replay
// asserts that a stored trace still fails (StillFails) or now passes
// (NowPasses).
//
// # What is checked
//
// Target.Checks: ClaimChecks builds them from the claims the algorithm
// declares (its Behaviour claims' properties and checks, its Bound claim's
// formula); by default the generic properties: single-coordinator
// safety after every event, and at the end of a run agreement (every live
// process holds one leader), validity (the leader is the best live id) and
// termination (the run reaches quiescence under the fair FIFO
// continuation). Target.Bound adds a message bound checked at the end of
// every quiescent run (and at every quiescent state by Explore);
// Target.BoundExpr is the same as a formula ("sends <= 3*n - 1", see
// docs/FORMULA.md). A run
// stopped by a cap (Target.MaxSteps, Target.MaxStates, Target.MaxConfigs)
// is "cap reached", never a violation: Rapid and Fuzz judge only the
// properties of every instant on it (and Rapid fails when no run at all
// reached quiescence, since nothing was then judged at the end); Explore
// fails with "cap reached".
//
// # Failures
//
// Every failure is minimised (traces.Minimize: no event can be removed
// without losing the violation; the work is bounded, and a report says
// when the bound stopped it first), written as a trace file to Target.Dir
// (default testdata/electlab/ in the test's package directory; the file is
// complete or absent), named after the test (FileName), and reported
// through testing.TB with the violation, the trace's path and the command
// that shows it:
//
//	myring algo=myring ids=1,2 initiators=1 timing=async ...: validity violated at the end: process 1 holds leader 1, but the highest live id is 2
//	found by rapid; minimal schedule: 3 events (from 3)
//	trace: testdata/electlab/TestRapid.json
//	replay: go test -run '^TestRapid$' -electlab.replay=testdata/electlab/TestRapid.json
//
// The electlab command cannot replay a trace of an algorithm it does not
// know, so the default command reruns the failing test with the flag
// -electlab.replay=PATH, which this package registers: with it, Rapid,
// Explore and Fuzz replay PATH instead of searching, print its rendering
// (traces.RenderText: one line per event with what it caused), and fail
// when it still shows a violation. For the algorithms built into electlab,
// set Target.Command to CLICommand to print `electlab replay PATH`; for a
// command of your own built on electlab's cli package, to CommandOf("go run
// ./cmd/mytool"). Target.Args are appended to the go test command: the
// test's own flags that chose what was checked (e.g. -broken); a
// program's replay command is printed without them.
//
// Under go test -fuzz=FuzzRing, Go's fuzzer also keeps the failing input
// under testdata/fuzz/FuzzRing/, which plain go test then reruns.
//
// Keep a counterexample as a regression test by copying its trace into
// testdata and replaying it with Replay (StillFails while the bug is
// there, NowPasses once fixed). A trace whose violation is a Target's own
// check (Bound, Custom, Converge) is replayed with Target.Replay.
//
// All four report through testing.TB (t.Errorf, t.Logf), so they compose
// with the test's own assertions (Rapid, Explore and Replay take any
// testing.TB: one that records failures lets a test assert that a broken
// variant is caught), and Replay returns the execution for
// further ones (e.g. a go-cmp diff of the final states).
package checktest
