package traces

import (
	"path/filepath"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
)

// TestSnapshotLimit: snapshots over their limit are left out, every one of
// them, with the reason in SnapshotsOmitted; the trace still saves, loads
// and replays exactly. Without the limit the same execution keeps its
// snapshots (so the limit, not the execution, drops them).
func TestSnapshotLimit(t *testing.T) {
	s0, evs := fifoRun(t, ringConfig(1, 2, 3))
	full, err := Record(s0, evs, nil, "", WithSnapshots())
	if err != nil || !full.Snapshots || full.SnapshotsOmitted != "" || full.Steps[0].State == nil {
		t.Fatalf("without a limit: err %v, snapshots %v, omitted %q", err, full.Snapshots, full.SnapshotsOmitted)
	}
	// A limit of a few hundred bytes drops them all.
	tr, err := Record(s0, evs, nil, "", WithSnapshots(), WithSnapshotLimit(500))
	if err != nil || tr.Snapshots || tr.SnapshotsOmitted == "" {
		t.Fatalf("snapshot limit: err %v, snapshots %v, omitted %q", err, tr.Snapshots, tr.SnapshotsOmitted)
	}
	for i, st := range tr.Steps {
		if st.State != nil {
			t.Fatalf("step %d kept its snapshot", i+1)
		}
	}
	p := filepath.Join(t.TempDir(), "nosnap.json")
	if err := tr.Save(p); err != nil {
		t.Fatal(err)
	}
	back, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(changroberts.Algorithm, back); err != nil {
		t.Errorf("a trace without snapshots does not replay: %v", err)
	}
}
