#!/usr/bin/env bash
# The scale-out checks on a real (one-node) Slurm cluster: make dist-test.
#
# Starts the cluster (testdata/slurm/cluster.sh start, which installs
# Debian's slurm-wlm and munge when missing and fails when it cannot),
# runs each check below, stops the cluster (also on failure or
# interruption: trap), and ends with the line `dist-test: N passed, M
# failed`; its exit status is 1 when a check failed or the cluster did
# not start or stop.
#
# The electlab command lines come from deploy/argv.txt, the one home they
# share with the Kubernetes manifests and the GitHub Actions workflow of
# deploy/ (make deploy-test checks that those run the same). They start
# with the word `electlab`: the binary ELECTLAB (default bin/electlab, which
# make dist-test builds) is put first on PATH as `electlab`, and sbatch
# hands PATH on to the jobs.
#
# Environment: ELECTLAB (the binary), ELECTLAB_DIST_TIMEOUT (seconds a
# check waits for its jobs, 300), ELECTLAB_ARGV and ELECTLAB_SCALE_DOC (in
# place of deploy/argv.txt and docs/SCALE.md, to show that a broken one is
# caught), and cluster.sh's variables
# (ELECTLAB_SLURM_DIR, the ports, ELECTLAB_SLURM_TIMEOUT).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
ARGV=${ELECTLAB_ARGV:-$ROOT/deploy/argv.txt}
CLUSTER=$ROOT/testdata/slurm/cluster.sh
ELECTLAB=${ELECTLAB:-$ROOT/bin/electlab}
WAIT=${ELECTLAB_DIST_TIMEOUT:-300}

say() { echo "dist-test: $*"; }
[ -x "$ELECTLAB" ] || {
	say "no electlab binary at $ELECTLAB: run make build (make dist-test builds it) or set ELECTLAB"
	exit 2
}
ELECTLAB=$(cd "$(dirname "$ELECTLAB")" && pwd)/$(basename "$ELECTLAB")

# argv NAME prints deploy/argv.txt's line NAME (without "NAME: "); it
# fails when there is none.
argv() {
	local line
	line=$(sed -n "s/^$1: //p" "$ARGV")
	[ -n "$line" ] || {
		say "deploy/argv.txt has no line $1"
		return 1
	}
	echo "$line"
}

# run_argv NAME [PREFIX...] runs PREFIX... followed by argv NAME's words as
# they are (no globbing, no quoting), e.g. run_argv NAME timeout "$WAIT"
# srun -n 3 --overcommit.
run_argv() {
	local line
	local -a words
	line=$(argv "$1") || return 1
	shift
	read -r -a words <<<"$line"
	"$@" "${words[@]}"
}

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# wait_jobs ID... waits until every job (every task of an array) has
# ended, at most WAIT seconds; it fails on the timeout. A job record
# stays in slurmctld for MinJobAge (cluster.sh: an hour).
TERMINAL='^(COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|PREEMPTED|BOOT_FAIL|DEADLINE|OUT_OF_MEMORY)$'
wait_jobs() {
	local t0=$SECONDS id states
	while :; do
		states=""
		for id in "$@"; do
			states="$states $(scontrol --oneliner show job "$id" | sed -n 's/.* JobState=\([A-Z_]*\) .*/\1/p' | tr '\n' ' ')"
		done
		if [ -n "${states// /}" ] && ! tr ' ' '\n' <<<"$states" | grep -v '^$' | grep -Evq "$TERMINAL"; then
			return 0
		fi
		if [ $((SECONDS - t0)) -ge "$WAIT" ]; then
			say "jobs $* still not ended after $WAIT s (states:$states)"
			return 1
		fi
		sleep 1
	done
}

# job_field ID FIELD prints FIELD (e.g. JobState, ExitCode) of each task of
# job ID, one line each.
job_field() {
	scontrol --oneliner show job "$1" | sed -n "s/.* $2=\([^ ]*\).*/\1/p"
}

