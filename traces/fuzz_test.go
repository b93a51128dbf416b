package traces

import (
	"bytes"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
)

// FuzzDecode checks that Decode never panics, that whatever it accepts
// re-encodes canonically (Encode∘Decode is idempotent), and that replaying
// and rendering an accepted trace never panics either.
//
//	go test ./traces -run '^$' -fuzz FuzzDecode -fuzztime 30s
func FuzzDecode(f *testing.F) {
	good := validJSON(f)
	f.Add([]byte(good))
	var snap bytes.Buffer
	s0, evs := fifoRun(f, ringConfig(2, 1))
	tr, err := Record(s0, evs, nil, "", WithSnapshots())
	if err != nil {
		f.Fatal(err)
	}
	if err := tr.Encode(&snap); err != nil {
		f.Fatal(err)
	}
	f.Add(snap.Bytes())
	for _, s := range []string{
		"", " ", "{", "}", "[]", "null", "0", `"x"`, "{}",
		`{"format":"electlab-trace/1"}`,
		`{"format":"electlab-trace/2","algorithm":"x"}`,
		`{"format":1}`,
		good[:len(good)/3],
		good + "{}",
		strings.Replace(good, `"detect 3"`, `"round 4294967296"`, 1),
		strings.Replace(good, `"detect 3"`, `"fire 3 t256"`, 1),
		strings.Replace(good, `"ids": [3, 1, 2]`, `"ids": [3, 1, 2147483647]`, 1),
		strings.Replace(good, `"ids": [3, 1, 2]`, `"ids": [3, 1, -2]`, 1),
		strings.Replace(good, `"initiators": []`, `"initiators": [7]`, 1),
		strings.Replace(good, `"crash_budget": 0`, `"crash_budget": 99`, 1),
		strings.Replace(good, `"async"`, `"sync"`, 1),
		strings.Replace(good, `"variant": "swallow"`, `"variant": "swallow,resend"`, 1),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Unmarshal(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		b1, err := tr.Marshal()
		if err != nil {
			t.Fatalf("an accepted trace does not encode: %v", err)
		}
		tr2, err := Unmarshal(b1)
		if err != nil {
			t.Fatalf("the encoding of an accepted trace does not decode: %v\n%s", err, b1)
		}
		b2, err := tr2.Marshal()
		if err != nil || !bytes.Equal(b1, b2) {
			t.Fatalf("Encode∘Decode is not idempotent (err %v):\n%s\n---\n%s", err, b1, b2)
		}
		if tr.Config.Algo != "changroberts" || len(tr.Config.IDs)+len(tr.Config.Absent) > 64 {
			return
		}
		rep, _ := Replay(changroberts.Algorithm, tr)
		_ = RenderText(tr, rep)
		_ = RenderMermaid(tr, rep)
	})
}
