package checker

import (
	"os"
	"strings"
	"testing"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/model"
)

// TestForcedQuietDocumented: the threshold and the sentence of the
// forced-cycle detection are the ones the docs give (4n+64 events; "from
// step a on only one event is ever enabled, and the state of step b recurs
// at step c").
func TestForcedQuietDocumented(t *testing.T) {
	for _, n := range []int{1, 3, 17, 1024} {
		if got := forcedQuiet(n); got != 4*n+64 {
			t.Errorf("forcedQuiet(%d) = %d, the docs say 4n+64 = %d", n, got, 4*n+64)
		}
	}
	for _, doc := range []string{"../docs/REPORT.md", "../docs/ARCHITECTURE.md", "../docs/CLI.md"} {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "4n+64") {
			t.Errorf("%s does not give the forced-cycle threshold 4n+64", doc)
		}
	}
	b, err := os.ReadFile("../docs/REPORT.md")
	if err != nil {
		t.Fatal(err)
	}
	// The sentence as REPORT.md quotes it, with the step numbers as letters.
	f := forcedRun{from: -1}
	w, err := changroberts.Algorithm.NewSystem(&model.Config{Algo: "changroberts", IDs: []model.ID{3, 1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	var said string
	for step := 0; said == "" && step < 1000; step++ {
		said = f.step(w, true, step)
	}
	quoted := strings.Join(strings.Fields(`only one event is
  ever enabled, and the state of step`), " ")
	doc := strings.Join(strings.Fields(string(b)), " ")
	if !strings.Contains(said, quoted) || !strings.Contains(doc, quoted) {
		t.Errorf("the sentence %q and REPORT.md's quotation disagree", said)
	}
}