# show_jobs ID... prints the jobs' records, for a failure.
show_jobs() {
	local id
	for id in "$@"; do
		echo "---- scontrol show job $id"
		scontrol show job "$id" || true
	done
}

# show_files FILE... prints each file, for a failure.
show_files() {
	local f
	for f in "$@"; do
		[ -f "$f" ] || continue
		echo "---- $f"
		cat "$f"
	done
}

# same A B: cmp, with a diff of the two on failure.
same() {
	cmp "$1" "$2" && return 0
	echo "---- diff $1 $2"
	diff "$1" "$2" || true
	return 1
}

# shown TEXT prints "+ TEXT" and records TEXT in $WORK/commands: every
# command this script runs on the cluster, in the form docs/SCALE.md shows
# it (DIR for a check's directory; an argv.txt line by its name in
# capitals, e.g. CHECK-PART). check_scale_doc compares the record with the
# block of docs/SCALE.md, so that the page cannot drift from what runs.
shown() {
	echo "+ $1"
	echo "$1" >>"$WORK/commands"
}

# unsplit NAME D runs argv NAME in D (its stdout, stderr and exit status
# kept in D), once: a later call with the same D reuses the result. It sets
# WANT to the exit status.
unsplit() {
	local name=$1 d=$2
	if [ ! -f "$d/status" ]; then
		mkdir -p "$d"
		shown "${name^^}"
		(
			cd "$d"
			set +e
			run_argv "$name" >stdout 2>stderr
			echo $? >status
		)
	fi
	WANT=$(cat "$d/status")
}

# ---------------------------------------------------------------- checks
# Each check is a function run under set -e in a subshell, in its own
# directory under $WORK; it prints what went wrong (job records and logs)
# and returns non-zero on failure. Each is listed in CHECKS below; the
# commands it runs on the cluster go through shown, and docs/SCALE.md
# lists them (check_scale_doc).

# check_srun_tasks: a step of 3 tasks runs 3 processes that see their rank
# and the task count, as explore -bfs -dist will under srun -n 3. The node
# has this machine's CPUs (2 here), so more tasks than CPUs need
# --overcommit.
check_srun_tasks() {
	local got
	# shellcheck disable=SC2016 # expanded by each task's sh
	shown 'srun -n 3 --overcommit sh -c '"'"'echo $SLURM_PROCID $SLURM_NTASKS'"'"
	# shellcheck disable=SC2016 # expanded by each task's sh
	got=$(timeout "$WAIT" srun -n 3 --overcommit sh -c 'echo $SLURM_PROCID $SLURM_NTASKS' | sort)
	if [ "$got" != $'0 3\n1 3\n2 3' ]; then
		say "srun -n 3 printed (sorted):"
		echo "$got"
		say "want: 0 3, 1 3, 2 3 (SLURM_PROCID SLURM_NTASKS of each task)"
		return 1
	fi
	echo "$got" | tr '\n' ';'
	echo
}

