package model

import (
	"testing"
	"unsafe"
)

// TestCloneTouchFieldsLast: the scalar fields cloneInto writes first
// (events, now, stamp) are the World's last, so that a fresh copy's last
// memory page is first written, never first read (see cloneInto). A
// field added after them fails here.
func TestCloneTouchFieldsLast(t *testing.T) {
	var w World[struct{ A, B int32 }]
	end := unsafe.Offsetof(w.stamp) + unsafe.Sizeof(w.stamp)
	if size := unsafe.Sizeof(w); size-end >= unsafe.Alignof(w) {
		t.Errorf("World is %d bytes but its stamp field ends at %d: a field follows the ones cloneInto writes first", size, end)
	}
	if unsafe.Offsetof(w.now) != unsafe.Offsetof(w.events)+8 || unsafe.Offsetof(w.stamp) != unsafe.Offsetof(w.now)+8 {
		t.Errorf("events, now and stamp are not together at the World's end")
	}
}
