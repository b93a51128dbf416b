package cli

import (
	"flag"
	"io"

	"github.com/electlab/electlab/internal/runner"
)

// checkPartFlags are check's flags that say how the work is split and
// where its output goes, not what it computes: a part's options (and the
// check -merge rebuilds) leave them out.
var checkPartFlags = []string{"part", "parts", "part-out", "out", "json", "merge"}

// parsePart sets a's part from -part (i/k or auto), -parts and -part-out,
// and a's canonical options (runner.Check.Options), as parsePartFlags
// says.
func parsePart(a *runner.Check, fs *flag.FlagSet, text string, parts int, out string) error {
	p, err := parsePartFlags("check", "trace", checkPartFlags, fs, text, parts, out)
	if err != nil || p == nil {
		return err
	}
	a.Part, a.Parts, a.PartOut, a.Options = p.i, p.k, p.out, p.options
	return nil
}

// checkMerge is check -merge: the parts' files merged into what the
// unsplit check prints, writing its trace under out.
type checkMerge struct {
	tl    runner.Tool
	files []string
	out   string
	json  bool
}

// Run reads and checks the parts (runner.ReadCheckParts), rebuilds the
// check from their options as the unsplit command line would (with the
// merge's -out and -json) and prints its outcome (runner.Check.MergeParts).
func (m *checkMerge) Run(stdout, stderr io.Writer) error {
	parts, err := runner.ReadCheckParts(m.files)
	if err != nil {
		return err
	}
	p := parts[0]
	extra := []string{"-out", m.out}
	if m.json {
		extra = append(extra, "-json")
	}
	args, err := mergeArgs(p.File(), p.Options, checkPartFlags, extra)
	if err != nil {
		return err
	}
	w, err := parseCheckArgs(m.tl, args, io.Discard)
	if err != nil {
		return usagef("-merge: %s: its options do not build a check here: %v", p.File(), err)
	}
	a, ok := w.(*runner.Check)
	if !ok || a.Parts != 0 {
		return usagef("-merge: %s: its options do not build a check here", p.File())
	}
	return a.MergeParts(parts, stdout, stderr)
}