# split_run CMD D: runs argv CMD-unsplit in D/unsplit (its stdout, stderr
# and exit status kept), then a job array of CMD-k tasks running CMD-part
# in D/parts and a job submitted with --dependency=afterok on the array
# running CMD-merge in the same directory; waits for both and fails unless
# every task COMPLETED, each wrote its part file (electlab-CMD-part-I-of-K
# .json) and the merge exited as the unsplit run did. It sets WANT (that
# status) and SPLIT_JOBS (the two job ids); split_fail MSG D prints them.
split_run() {
	local cmd=$1 d=$2 k arr merge st got i
	mkdir -p "$d/parts"
	k=$(argv "$cmd-k")
	unsplit "$cmd-unsplit" "$d/unsplit"
	say "unsplit: exit status $WANT, $(wc -l <"$d/unsplit/stdout") line(s) on stdout"
	shown "sbatch --parsable --array=1-$k --chdir=DIR/parts --output=DIR/parts/slurm-%A_%a.out --wrap='${cmd^^}-PART'"
	arr=$(sbatch --parsable --array=1-"$k" --chdir="$d/parts" --job-name="electlab-$cmd-part" \
		--output="$d/parts/slurm-%A_%a.out" --wrap="$(argv "$cmd-part")")
	shown "sbatch --parsable --dependency=afterok:ARRAYJOB --chdir=DIR/parts --output=DIR/parts/merge.stdout --error=DIR/parts/merge.stderr --wrap='${cmd^^}-MERGE'"
	merge=$(sbatch --parsable --dependency=afterok:"$arr" --chdir="$d/parts" --job-name="electlab-$cmd-merge" \
		--output="$d/parts/merge.stdout" --error="$d/parts/merge.stderr" --wrap="$(argv "$cmd-merge")")
	SPLIT_JOBS="$arr $merge"
	say "array job $arr ($k tasks), merge job $merge"
	wait_jobs "$merge" "$arr" || split_fail "timed out" "$d"
	st=$(job_field "$arr" JobState | sort -u | tr '\n' ' ')
	[ "$st" = "COMPLETED " ] || split_fail "array job $arr: states $st(want COMPLETED)" "$d"
	[ "$(job_field "$arr" JobState | wc -l)" = "$k" ] || split_fail "array job $arr: not $k tasks" "$d"
	got=$(job_field "$merge" ExitCode)
	[ "$got" = "$WANT:0" ] || split_fail "merge job $merge: ExitCode=$got, but the unsplit run exits $WANT (want $WANT:0)" "$d"
	for i in $(seq "$k"); do
		[ -f "$d/parts/electlab-$cmd-part-$i-of-$k.json" ] || split_fail "no part file electlab-$cmd-part-$i-of-$k.json" "$d"
	done
}

split_fail() {
	say "$1"
	# shellcheck disable=SC2086 # two job ids
	show_jobs $SPLIT_JOBS
	show_files "$2"/parts/slurm-*.out "$2/parts/merge.stdout" "$2/parts/merge.stderr"
	return 1
}

# check_check_parts: check split by split_run: the merge's stdout, stderr
# and trace files must equal, byte for byte, those of check-unsplit run
# here without Slurm. Both write their trace under the relative directory
# trace, so that the paths they print are the same.
check_check_parts() {
	local d=$WORK/check-parts got f
	split_run check "$d"
	same "$d/unsplit/stdout" "$d/parts/merge.stdout" || split_fail "the merge's stdout differs from the unsplit check's" "$d"
	same "$d/unsplit/stderr" "$d/parts/merge.stderr" || split_fail "the merge's stderr differs from the unsplit check's" "$d"
	got=$(cd "$d/parts" && find trace -type f 2>/dev/null | sort)
	[ "$got" = "$(cd "$d/unsplit" && find trace -type f 2>/dev/null | sort)" ] ||
		split_fail "the merge wrote trace files [$got], the unsplit check [$(cd "$d/unsplit" && find trace -type f 2>/dev/null | sort | tr '\n' ' ')]" "$d"
	for f in $got; do
		same "$d/unsplit/$f" "$d/parts/$f" || split_fail "$f differs" "$d"
	done
	say "merge = unsplit: stdout ($(wc -c <"$d/unsplit/stdout") bytes), stderr ($(wc -c <"$d/unsplit/stderr") bytes), exit status $WANT, $(echo "$got" | grep -c . || true) trace file(s)"
}

# check_claims_parts: claims split by split_run: the merge's stdout and
# report directory must equal claims-unsplit's, byte for byte.
check_claims_parts() {
	local d=$WORK/claims-parts
	split_run claims "$d"
	same "$d/unsplit/stdout" "$d/parts/merge.stdout" || split_fail "the merge's stdout differs from the unsplit run's" "$d"
	diff -r "$d/unsplit/report" "$d/parts/report" || split_fail "the merge's report directory differs from the unsplit run's" "$d"
	say "merge = unsplit: stdout ($(wc -c <"$d/unsplit/stdout") bytes), exit status $WANT, report directory ($(find "$d/unsplit/report" -type f | wc -l) files)"
}

