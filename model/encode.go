package model

import "strconv"

// Helpers for an Algorithm's Encode function.

// Flags packs bools into one byte: bits[i] is bit i (at most eight).
func Flags(bits ...bool) byte {
	var f byte
	for i, v := range bits {
		if v {
			f |= 1 << i
		}
	}
	return f
}

// AppendInts appends each value in decimal, each followed by sep.
func AppendInts(b []byte, sep byte, vs ...int64) []byte {
	for _, v := range vs {
		b = strconv.AppendInt(b, v, 10)
		b = append(b, sep)
	}
	return b
}

// AppendIDs appends each id in decimal, each followed by sep.
func AppendIDs(b []byte, sep byte, ids []ID) []byte {
	for _, id := range ids {
		b = strconv.AppendInt(b, int64(id), 10)
		b = append(b, sep)
	}
	return b
}
