package statehash

import "testing"

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