# json_core FILE prints explore -json's output FILE without what measures
# one process (mem_estimate_bytes, table_bytes, bytes_per_state) and
# without the ranks' own part (dist): what a distributed search and the
# single process must print alike.
json_core() {
	python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
for k in ("mem_estimate_bytes", "table_bytes", "bytes_per_state", "dist"):
    r.pop(k, None)
print(json.dumps(r, indent=2, sort_keys=True))' "$1"
}

# check_explore_dist: srun -n K runs dist-ranks as K real processes (rank 1
# starts the embedded NATS server and prints the result), and its result
# must equal dist-unsplit's, the single-process explore -bfs, but for the
# memory figures; the exit status and the trace files must be the same.
check_explore_dist() {
	local d=$WORK/explore-dist k want got f
	mkdir -p "$d/ranks"
	k=$(argv dist-k)
	unsplit dist-unsplit "$d/unsplit"
	want=$WANT
	say "unsplit: exit status $want"
	shown "srun -n $k --overcommit DIST-RANKS"
	(
		cd "$d/ranks"
		set +e
		run_argv dist-ranks timeout "$WAIT" srun -n "$k" --overcommit >stdout 2>stderr
		echo $? >status
	)
	got=$(cat "$d/ranks/status")
	fail() {
		say "$*"
		show_files "$d/ranks/stdout" "$d/ranks/stderr" "$d/unsplit/stderr"
		return 1
	}
	[ "$got" = "$want" ] || fail "srun exits $got, the single process $want"
	grep -q '"ranks": '"$k" "$d/ranks/stdout" || fail "no ranks' part in rank 1's output"
	json_core "$d/unsplit/stdout" >"$d/unsplit/core.json"
	json_core "$d/ranks/stdout" >"$d/ranks/core.json"
	same "$d/unsplit/core.json" "$d/ranks/core.json" || fail "the distributed result differs from the single process's"
	got=$(cd "$d/ranks" && find trace -type f 2>/dev/null | sort)
	[ "$got" = "$(cd "$d/unsplit" && find trace -type f 2>/dev/null | sort)" ] || fail "trace files differ: [$got]"
	for f in $got; do
		same "$d/unsplit/$f" "$d/ranks/$f" || fail "$f differs"
	done
	say "srun -n $k = one process: result ($(wc -c <"$d/unsplit/core.json") bytes of JSON), exit status $want, $(echo "$got" | grep -c . || true) trace file(s); $(grep -c 'done:' "$d/ranks/stderr" || true) other rank(s) reported done"
}

