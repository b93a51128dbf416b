package model

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
	}
}
