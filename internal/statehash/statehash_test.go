package statehash

import (
	"encoding/binary"
	"testing"
)

// TestHashes: the hashes are fixed functions of their input (a search's
// keys, and so its shard files, do not depend on the run), and tell apart
// inputs that differ in one byte, in order or in length.
func TestHashes(t *testing.T) {
	if got := Bytes([]byte("electlab")); got != Bytes([]byte("electlab")) || got == Bytes([]byte("electlaB")) || got == Bytes([]byte("electla")) {
		t.Error("Bytes does not tell apart one byte or a shorter input")
	}
	if Int32s([]int32{1, 2, 3}) == Int32s([]int32{2, 1, 3}) || Int32s([]int32{1, 2}) == Int32s([]int32{1, 2, 0}) {
		t.Error("Int32s does not tell apart order or length")
	}
	if Combine(1, 2) == Combine(2, 1) {
		t.Error("Combine is symmetric")
	}
}

// refBytes and refInt32s are Bytes and Int32s as first written (the tail
// copied into a zeroed word, the values resliced two at a time): the
// faster loops must give the same hashes, since a change would change
// every state key (and a bitstate search's outcome).
func refBytes(b []byte) uint64 {
	h := uint64(len(b))*k1 ^ 0x27D4EB2F165667C5
	for len(b) >= 8 {
		h = round(h, binary.LittleEndian.Uint64(b))
		b = b[8:]
	}
	if len(b) > 0 {
		var t [8]byte
		copy(t[:], b)
		h = round(h, binary.LittleEndian.Uint64(t[:]))
	}
	return Mix(h)
}

func refInt32s(vs []int32) uint64 {
	h := uint64(len(vs))*k2 ^ 0x165667B19E3779F9
	for ; len(vs) >= 2; vs = vs[2:] {
		h = round(h, uint64(uint32(vs[0]))|uint64(uint32(vs[1]))<<32)
	}
	if len(vs) > 0 {
		h = round(h, uint64(uint32(vs[0])))
	}
	return Mix(h)
}

// TestSameAsReference compares Bytes and Int32s with refBytes and
// refInt32s on every length up to 40 (every tail length, several words),
// and checks that the comparison catches a tail read big-endian.
func TestSameAsReference(t *testing.T) {
	b := make([]byte, 40)
	vs := make([]int32, 40)
	for i := range b {
		b[i] = byte(i*37 + 11)
		vs[i] = int32(i*-7919 + 3)
	}
	for n := range len(b) + 1 {
		if Bytes(b[:n]) != refBytes(b[:n]) {
			t.Errorf("Bytes of %d bytes differs from the reference", n)
		}
		if Int32s(vs[:n]) != refInt32s(vs[:n]) {
			t.Errorf("Int32s of %d values differs from the reference", n)
		}
	}
	// A broken tail (big-endian) differs on a tail of two bytes or more.
	broken := func(b []byte) uint64 {
		h := uint64(len(b))*k1 ^ 0x27D4EB2F165667C5
		var w uint64
		for _, c := range b {
			w = w<<8 | uint64(c)
		}
		return Mix(round(h, w))
	}
	if broken(b[:3]) == refBytes(b[:3]) {
		t.Error("the comparison does not catch a tail read in the wrong order")
	}
}