# check_explore_dist_restart: srun -n 3 runs restart-ranks (with
# -checkpoint); once rank 3 has written the checkpoint of level 12 it is
# killed with SIGKILL, and the other ranks must stop (an error naming it,
# or srun ending the step); the same srun line run again must resume from
# the checkpoints (resumed_at in its output) and print restart-unsplit's
# result but for the memory figures.
check_explore_dist_restart() {
	local d=$WORK/explore-restart want got pid victim t0
	mkdir -p "$d/ranks"
	unsplit restart-unsplit "$WORK/restart-unsplit"
	want=$WANT
	fail() {
		say "$*"
		show_files "$d/ranks/stdout1" "$d/ranks/stderr1" "$d/ranks/stdout" "$d/ranks/stderr"
		return 1
	}
	shown "srun -n 3 --overcommit RESTART-RANKS"
	(
		cd "$d/ranks"
		run_argv restart-ranks timeout "$WAIT" srun -n 3 --overcommit >stdout1 2>stderr1
	) &
	pid=$!
	await_checkpoint "$d/ranks/ckpt" "$pid" || fail "$FAILED"
	victim=$(rank_pid 2 "") || fail "no process of rank 3 (SLURM_PROCID=2) found"
	shown "kill -9 RANK-3-PID   # once DIR/ckpt/rank-3-of-3/level-000012.ckpt is written"
	kill -9 "$victim"
	say "killed rank 3 (pid $victim) after its checkpoint of level 12"
	set +e
	wait "$pid"
	got=$?
	set -e
	[ "$got" != 0 ] || fail "the killed search exited 0"
	say "the killed search ended with status $got: $(grep -m1 -o 'rank 3 of 3 stopped answering\|Killed' "$d/ranks/stderr1" || echo 'no message naming rank 3')"
	shown "srun -n 3 --overcommit RESTART-RANKS   # the same line again"
	(
		cd "$d/ranks"
		set +e
		run_argv restart-ranks timeout "$WAIT" srun -n 3 --overcommit >stdout 2>stderr
		echo $? >status
	)
	got=$(cat "$d/ranks/status")
	[ "$got" = "$want" ] || fail "started again, srun exits $got, the single process $want"
	grep -q '"resumed_at": ' "$d/ranks/stdout" || fail "started again, it did not resume from the checkpoints"
	json_core "$WORK/restart-unsplit/stdout" >"$d/unsplit.json"
	json_core "$d/ranks/stdout" >"$d/ranks/core.json"
	same "$d/unsplit.json" "$d/ranks/core.json" || fail "the resumed result differs from the single process's"
	say "killed and started again = one process: $(grep -o '"resumed_at": [0-9]*' "$d/ranks/stdout"), result ($(wc -c <"$d/unsplit.json") bytes of JSON), exit status $want"
}

# await_checkpoint CKPT PID waits until rank 3 has written CKPT/rank-3-of-3/
# level-000012.ckpt, at most WAIT seconds while PID (the search, or "" for
# none to watch) runs; on failure it sets FAILED and returns 1.
await_checkpoint() {
	local t0=$SECONDS
	until [ -f "$1/rank-3-of-3/level-000012.ckpt" ]; do
		if [ $((SECONDS - t0)) -ge "$WAIT" ]; then
			FAILED="no checkpoint of level 12 after $WAIT s"
			return 1
		fi
		if [ -n "$2" ] && ! kill -0 "$2" 2>/dev/null; then
			FAILED="the search ended before its checkpoint of level 12"
			return 1
		fi
		sleep 0.1
	done
}

# rank_pid PROCID JOB prints the pid of the electlab process with that
# SLURM_PROCID (and SLURM_JOB_ID=JOB unless JOB is empty); it fails when
# there is none.
rank_pid() {
	local p
	for p in $(pgrep -x electlab); do
		if tr '\0' '\n' 2>/dev/null <"/proc/$p/environ" | grep -qx "SLURM_PROCID=$1" &&
			{ [ -z "$2" ] || tr '\0' '\n' 2>/dev/null <"/proc/$p/environ" | grep -qx "SLURM_JOB_ID=$2"; }; then
			echo "$p"
			return 0
		fi
	done
	return 1
}

# job_procs JOB succeeds when a process of job JOB (SLURM_JOB_ID=JOB in its
# environment) runs.
job_procs() {
	local p
	for p in /proc/[0-9]*; do
		tr '\0' '\n' 2>/dev/null <"$p/environ" | grep -qx "SLURM_JOB_ID=$1" && return 0
	done
	return 1
}

