package lockcheck

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/anishathalye/porcupine"

	"github.com/electlab/electlab/model"
)

func memoOp(client int, o LockOp, p model.ID, call, ret int64) porcupine.Operation {
	return porcupine.Operation{ClientId: client, Input: LockInput{Op: o, Client: p}, Call: call, Output: LockOutput{}, Return: ret}
}

// resetVerdicts empties the memo (for the test, and after it).
func resetVerdicts(t *testing.T) {
	verdicts.Lock()
	verdicts.m = nil
	verdicts.Unlock()
	t.Cleanup(func() {
		verdicts.Lock()
		verdicts.m = nil
		verdicts.Unlock()
	})
}

// TestLockVerdictMemo: Check's memoised verdicts are porcupine's, for
// histories that differ only in their operations' times (one
// linearizable, one not) checked one after the other, again and again;
// a memo whose key leaves the times out is caught; a history with
// operations of another model is checked, not memoised; the memo stays
// within maxVerdicts.
func TestLockVerdictMemo(t *testing.T) {
	sequential := []porcupine.Operation{
		memoOp(0, Acquire, 1, 1, 2), memoOp(0, Release, 1, 3, 4),
		memoOp(1, Acquire, 2, 5, 6), memoOp(1, Release, 2, 7, 8)}
	overlapping := []porcupine.Operation{
		memoOp(0, Acquire, 1, 1, 2), memoOp(0, Release, 1, 5, 6),
		memoOp(1, Acquire, 2, 3, 4), memoOp(1, Release, 2, 7, 8)}
	unknown := []porcupine.Operation{
		memoOp(0, Acquire, 1, 1, 2), memoOp(0, Release, 1, 5, 6),
		{ClientId: 1, Input: LockInput{Op: Acquire, Client: 2}, Call: 3, Output: LockOutput{Unknown: true}, Return: 100}}
	histories := [][]porcupine.Operation{sequential, overlapping, unknown, overlapping, sequential, unknown}
	run := func() (mismatch int) {
		for _, ops := range histories {
			want := porcupine.CheckOperations(LockModel, ops)
			if got := (&LockHistory{Ops: ops}).Check() == nil; got != want {
				mismatch++
			}
		}
		return mismatch
	}
	resetVerdicts(t)
	if m := run(); m != 0 {
		t.Errorf("%d memoised verdicts differ from porcupine's", m)
	}
	if !porcupine.CheckOperations(LockModel, sequential) || porcupine.CheckOperations(LockModel, overlapping) {
		t.Fatal("the two histories do not tell a memo that ignores the times apart")
	}
	brokenKey = true
	resetVerdicts(t)
	m := run()
	brokenKey = false
	if m == 0 {
		t.Error("a memo keyed without the operations' times gives porcupine's verdicts: the comparison cannot catch it")
	}

	// Another model's operations: checked by porcupine, not memoised.
	resetVerdicts(t)
	foreign := []porcupine.Operation{{ClientId: 0, Input: "acquire", Call: 1, Output: nil, Return: 2}}
	if _, ok := historyKey(foreign); ok {
		t.Error("historyKey encoded an operation whose input is not a LockInput")
	}

	// The bound.
	resetVerdicts(t)
	for i := range maxVerdicts + 10 {
		ops := []porcupine.Operation{memoOp(0, Acquire, 1, 1, 2+int64(i))}
		if (&LockHistory{Ops: ops}).Check() != nil {
			t.Fatalf("history %d: one acquire is not linearizable", i)
		}
	}
	verdicts.Lock()
	n := len(verdicts.m)
	verdicts.Unlock()
	if n > maxVerdicts || n == 0 {
		t.Errorf("the memo holds %d verdicts, bound %d", n, maxVerdicts)
	}
}

// TestLockVerdictMemoConcurrent: goroutines checking histories at once
// (the claims report's workers) get porcupine's verdicts from the shared
// memo, while it fills and empties (run it with -race).
func TestLockVerdictMemoConcurrent(t *testing.T) {
	resetVerdicts(t)
	var histories [][]porcupine.Operation
	var want []bool
	for i := range 64 {
		d := int64(i % 8)
		ops := []porcupine.Operation{
			memoOp(0, Acquire, 1, 1, 2), memoOp(0, Release, 1, 3+d, 4+d),
			memoOp(1, Acquire, 2, 5, 6), memoOp(1, Release, 2, 7+d, 8+d)}
		histories = append(histories, ops)
		want = append(want, porcupine.CheckOperations(LockModel, ops))
	}
	if !slices.Contains(want, true) || !slices.Contains(want, false) {
		t.Fatal("the histories are all linearizable or all not")
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Go(func() {
			for k := range 400 {
				i := (g*7 + k) % len(histories)
				if got := (&LockHistory{Ops: histories[i]}).Check() == nil; got != want[i] {
					errs <- fmt.Sprintf("goroutine %d: history %d: linearizable %v, porcupine %v", g, i, got, want[i])
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
