package cli

import (
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/checker/explore"
	"github.com/electlab/electlab/internal/runner"
	"github.com/electlab/electlab/model"
)

// distFlags are explore's flags that place a distributed search.
type distFlags struct {
	dist, nats, run, checkpoint *string
	embed                       *bool
	timeout                     *time.Duration
}

// distNames are the flags that place a distributed search: they do not
// change what it computes, so the run name leaves them out.
var distNames = []string{"dist", "nats", "nats-embed", "dist-run", "dist-timeout", "checkpoint", "json", "out"}

func (d *distFlags) register(fs *flag.FlagSet) {
	d.dist = fs.String("dist", "", "distribute the breadth-first search (with -bfs) over ranks that each store 1/k of the states: local:K (K ranks in this process over an embedded NATS server), slurm (this process is rank SLURM_PROCID+1 of SLURM_NTASKS: srun -n K), indexed:K (rank JOB_COMPLETION_INDEX+1 of K: a Kubernetes Indexed Job), or i/k (rank i of k); docs/SCALE.md")
	d.nats = fs.String("nats", "", "the NATS server the ranks of -dist talk through (nats://host:port); needed with -dist slurm and -dist i/k")
	d.embed = fs.Bool("nats-embed", false, "with -dist slurm, indexed:K or i/k: rank 1 starts an embedded NATS server listening at -nats's port (on every interface, or on the loopback one when -nats names it), where every rank connects (else -nats is an existing server)")
	d.run = fs.String("dist-run", "", "the name of the search on the NATS server (default: a hash of the options, and the Slurm job and step ids when set); searches sharing a server need different names")
	d.checkpoint = fs.String("checkpoint", "", "with -dist: a directory (shared by the ranks, or one per node) where each rank writes a checkpoint at the end of every level; the same command started again resumes after the last level every rank wrote, and prints the same result")
	d.timeout = fs.Duration("dist-timeout", 30*time.Second, "with -dist: how long a rank waits for another that has stopped answering (no heartbeat), and for the server to come up, before it stops with an error naming it")
}