# check_explore_dist_requeue: the restart of check_explore_dist_restart
# done by Slurm. A batch job (sbatch --requeue) runs restart-ranks by srun
# -n 3 and, when the step fails, requeues itself (scontrol requeue) once;
# rank 3 is killed with SIGKILL after its checkpoint of level 12; Slurm
# runs the job again (SLURM_RESTART_COUNT=1), which resumes from the
# checkpoints and must print restart-unsplit's result but for the memory
# figures. Slurm holds a requeued job until a begin time about two minutes
# later; the check sets it to now (scontrol update), as a user may.
check_explore_dist_requeue() {
	local d=$WORK/explore-requeue want got id victim t0 wrap st
	mkdir -p "$d"
	unsplit restart-unsplit "$WORK/restart-unsplit"
	want=$WANT
	fail() {
		say "$*"
		[ -z "${id:-}" ] || show_jobs "$id"
		show_files "$d"/job.out "$d"/stdout.* "$d"/stderr.*
		return 1
	}
	# shellcheck disable=SC2016 # expanded by the job's shell
	wrap='n=${SLURM_RESTART_COUNT:-0}; srun -n 3 --overcommit '"$(argv restart-ranks)"' >stdout.$n 2>stderr.$n || { [ $n -ge 1 ] || scontrol requeue $SLURM_JOB_ID; exit 1; }'
	# shellcheck disable=SC2016 # shown as the user types it
	shown 'sbatch --parsable --requeue -n 3 --overcommit --chdir=DIR --output=DIR/job.out --wrap='"'"'n=${SLURM_RESTART_COUNT:-0}; srun -n 3 --overcommit RESTART-RANKS >stdout.$n 2>stderr.$n || { [ $n -ge 1 ] || scontrol requeue $SLURM_JOB_ID; exit 1; }'"'"
	id=$(sbatch --parsable --requeue -n 3 --overcommit --chdir="$d" --job-name=electlab-requeue \
		--output="$d/job.out" --wrap="$wrap")
	say "batch job $id"
	await_checkpoint "$d/ckpt" "" || fail "$FAILED"
	victim=$(rank_pid 2 "$id") || fail "no process of rank 3 (SLURM_PROCID=2) of job $id found"
	shown "kill -9 RANK-3-PID   # once DIR/ckpt/rank-3-of-3/level-000012.ckpt is written"
	kill -9 "$victim"
	say "killed rank 3 (pid $victim) after its checkpoint of level 12"
	t0=$SECONDS
	until [ "$(job_field "$id" Restarts)" = 1 ] && [ "$(job_field "$id" JobState)" = PENDING ]; do
		st=$(job_field "$id" JobState)
		[ $((SECONDS - t0)) -lt "$WAIT" ] || fail "job $id not requeued after $WAIT s (JobState=$st)"
		case $st in COMPLETED | FAILED | CANCELLED) fail "job $id ended ($st) instead of requeueing itself" ;; esac
		sleep 0.2
	done
	say "job $id requeued itself (Restarts=1, $(scontrol --oneliner show job "$id" | grep -o 'Reason=[A-Za-z]*'))"
	# Started at once, the job would meet its first run still ending ("Job
	# already killed, do not launch batch job"): wait until no process of it
	# is left and the node is idle.
	until [ "$(sinfo -h -N -o %T)" = idle ] && ! job_procs "$id"; do
		[ $((SECONDS - t0)) -lt "$WAIT" ] || fail "the first run of job $id did not end after $WAIT s"
		sleep 0.2
	done
	# slurmd also refuses a credential made in the same second as the
	# revocation of the first run's ("Killing non-startable batch JobId=…:
	# Job credential revoked"; it compares whole seconds): a restart within
	# 0.7 s of the requeue failed once so. Wait for the next second.
	sleep 1.5
	shown "scontrol update JobId=JOB StartTime=now   # else Slurm starts a requeued job about two minutes later"
	scontrol update JobId="$id" StartTime=now
	wait_jobs "$id" || fail "job $id did not end"
	got=$(job_field "$id" ExitCode)
	[ "$got" = "$want:0" ] || fail "the requeued job $id ends with ExitCode=$got, the single process exits $want"
	[ "$(job_field "$id" JobState)" = COMPLETED ] || fail "the requeued job $id ended $(job_field "$id" JobState)"
	grep -q '"resumed_at": ' "$d/stdout.1" || fail "run again by Slurm, it did not resume from the checkpoints"
	json_core "$WORK/restart-unsplit/stdout" >"$d/unsplit.json"
	json_core "$d/stdout.1" >"$d/core.json"
	same "$d/unsplit.json" "$d/core.json" || fail "the requeued result differs from the single process's"
	say "killed and requeued by Slurm = one process: $(grep -o '"resumed_at": [0-9]*' "$d/stdout.1"), result ($(wc -c <"$d/unsplit.json") bytes of JSON), exit status $want"
}

