// Package statehash is the 64-bit hash of encoded states shared by the
// model (per-component state hashes) and the explorer (state keys):
// deterministic (no seed chosen at run time), eight bytes at a time, with a
// full avalanche at the end.
package statehash

import (
	"encoding/binary"
	"math/bits"
)

const (
	k1 = 0x9E3779B185EBCA87
	k2 = 0xC2B2AE3D27D4EB4F
	k3 = 0x85EBCA77C2B2AE63
)

// round mixes one 64-bit word into h.
func round(h, w uint64) uint64 {
	h ^= bits.RotateLeft64(w*k2, 31) * k1
	return bits.RotateLeft64(h, 27)*k1 + k3
}

// Bytes hashes b. Collisions make two states one (hash compaction, as
// Spin's -DHC); with 64 bits the chance of any collision among 10^8
// states is about 3·10^-4.
func Bytes(b []byte) uint64 {
	h := uint64(len(b))*k1 ^ 0x27D4EB2F165667C5
	for len(b) >= 8 {
		h = round(h, binary.LittleEndian.Uint64(b))
		b = b[8:]
	}
	if len(b) > 0 {
		// The last 1 to 7 bytes as a little-endian word padded with
		// zeros, as copying them into a zeroed [8]byte gives, without
		// the call to memmove (most parts a state hashes are short).
		// Two loads that may overlap put each byte at its own
		// position (an overlapping byte is the same in both).
		var w uint64
		if n := len(b); n >= 4 {
			w = uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<(8*(n-4))
		} else {
			w = uint64(b[0]) | uint64(b[n/2])<<(8*(n/2)) | uint64(b[n-1])<<(8*(n-1))
		}
		h = round(h, w)
	}
	return Mix(h)
}

// Int32s hashes vs as Bytes mixes words, two values to a word.
func Int32s(vs []int32) uint64 {
	h := uint64(len(vs))*k2 ^ 0x165667B19E3779F9
	for ; len(vs) >= 2; vs = vs[2:] {
		h = round(h, uint64(uint32(vs[0]))|uint64(uint32(vs[1]))<<32)
	}
	if len(vs) > 0 {
		h = round(h, uint64(uint32(vs[0])))
	}
	return Mix(h)
}

// Mix is the splitmix64 finalizer.
func Mix(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 27
	h *= 0x94D049BB133111EB
	h ^= h >> 31
	return h
}

// Combine mixes a second hash into a first (order matters).
func Combine(a, b uint64) uint64 { return Mix(a ^ bits.RotateLeft64(b, 17) ^ 0x5851F42D4C957F2D) }
