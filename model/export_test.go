package model

// ProcessHashes returns a copy of w's cached per-process hashes (tests).
func ProcessHashes[S any](w *World[S]) []uint64 { return append([]uint64(nil), w.phash...) }

// SetProcessHashes overwrites w's cached per-process hashes (tests: a
// cache left stale, as a forgotten touch would leave it).
func SetProcessHashes[S any](w *World[S], hs []uint64) { copy(w.phash, hs) }
