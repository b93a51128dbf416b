package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"electlab/reproduce"
)

// cmdReproduce re-runs a paper's experiments and prints every table beside
// the paper's printed numbers (docs/REPRODUCE.md).
func cmdReproduce(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("reproduce", "reproduce -paper ID [-table T] [-runs R] [-seed S] [-json] [-out DIR]", stderr)
	paper := fs.String("paper", "", "the paper to reproduce, by its seed number (e.g. 000)")
	table := fs.String("table", "", "reproduce only this table (1, 2, 3, fig11, fig12 for paper 000; 2, 3, 4, 5 for paper 003; default all)")
	runs := fs.Int("runs", 0, "repetitions of each row (0 = the paper's own: 50 or 200)")
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
	p, err := reproduce.Lookup(*paper)
	if err != nil {
		return usagef("-paper: %v", err)
	}
	if p.NotYet != "" {
		return usagef("-paper %s: %s", p.ID, p.NotYet)
	}
	if *table != "" && !contains(p.TableIDs(), *table) {
		return usagef("-table %q: paper %s has no such table (known: %s)", *table, p.ID, strings.Join(p.TableIDs(), ", "))
	}
	rep, err := reproduce.Reproduce(p, *table, reproduce.Options{Runs: *runs, Seed: *seed})
	if err != nil {
		var ny *reproduce.ErrNotYet
		if errors.As(err, &ny) {
			return usagef("%v", err)
		}
		return err
	}
	var text, js bytes.Buffer
	if err := reproduce.WriteText(&text, rep); err != nil {
		return err
	}
	if err := writeJSON(&js, rep); err != nil {
		return err
	}
	if *outDir != "" {
		if err := os.MkdirAll(*outDir, 0o755); err != nil {
			return usagef("-out %s: %v", *outDir, err)
		}
		for _, f := range []struct {
			ext string
			b   []byte
		}{{".txt", text.Bytes()}, {".json", js.Bytes()}} {
			path := filepath.Join(*outDir, "reproduce-"+p.ID+f.ext)
			if err := writeFileAtomic(path, f.b); err != nil {
				return usagef("-out %s: %v", *outDir, err)
			}
		}
	}
	out := text.Bytes()
	if *jsonOut {
		out = js.Bytes()
	}
	_, err = stdout.Write(out)
	return err
}

func paperIDs() string {
	var ids []string
	for _, p := range reproduce.Papers {
		ids = append(ids, p.ID)
	}
	return strings.Join(ids, ", ")
}
