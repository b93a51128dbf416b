package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/electlab/electlab/internal/exit"
	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/internal/report"
	"github.com/electlab/electlab/internal/reproduce"
	"github.com/electlab/electlab/internal/runner"
)

// cmdReproduce re-runs a paper's experiments and prints every table beside
// the paper's printed numbers (docs/REPRODUCE.md).
func cmdReproduce(tl runner.Tool, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("reproduce", "reproduce -paper ID [-table T] [-runs R] [-seed S] [-json] [-out DIR]", stderr)
	paper := fs.String("paper", "", "the paper to reproduce, by its seed number (e.g. 000)")
	table := fs.String("table", "", "reproduce only this table (1, 2, 3, fig11, fig12 for paper 000; 2, 3, 4, 5 for paper 003; default all)")
	runs := fs.Int("runs", 0, fmt.Sprintf("repetitions of each row (0 = the paper's own: 50 or 200; at most %d)", maxReproduceRuns))
	seed := fs.Uint64("seed", reproduce.DefaultSeed, "seed of every random id permutation, detector set and schedule")
	jsonOut := fs.Bool("json", false, "print the report as JSON")
	outDir := fs.String("out", "", "also write reproduce-ID.txt and reproduce-ID.json under this directory")
	if _, err := parseFlags(fs, args, 0); err != nil {
		return err
	}
	if *paper == "" {
		return usagef("missing -paper (known: %s)", paperIDs())
	}
	if *runs < 0 {
		return usagef("-runs %d: want a positive number of runs (0: the paper's own)", *runs)
	}
	if *runs > maxReproduceRuns {
		return usagef("-runs %d: at most %d runs per row (the paper's own are 50 or 200)", *runs, maxReproduceRuns)
	}
	p, err := reproduce.Lookup(*paper)
	if err != nil {
		return usagef("-paper: %v", err)
	}
	if p.NotYet != "" {
		return usagef("-paper %s: %s", p.ID, p.NotYet)
	}
	if *table != "" && !slices.Contains(p.TableIDs(), *table) {
		return usagef("-table %q: paper %s has no such table (known: %s)", *table, p.ID, strings.Join(p.TableIDs(), ", "))
	}
	if err := checkOutputs(dirOut("-out", *outDir)); err != nil {
		return err
	}
	defer report.BatchGC()()
	// The tables are independent: reproduce them on every CPU into a
	// cache, then assemble the report from it, in paper order.
	var keys []report.TableKey
	for _, t := range p.TableIDs() {
		if *table == "" || *table == t {
			keys = append(keys, report.TableKey{Paper: p.ID, Table: t, Runs: *runs})
		}
	}
	cache := &reproduce.Cache{}
	tasks := report.TableTasks(keys, *seed, cache)
	prog := report.NewProgress(stderr, len(tasks))
	prog.Phase("reproduced", len(tasks))
	defer prog.Finish()
	report.RunTasks(tasks, report.Workers(), prog)
	prog.Finish()
	if interrupted() {
		return reproduceInterrupted(p, keys, *seed, cache, stderr)
	}
	rep, err := reproduce.Reproduce(p, *table, reproduce.Options{Runs: *runs, Seed: *seed, Cache: cache})
	if err != nil {
		var ny *reproduce.ErrNotYet
		if errors.As(err, &ny) {
			return usagef("%v", err)
		}
		return err
	}
	text, js, err := reproductionBytes(rep)
	if err != nil {
		return err
	}
	if *outDir != "" {
		if err := writeReproduction(*outDir, p.ID, text, js); err != nil {
			return err
		}
	}
	out := text
	if *jsonOut {
		out = js
	}
	_, err = stdout.Write(out)
	return err
}

// maxReproduceRuns bounds -runs of reproduce and of fit -mean: a million
// repetitions of a row take hours already (the papers' own are 50 or 200).
const maxReproduceRuns = 1_000_000

// reproduceInterrupted is the outcome of a reproduction interrupted by
// SIGINT: on stderr, which tables were reproduced in full and which not
// (no report is printed or written: its tables are not all there).
func reproduceInterrupted(p *reproduce.Paper, keys []report.TableKey, seed uint64, cache *reproduce.Cache, stderr io.Writer) error {
	var done, undone []string
	for _, k := range keys {
		if _, err := reproduce.Reproduce(p, k.Table, reproduce.Options{Runs: k.Runs, Seed: seed, Cache: cache}); err == nil {
			done = append(done, k.Table)
		} else {
			undone = append(undone, k.Table)
		}
	}
	list := func(ts []string) string {
		if len(ts) == 0 {
			return "none"
		}
		return strings.Join(ts, ", ")
	}
	fmt.Fprintf(stderr, "electlab: reproduce -paper %s: interrupted: tables reproduced in full: %s; unfinished: %s\n", p.ID, list(done), list(undone))
	return exit.Interruptedf("interrupted: %d of %d tables reproduced, no report printed (not a verdict)", len(done), len(keys))
}

func paperIDs() string {
	var ids []string
	for _, p := range reproduce.Papers {
		ids = append(ids, p.ID)
	}
	return strings.Join(ids, ", ")
}

// reproductionBytes renders a reproduction as `reproduce` prints it: text
// and JSON.
func reproductionBytes(rep *reproduce.Report) (text, js []byte, err error) {
	var t, j bytes.Buffer
	if err := reproduce.WriteText(&t, rep); err != nil {
		return nil, nil, err
	}
	if err := writeJSON(&j, rep); err != nil {
		return nil, nil, err
	}
	return t.Bytes(), j.Bytes(), nil
}

// writeReproduction writes reproduce-ID.txt and reproduce-ID.json under
// dir, each whole or not at all.
func writeReproduction(dir, id string, text, js []byte) error {
	if err := outfile.MkdirAll(dir); err != nil {
		return usagef("-out %v", err)
	}
	for _, f := range []struct {
		ext string
		b   []byte
	}{{".txt", text}, {".json", js}} {
		path := filepath.Join(dir, "reproduce-"+id+f.ext)
		if err := outfile.WriteFile(path, f.b, nil); err != nil {
			return usagef("-out %s: %v", dir, err)
		}
	}
	return nil
}

// reproducePapers parses the -reproduce list of `claims`: paper ids,
// comma-separated ("000,003"), each once.
func reproducePapers(list string) ([]*reproduce.Paper, error) {
	if list == "" {
		return nil, nil
	}
	var papers []*reproduce.Paper
	for _, id := range strings.Split(list, ",") {
		p, err := reproduce.Lookup(strings.TrimSpace(id))
		if err != nil {
			return nil, usagef("-reproduce: %v", err)
		}
		if p.NotYet != "" {
			return nil, usagef("-reproduce: paper %s: %s", p.ID, p.NotYet)
		}
		for _, q := range papers {
			if q == p {
				return nil, usagef("-reproduce: paper %s is listed twice", p.ID)
			}
		}
		papers = append(papers, p)
	}
	return papers, nil
}

// writePaper writes paper p's reproduction with the paper's repetition
// counts and seed under dir (for `claims -reproduce`), from the tables in
// cache (computing those missing).
func writePaper(dir string, p *reproduce.Paper, seed uint64, cache *reproduce.Cache) error {
	rep, err := reproduce.Reproduce(p, "", reproduce.Options{Seed: seed, Cache: cache})
	if err != nil {
		return fmt.Errorf("reproduce -paper %s: %w", p.ID, err)
	}
	text, js, err := reproductionBytes(rep)
	if err != nil {
		return err
	}
	return writeReproduction(dir, p.ID, text, js)
}
