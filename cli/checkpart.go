package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/electlab/electlab/internal/runner"
)

// partFlags are check's flags that say how the work is split and where
// its output goes, not what it computes: a part's options (and the check
// -merge rebuilds) leave them out.
var partFlags = []string{"part", "parts", "part-out", "out", "json", "merge"}

// parsePart sets a's part from -part (i/k or auto), -parts and -part-out,
// and a's canonical options (runner.Check.Options). Without -part, -parts
// and -part-out are refused.
func parsePart(a *runner.Check, fs *flag.FlagSet, text string, parts int, out string) error {
	set := explicit(fs)
	if text == "" {
		for _, name := range []string{"parts", "part-out"} {
			if set[name] {
				return usagef("-%s goes with -part", name)
			}
		}
		return nil
	}
	if set["out"] {
		return usagef("-out: a part writes no trace; give -out to check -merge, which writes it")
	}
	var err error
	if text == "auto" {
		a.Part, a.Parts, err = autoPart(parts, set["parts"])
	} else {
		if set["parts"] {
			return usagef("-parts goes with -part auto (a Kubernetes Indexed Job); -part %s names k itself", text)
		}
		a.Part, a.Parts, err = splitPart(text)
		if err != nil {
			err = usagef("-part %q: %v", text, err)
		}
	}
	if err != nil {
		return err
	}
	a.PartOut = out
	if !set["part-out"] {
		a.PartOut = fmt.Sprintf("electlab-check-part-%d-of-%d.json", a.Part, a.Parts)
	}
	fs.Visit(func(f *flag.Flag) {
		if slices.Contains(partFlags, f.Name) {
			return
		}
		a.Options = append(a.Options, "-"+f.Name+"="+f.Value.String())
	})
	return nil
}

// splitPart parses i/k (1 <= i <= k).
func splitPart(text string) (i, k int, err error) {
	is, ks, ok := strings.Cut(text, "/")
	i, err1 := strconv.Atoi(is)
	k, err2 := strconv.Atoi(ks)
	if !ok || err1 != nil || err2 != nil || i < 1 || i > k {
		return 0, 0, errors.New("want i/k with 1 <= i <= k (e.g. 2/4), or auto")
	}
	return i, k, nil
}

// autoPart is -part auto's i/k: from a Slurm job array
// (SLURM_ARRAY_TASK_ID less SLURM_ARRAY_TASK_MIN, plus 1, of
// SLURM_ARRAY_TASK_COUNT; a contiguous array of step 1, --array=1-K or
// 0-K-1), or from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, from 0,
// of -parts k). Neither set is bad input.
func autoPart(parts int, partsSet bool) (i, k int, err error) {
	env := func(name string) (int, bool, error) {
		s, ok := os.LookupEnv(name)
		if !ok {
			return 0, false, nil
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 {
			return 0, true, usagef("-part auto: %s=%q: want a non-negative integer", name, s)
		}
		return v, true, nil
	}
	id, slurm, err := env("SLURM_ARRAY_TASK_ID")
	if err != nil {
		return 0, 0, err
	}
	index, kube, err := env("JOB_COMPLETION_INDEX")
	if err != nil {
		return 0, 0, err
	}
	switch {
	case slurm && kube:
		return 0, 0, usagef("-part auto: both SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX are set: give -part i/k")
	case slurm:
		count, ok, err := env("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return 0, 0, err
		}
		if !ok || count < 1 {
			return 0, 0, usagef("-part auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not (or is 0)")
		}
		min, _, err := env("SLURM_ARRAY_TASK_MIN")
		if err != nil {
			return 0, 0, err
		}
		if step, ok, err := env("SLURM_ARRAY_TASK_STEP"); err != nil {
			return 0, 0, err
		} else if ok && step != 1 {
			return 0, 0, usagef("-part auto: SLURM_ARRAY_TASK_STEP=%d: the job array must be contiguous, of step 1 (--array=1-K or 0-K-1)", step)
		}
		if max, ok, err := env("SLURM_ARRAY_TASK_MAX"); err != nil {
			return 0, 0, err
		} else if ok && max-min+1 != count {
			return 0, 0, usagef("-part auto: the job array %d-%d does not hold SLURM_ARRAY_TASK_COUNT=%d tasks: it must be contiguous (--array=1-K or 0-K-1)", min, max, count)
		}
		if partsSet && parts != count {
			return 0, 0, usagef("-parts %d: the Slurm job array has %d tasks (SLURM_ARRAY_TASK_COUNT)", parts, count)
		}
		if id < min || id-min >= count {
			return 0, 0, usagef("-part auto: SLURM_ARRAY_TASK_ID=%d is not in the job array %d..%d", id, min, min+count-1)
		}
		return id - min + 1, count, nil
	case kube:
		if !partsSet || parts < 1 {
			return 0, 0, usagef("-part auto: JOB_COMPLETION_INDEX is set: give -parts k (the Indexed Job's completions, at least 1)")
		}
		if index >= parts {
			return 0, 0, usagef("-part auto: JOB_COMPLETION_INDEX=%d is not below -parts %d", index, parts)
		}
		return index + 1, parts, nil
	}
	return 0, 0, usagef("-part auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job, with -parts k) is set: give -part i/k")
}

// mergeOnly checks the flags of a command's -merge: every flag set but
// -merge, -json and -out (the merge's output directory, checked) is
// refused, since it belongs to the parts' command.
func mergeOnly(fs *flag.FlagSet, out string) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if err == nil && !slices.Contains([]string{"merge", "json", "out"}, f.Name) {
			err = usagef("-merge takes only part files (and -json, -out): -%s belongs to the parts' command", f.Name)
		}
	})
	if err != nil {
		return err
	}
	return checkOutputs(dirOut("-out", out))
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
	args := append(append([]string(nil), p.Options...), "-out", m.out)
	if m.json {
		args = append(args, "-json")
	}
	for _, o := range p.Options {
		name, _, _ := strings.Cut(strings.TrimPrefix(o, "-"), "=")
		if !strings.HasPrefix(o, "-") || strings.HasPrefix(o, "--") || name == "h" || name == "help" || slices.Contains(partFlags, name) {
			return usagef("-merge: %s: option %q is not one a part records", p.File(), o)
		}
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
