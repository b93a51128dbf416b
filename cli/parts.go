package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// The split contract of the heavy commands (check, claims; docs/CLI.md):
// the flags -part i/k|auto, -parts and -part-out of a part, and the flags
// of CMD -merge. The part files and -merge's guard are internal/parts'.

// partSpec is a part's -part, -parts and -part-out, resolved: part i of
// k, written to out, of the command run with options (its canonical
// options: every flag set but those of the split and the output, as
// -name=value in name order).
type partSpec struct {
	i, k    int
	out     string
	options []string
}

// parsePartFlags resolves -part (i/k or auto), -parts and -part-out of
// command cmd (whose flags skip say how the work is split and where the
// output goes, not what it computes), or returns nil without -part
// (-parts and -part-out are then refused). A part writes no -out (what,
// "trace" or "report": the merge writes it).
func parsePartFlags(cmd, what string, skip []string, fs *flag.FlagSet, text string, parts int, out string) (*partSpec, error) {
	set := explicit(fs)
	if text == "" {
		for _, name := range []string{"parts", "part-out"} {
			if set[name] {
				return nil, usagef("-%s goes with -part", name)
			}
		}
		return nil, nil
	}
	if set["out"] {
		return nil, usagef("-out: a part writes no %s; give -out to %s -merge, which writes it", what, cmd)
	}
	p := &partSpec{}
	var err error
	if text == "auto" {
		p.i, p.k, err = autoPart(parts, set["parts"])
	} else {
		if set["parts"] {
			return nil, usagef("-parts goes with -part auto (a Kubernetes Indexed Job); -part %s names k itself", text)
		}
		p.i, p.k, err = splitPart(text)
		if err != nil {
			err = usagef("-part %q: %v", text, err)
		}
	}
	if err != nil {
		return nil, err
	}
	p.out = out
	if !set["part-out"] {
		p.out = fmt.Sprintf("electlab-%s-part-%d-of-%d.json", cmd, p.i, p.k)
	}
	fs.Visit(func(f *flag.Flag) {
		if slices.Contains(skip, f.Name) {
			return
		}
		p.options = append(p.options, "-"+f.Name+"="+f.Value.String())
	})
	return p, nil
}

// mergeArgs is the command line the merge of parts run with options
// rebuilds (the options, then extra: the merge's own output flags), or an
// error naming file when an option is not one a part records (a flag of
// skip, a help flag, not a flag).
func mergeArgs(file string, options, skip, extra []string) ([]string, error) {
	for _, o := range options {
		name, _, _ := strings.Cut(strings.TrimPrefix(o, "-"), "=")
		if !strings.HasPrefix(o, "-") || strings.HasPrefix(o, "--") || name == "h" || name == "help" || slices.Contains(skip, name) {
			return nil, usagef("-merge: %s: option %q is not one a part records", file, o)
		}
	}
	return append(append([]string(nil), options...), extra...), nil
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
	return mergeOnlyOf(fs, out, "json", "out")
}

// mergeOnlyOf is mergeOnly for a command whose -merge takes the output
// flags own (besides -merge).
func mergeOnlyOf(fs *flag.FlagSet, out string, own ...string) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if err == nil && f.Name != "merge" && !slices.Contains(own, f.Name) {
			err = usagef("-merge takes only part files (and %s): -%s belongs to the parts' command", flagList(own), f.Name)
		}
	})
	if err != nil {
		return err
	}
	return checkOutputs(dirOut("-out", out))
}

// flagList is "-json, -out": the flags named, dashed.
func flagList(names []string) string {
	s := make([]string, len(names))
	for i, n := range names {
		s[i] = "-" + n
	}
	return strings.Join(s, ", ")
}
