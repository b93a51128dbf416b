package explore

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
)

// TestCTableLeastStamp: workers visiting the shared table concurrently,
// each key from several transitions with different stamps, leave every
// key with its least stamp and report a key taken before the batch as
// old; a full table gives transitions back (ok false) until it grows, and
// growing keeps every key and stamp. Run with -race too. The check can
// fail: a table that keeps the last stamp instead of the least is caught.
func TestCTableLeastStamp(t *testing.T) {
	for _, keepLast := range []bool{false, true} {
		bad := runCTable(t, keepLast)
		if keepLast != bad {
			t.Errorf("keep-last table %v: wrong stamps found %v", keepLast, bad)
		}
	}
}

// runCTable visits 3 batches of keys with 4 goroutines and reports whether
// a key ended with another stamp than its least (or old was wrong).
func runCTable(t *testing.T, keepLast bool) (wrong bool) {
	tab := newCTable()
	r := rand.New(rand.NewPCG(1, 2))
	taken := map[uint64]bool{}
	for batch := range 3 {
		// Transitions (key, stamp): 4000 keys drawn from 3000, so some
		// repeat within the batch and across batches (not 0: fixKey
		// stores it as 1).
		type tr struct {
			key   uint64
			stamp uint32
		}
		trs := make([]tr, 4000)
		for i := range trs {
			trs[i] = tr{key: uint64(r.IntN(3000)) + uint64(batch)*1000 + 2, stamp: stampOf(i/200, i%200)}
		}
		r.Shuffle(len(trs), func(i, j int) { trs[i], trs[j] = trs[j], trs[i] })
		least := map[uint64]uint32{}
		for _, x := range trs {
			if s, ok := least[x.key]; !taken[x.key] && (!ok || x.stamp < s) {
				least[x.key] = x.stamp
			}
		}
		var mu sync.Mutex
		var left []tr
		var wg sync.WaitGroup
		for g := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := g; i < len(trs); i += 4 {
					x := trs[i]
					slot, old, ok := tab.visit(x.key, x.stamp)
					if !ok {
						mu.Lock()
						left = append(left, x)
						mu.Unlock()
						continue
					}
					if old != taken[x.key] {
						mu.Lock()
						wrong = true
						mu.Unlock()
					}
					if keepLast && !old {
						// The broken variant: the last stamp stays.
						atomic.StoreUint32(&tab.stamps[slot], x.stamp)
					}
				}
			}()
		}
		wg.Wait()
		if batch == 0 && len(left) == 0 {
			t.Fatal("the table never filled: growing is not exercised")
		}
		for _, x := range left {
			for {
				if tab.full() {
					tab.grow()
				}
				if _, _, ok := tab.visit(x.key, x.stamp); ok {
					break
				}
			}
		}
		for k, s := range least {
			if !tab.take(tab.lookup(k), s) {
				wrong = true
			}
			taken[k] = true
		}
		if !wrong && (tab.n != len(taken) || len(tab.Keys()) != len(taken)) {
			t.Fatalf("batch %d: table counts %d states, Keys %d, want %d", batch, tab.n, len(tab.Keys()), len(taken))
		}
	}
	return wrong
}

// TestWriteTouch: writeTouch writes one word in every memory page of a
// new table's arrays (and nothing else), so that the search's first
// access to each page is a write (see writeTouch). A writeTouch that
// skips a page, or writes more than a word a page, is caught here.
func TestWriteTouch(t *testing.T) {
	for _, n := range []int{0, 1, 511, 512, 513, 4096, 10000} {
		keys := make([]uint64, n)
		stamps := make([]uint32, n)
		for i := range keys {
			keys[i], stamps[i] = 7, 7
		}
		writeTouch(keys)
		writeTouch(stamps)
		for i := range keys {
			if want := i%(pageBytes/8) != 0; (keys[i] == 7) != want {
				t.Fatalf("n=%d: keys[%d] = %d", n, i, keys[i])
			}
			if want := i%(pageBytes/4) != 0; (stamps[i] == 7) != want {
				t.Fatalf("n=%d: stamps[%d] = %d", n, i, stamps[i])
			}
		}
	}
}