# check_scale_doc: the commands this script ran (shown, in $WORK/commands)
# are, line for line, the commands of docs/SCALE.md's block between
# "<!-- dist-test commands -->" and "<!-- /dist-test commands -->"
# (without its comments: a "#" at the start of a line or after two spaces).
# It runs last, once every other check has recorded its commands.
check_scale_doc() {
	local doc=${ELECTLAB_SCALE_DOC:-$ROOT/docs/SCALE.md}
	sed -n '/^<!-- dist-test commands -->$/,/^<!-- \/dist-test commands -->$/p' "$doc" |
		sed '1d;$d' | grep -v '^```' | sed 's/^ *#.*$//; s/  *# .*$//; s/ *$//' | grep -v '^$' >"$WORK/doc-commands" || true
	[ -s "$WORK/doc-commands" ] || {
		say "docs/SCALE.md has no block between <!-- dist-test commands --> and <!-- /dist-test commands -->"
		return 1
	}
	sed 's/  *# .*$//' "$WORK/commands" >"$WORK/ran-commands"
	same "$WORK/doc-commands" "$WORK/ran-commands" || {
		say "docs/SCALE.md's commands (left) are not the ones this script ran (right): update the page"
		return 1
	}
	say "docs/SCALE.md shows the $(wc -l <"$WORK/ran-commands") commands this script ran"
}

CHECKS="check_srun_tasks check_check_parts check_claims_parts check_explore_dist check_explore_dist_restart check_explore_dist_requeue"

# ------------------------------------------------------------------ main
WORK=$(mktemp -d "${TMPDIR:-/tmp}/electlab-dist-test.XXXXXX")
mkdir -p "$WORK/bin"
ln -s "$ELECTLAB" "$WORK/bin/electlab"
export PATH="$WORK/bin:$PATH"
stopped=0
cleanup() {
	if [ "$stopped" = 0 ]; then
		stopped=1
		bash "$CLUSTER" stop || say "cluster.sh stop failed"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

t0=$(now)
shown "bash testdata/slurm/cluster.sh start"
bash "$CLUSTER" start
say "cluster start-up: $(since "$t0") s wall"
# shellcheck disable=SC2016 # shown as typed
shown 'eval "$(bash testdata/slurm/cluster.sh env)"'
eval "$(bash "$CLUSTER" env)"

passed=0
failed=0
# run_check C runs check C in a subshell under set -e and counts it.
run_check() {
	local c=$1 t rc
	t=$(now)
	echo "== dist-test: $c"
	set +e
	(
		set -e
		cd "$WORK"
		"$c"
	)
	rc=$?
	set -e
	if [ $rc = 0 ]; then
		passed=$((passed + 1))
		say "ok $c ($(since "$t") s wall)"
	else
		failed=$((failed + 1))
		say "FAIL $c ($(since "$t") s wall)"
	fi
}
for c in $CHECKS; do
	run_check "$c"
done

[ $failed = 0 ] || bash "$CLUSTER" logs
t=$(now)
stopped=1
stop_ok=0
shown "bash testdata/slurm/cluster.sh stop"
bash "$CLUSTER" stop || stop_ok=1
say "cluster stop: $(since "$t") s wall"
run_check check_scale_doc
[ $failed = 0 ] && [ $stop_ok = 0 ] && rm -rf "$WORK"
[ $failed = 0 ] || say "kept $WORK for inspection"
echo "dist-test: $passed passed, $failed failed"
[ $failed = 0 ] && [ $stop_ok = 0 ]
