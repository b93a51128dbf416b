package model

import "fmt"

// ProcessHashes returns a copy of w's cached per-process hashes (tests).
func ProcessHashes[S any](w *World[S]) []uint64 { return append([]uint64(nil), w.phash...) }

// SetProcessHashes puts back cached per-process hashes hs, with their
// parts of the kept sum (tests: the cache a forgotten touch would leave).
func SetProcessHashes[S any](w *World[S], hs []uint64) {
	for i, h := range hs {
		if w.phash[i] != 0 {
			w.hsum -= procPart(i, w.phash[i])
		}
		if h != 0 {
			w.hsum += procPart(i, h)
		}
		w.phash[i] = h
		if h == 0 {
			w.dirtyP = append(w.dirtyP, int32(i))
		}
	}
}

// BreakCoinWait sets or clears the test hook that lets deliveries through
// to a process waiting for its coin (a broken model).
func BreakCoinWait(on bool) { brokenCoinWait = on }

// DropCoin forgets process i's pending coin, as a crash or an answer
// does (tests: the same state without its coin).
func DropCoin[S any](w *World[S], i int) { w.dropCoin(i) }

// BreakSimCoinWait sets or clears the test hook that lets a Sim's process
// take other inputs before its coin (a broken model).
func BreakSimCoinWait(on bool) { brokenSimCoinWait = on }

// BreakCoinDraw sets or clears the test hook that makes DrawCoin ignore
// the weights (a broken draw).
func BreakCoinDraw(on bool) { brokenCoinDraw = on }

// BreakReset makes World.Reset forget one part of the World (one of the
// Reset* constants; ResetComplete repairs it).
func BreakReset(part int) { brokenReset = part }

// BreakHeads sets or clears the test hook that makes a delivery forget
// to record the next head of its link (a broken heads heap).
func BreakHeads(on bool) { brokenHeads = on }

// BreakDirty sets or clears the test hook that makes touch forget to
// list the process whose cached hash it clears (a broken dirty list).
func BreakDirty(on bool) { brokenDirty = on }

// BreakRoundTouch sets or clears the test hook that makes a sync round
// leave the cached hashes of the processes with armed timers as they were.
func BreakRoundTouch(on bool) { brokenRoundTouch = on }

// ScanDelivery is s's OldestDelivery (NewestDelivery when newest) by a
// scan of every link: what the heads heaps shortcut (s is a World).
func ScanDelivery(s System, newest bool) (Event, bool) {
	return s.(interface{ scanDelivery(bool) (Event, bool) }).scanDelivery(newest)
}

// TimerCounts returns s's kept count of armed timers and the count of
// its timer lists (s is a World).
func TimerCounts(s System) (kept, counted int) {
	return s.(interface{ timerCounts() (int, int) }).timerCounts()
}

func (w *World[S]) timerCounts() (kept, counted int) {
	for _, ts := range w.timers {
		counted += len(ts)
	}
	return w.ntimers, counted
}

// BreakBusy sets or clears the test hook that makes a delivery emptying
// its link leave it counted as non-empty (a broken EnabledCount).
func BreakBusy(on bool) { brokenBusy = on }

// BreakTrim sets or clears the test hook that makes Trim drop the lists
// of stale hash parts (a broken Trim).
func BreakTrim(on bool) { brokenTrim = on }

// BreakTrimCopy sets or clears the test hook that makes Trim keep a link
// table larger than a fresh allocation of its length (a Trim that never
// copies it).
func BreakTrimCopy(on bool) { brokenTrimCopy = on }

// LinksFit reports whether w's link table holds no more than a fresh
// allocation of its length may (tests: what Trim ensures).
func (w *World[S]) LinksFit() bool { return w.linksFit() }

// BreakTimersCopy sets or clears the test hook that makes CloneInto skip
// copying the timers whenever the source has none, even into a World that
// has some (a broken skip).
func BreakTimersCopy(on bool) { brokenTimersCopy = on }

// BreakPool sets or clears the test hook that makes CloneIntoReusing pool
// the queue arrays a World shares with the one it was copied from (a
// broken pool).
func BreakPool(on bool) { brokenPool = on }

// BreakAppendID sets brokenAppendID.
func BreakAppendID(on bool) { brokenAppendID = on }

// BreakFirstDetect sets or clears the test hook that makes FirstDetect
// return the last enabled detection (a broken FirstDetect).
func BreakFirstDetect(on bool) { brokenFirstDetect = on }

// BreakFirstPending sets or clears the test hook under which an
// initiation pending again before a World's firstPending does not move it.
func BreakFirstPending(on bool) { brokenFirstPending = on }

// FirstPendingError says how s's cursor to its first pending initiation
// (and its count of them) differs from a scan of pending, or nil (nil too
// for a System that is not a World).
func FirstPendingError(s System) error {
	if c, ok := s.(interface{ firstPendingError() error }); ok {
		return c.firstPendingError()
	}
	return nil
}

func (w *World[S]) firstPendingError() error {
	n := int32(0)
	for _, p := range w.pending {
		if p {
			n++
		}
	}
	if first := int32(w.nextPending(0)); first != w.firstPending || n != w.npending {
		return fmt.Errorf("firstPending %d and npending %d, but the first pending initiation is at %d and %d are pending", w.firstPending, w.npending, first, n)
	}
	return nil
}

// BreakOwnClone sets or clears the test hook that makes a copy of an
// owned World (Own) share its queue arrays (a broken copy).
func BreakOwnClone(on bool) { brokenOwnClone = on }

// SetLiveCache sets the test hooks of observations' live summaries: off,
// every observation scans the processes; broken, the summary is kept
// through changes of status.
func SetLiveCache(off, broken bool) { noLiveCache, brokenLiveCache = off, broken }

// BreakSimReset sets or clears the test hook that makes Sim.Reset keep the
// last run's learn-hop clocks.
func BreakSimReset(on bool) { brokenSimReset = on }

// BreakObsReuse sets or clears the test hook that makes cloneInto refill
// a destination's observation array that copies of it share.
func BreakObsReuse(on bool) { brokenObsReuse = on }

// BreakVariantCache sets or clears the test hook that makes resolving a
// configuration take the last variant parsed for its algorithm, whatever
// the configuration's variant text (a broken cache).
func BreakVariantCache(on bool) { brokenVariantCache = on }