// parse returns the placement of -dist (nil without it) after checking
// it goes with the search asked for.
func (d *distFlags) parse(fs *flag.FlagSet, bfs bool, opt explore.Options, info *model.Info) (*runner.Dist, error) {
	set := explicit(fs)
	if *d.dist == "" {
		for _, name := range []string{"nats", "nats-embed", "dist-run", "dist-timeout", "checkpoint"} {
			if set[name] {
				return nil, usagef("-%s goes with -dist", name)
			}
		}
		return nil, nil
	}
	var p runner.Dist
	text := *d.dist
	switch {
	case strings.HasPrefix(text, "local:"):
		k, err := strconv.Atoi(strings.TrimPrefix(text, "local:"))
		if err != nil || k < 1 || k > 64 {
			return nil, usagef("-dist %q: want local:K with 1 <= K <= 64", text)
		}
		p.Local, p.Ranks = k, k
	case strings.HasPrefix(text, "indexed:"):
		k, err := strconv.Atoi(strings.TrimPrefix(text, "indexed:"))
		if err != nil || k < 1 {
			return nil, usagef("-dist %q: want indexed:K with K >= 1 (a Kubernetes Indexed Job of K completions)", text)
		}
		idx := os.Getenv("JOB_COMPLETION_INDEX")
		r, err := strconv.Atoi(idx)
		if idx == "" {
			return nil, usagef("-dist %s: JOB_COMPLETION_INDEX is not set: run it in a Kubernetes Indexed Job, or give -dist i/k", text)
		}
		if err != nil || r < 0 || r >= k {
			return nil, usagef("-dist %s: JOB_COMPLETION_INDEX=%q is not a rank below %d", text, idx, k)
		}
		p.Rank, p.Ranks = r, k
	case text == "slurm":
		id, n := os.Getenv("SLURM_PROCID"), os.Getenv("SLURM_NTASKS")
		r, err1 := strconv.Atoi(id)
		k, err2 := strconv.Atoi(n)
		if id == "" || n == "" {
			return nil, usagef("-dist slurm: SLURM_PROCID and SLURM_NTASKS are not set: run it under srun (srun -n K electlab explore ... -dist slurm), or give -dist i/k")
		}
		if err1 != nil || err2 != nil || k < 1 || r < 0 || r >= k {
			return nil, usagef("-dist slurm: SLURM_PROCID=%q and SLURM_NTASKS=%q do not name a rank (want 0 <= SLURM_PROCID < SLURM_NTASKS)", id, n)
		}
		p.Rank, p.Ranks = r, k
	default:
		i, k, err := splitPart(text)
		if err != nil {
			return nil, usagef("-dist %q: want local:K, slurm, indexed:K or i/k with 1 <= i <= k", text)
		}
		p.Rank, p.Ranks = i-1, k
	}
	if p.Local == 0 && *d.nats == "" {
		return nil, usagef("-dist %s: give -nats nats://host:port, the server every rank connects to (with -nats-embed, rank 1 starts it there)", text)
	}
	if *d.nats != "" && !strings.HasPrefix(*d.nats, "nats://") {
		return nil, usagef("-nats %q: want nats://host:port", *d.nats)
	}
	if *d.embed && *d.nats == "" {
		return nil, usagef("-nats-embed needs -nats nats://host:port: the address the embedded server listens at")
	}
	if *d.timeout <= 0 {
		return nil, usagef("-dist-timeout %v: want a positive duration, e.g. 30s", *d.timeout)
	}
	switch {
	case !bfs:
		return nil, usagef("-dist distributes the breadth-first search: add -bfs")
	case set["shard"]:
		return nil, usagef("-dist and -shard: -dist divides the states among ranks; drop -shard")
	case opt.Workers > 1:
		return nil, usagef("-dist and -workers %d: each rank expands its states itself; use more ranks (-dist local:K) instead", opt.Workers)
	}
	props := opt.Checks.Props
	if props == 0 && opt.Checks.Invariant == nil {
		props = checker.AllProps
	}
	if props&model.Termination != 0 {
		rest, also := checker.FormatProps(info.RunProps()&^model.Termination), ""
		if info.Mutex {
			rest, also = "none", " (its mutual exclusion is still checked in every state)"
		}
		return nil, usagef("-dist does not search for livelocks (termination needs the cycles of the state graph, which no rank sees whole; TLC and PReach refuse it too): give -props %s%s", rest, also)
	}
	p.URL, p.Embed, p.Timeout, p.Checkpoint = *d.nats, *d.embed, *d.timeout, *d.checkpoint
	if p.Checkpoint != "" {
		if fi, err := os.Stat(p.Checkpoint); err == nil && !fi.IsDir() {
			return nil, usagef("-checkpoint %s: not a directory", p.Checkpoint)
		}
	}
	p.Run = *d.run
	if p.Run == "" {
		p.Run = runName(fs)
	} else if strings.ContainsAny(p.Run, ". *>\t") {
		return nil, usagef("-dist-run %q: a name without dots, spaces, * or >", p.Run)
	}
	return &p, nil
}

// runName is the default -dist-run: a hash of every option that changes
// the search, then the Slurm job and step ids when set, so that the ranks
// of one srun agree and two searches on one server do not meet.
func runName(fs *flag.FlagSet) string {
	var opts []string
	fs.Visit(func(f *flag.Flag) {
		if !slices.Contains(distNames, f.Name) {
			opts = append(opts, "-"+f.Name+"="+f.Value.String())
		}
	})
	h := fnv.New64a()
	h.Write([]byte(strings.Join(opts, "\x00")))
	name := fmt.Sprintf("x%016x", h.Sum64())
	if job := os.Getenv("SLURM_JOB_ID"); job != "" {
		name += "-" + sanitize(job) + "-" + sanitize(os.Getenv("SLURM_STEP_ID"))
	}
	return name
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, s)
}
