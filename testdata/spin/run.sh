#!/usr/bin/env bash
# electlab explore vs Spin on the same model (make bench-spin; docs/EXPLORE.md).
#
# For n = 3, 4, ... it runs, on Chang-Roberts with every process an
# initiator (electlab: -algo changroberts -n N; Spin: changroberts.pml with
# -DN=N), with the message counters in the state (electlab
# -counts=per-process, the Promela model's local counters):
#   electlab -no-por    vs  Spin -DNOREDUCE   (no reduction on either side)
#   electlab (default)  vs  Spin's default partial-order reduction
# and prints, side by side, the states, the time to verdict and the min/max
# of sends and deliveries over every complete execution, which must agree
# exactly (the script fails otherwise; it also fails when a table has no
# size at which both tools finished, since nothing was then compared). A
# tool stops being run at the first
# n it does not finish within LIMIT seconds (default 60). Spin's time is the
# verifier's run (pan), without generating and compiling it (printed apart).
#
# Then the same for the Bully algorithm (bully.pml; electlab -algo bully
# -n N -crashed N -initiators 1, then -initiators all: the old coordinator
# N crashed before the run, one detector / every live process a detector).
# Bully's World graph has cycles that send (a premature T2 restarts an
# election and the World comes back with more messages), so the maximum
# counts are unbounded: electlab flags its maxima as lower bounds
# (max_messages_lower_bound, and no termination violation: every state can
# still terminate), Spin's model prints CUT when it stops a path there. The
# minima must agree exactly; the maxima must agree exactly when finite, and
# be unbounded on both sides otherwise (the lower bounds each search found
# are printed, for information: they depend on the search order).
#
# Then Bully with every live process a potential detector under lazy
# detection (electlab -detect lazy; bully.pml -DLAZY), and Chang-Roberts
# on ids N..1 in ring order (electlab -order desc; changroberts.pml -DDESC).
#
# Each table gives, for each tool, the states stored, the transitions, the
# CPU time of the whole process (user + system, GNU time: electlab's
# collector on the other core and pan's start-up, the allocation of its
# stack and hash table, included), states per second, and the peak
# resident size per stored state. Each cell is the median of REPS runs
# (default 3; the four runs of a size alternate: electlab -no-por, pan
# -DNOREDUCE, electlab, pan, REPS times), whose states, transitions and
# counts must agree (the script fails otherwise): the run with the median
# CPU time gives the cell (the lower middle one for an even REPS).
#
# Both check safety only: pan is built with -DSAFETY (no liveness), and
# electlab runs with -props single-coordinator,agreement,validity (no
# livelock search; agreement and validity are checked at the quiescent
# states, which costs nothing noticeable). PROPS=all adds electlab's
# livelock search.
#
# Environment: LIMIT (seconds, 60), NMAX (largest n tried, 14), BNMAX
# (largest n tried for Bully, 8), MEM (MiB for both tools, 8192), REPS
# (runs per cell, 3), ELECTLAB (a built binary; default: go build).
set -euo pipefail
cd "$(dirname "$0")/../.."
LIMIT=${LIMIT:-60}
PROPS=${PROPS:-single-coordinator,agreement,validity}
NMAX=${NMAX:-14}
BNMAX=${BNMAX:-8}
MEM=${MEM:-8192}
REPS=${REPS:-3}
[[ $REPS =~ ^[1-9][0-9]*$ ]] || { echo "bench-spin: REPS=$REPS: want a positive number of runs per cell" >&2; exit 2; }
if ! command -v spin >/dev/null 2>&1; then
	echo "installing Debian's spin (apt-get install -y spin)" >&2
	(apt-get update -qq && apt-get install -y -qq spin) >&2
fi
if [[ ! -x /usr/bin/time ]]; then
	echo "installing Debian's time (apt-get install -y time): bench-spin times both tools with GNU time" >&2
	(apt-get update -qq && apt-get install -y -qq time) >&2
fi
[[ -x /usr/bin/time ]] || { echo "bench-spin needs GNU time (/usr/bin/time)" >&2; exit 2; }
command -v gcc >/dev/null || { echo "bench-spin needs gcc" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
EL=${ELECTLAB:-$tmp/electlab}
[ -n "${ELECTLAB:-}" ] || go build -o "$EL" ./cmd/electlab
cp testdata/spin/changroberts.pml testdata/spin/bully.pml "$tmp/"

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

# The model under test: set by the table loop.
ALGO=changroberts    # electlab -algo
PML=changroberts     # testdata/spin/$PML.pml
EFLAGS=()            # extra electlab flags for n (set by eflags)
SFLAGS=()            # extra spin -D flags
eflags() {
	EFLAGS=()
	if [[ $ALGO == bully ]]; then EFLAGS=(-crashed "$1" -initiators "$BINIT"); fi
	if [[ -n ${DETECT:-} ]]; then EFLAGS+=(-detect "$DETECT"); fi
	if [[ -n ${ORDER:-} ]]; then EFLAGS+=(-order "$ORDER"); fi
}

# GNU time writes "user system maxrss" as the last line of its file:
# cpu FILE prints the CPU seconds (user + system), rss FILE the peak
# resident size in KiB.
TIMECMD=(/usr/bin/time -f '%U %S %M' -o)
cpu() { tail -1 "$1" | awk '{ t = $1 + $2; if (t < 0.01) t = 0.01; printf "%.2f", t }'; }
rss() { tail -1 "$1" | awk '{ print $3 }'; }

# electlab N [extra flags]: prints "states cpu minS maxS minD maxD unbounded
# transitions rssKiB", or timeout / incomplete. The CPU time is the whole
# process's, start-up and the collector included.
run_electlab() {
	local n=$1; shift
	local out
	eflags "$n"
	local tf="$tmp/el-time"
	rm -f "$tf"
	local rc=0
	out=$(timeout "$LIMIT" "${TIMECMD[@]}" "$tf" "$EL" explore -algo "$ALGO" -n "$n" "${EFLAGS[@]}" -counts=per-process -props "$PROPS" -max-mem "${MEM}MiB" -json "$@" 2>/dev/null) || rc=$?
	# 0: complete; 1: violations found (listed in the JSON); 4: a bound cut
	# the search (the JSON says incomplete); anything else: timeout or error.
	if [[ $rc != 0 && $rc != 1 && $rc != 4 ]]; then
		echo timeout; return
	fi
	python3 - "$out" "$(cpu "$tf")" "$(rss "$tf")" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
if not r["complete"]:
    print("incomplete"); sys.exit()
# A cycle that sends, and no termination violation (every state can still
# reach a quiescent one): the maximum is unbounded.
unb = int(bool(r.get("max_messages_lower_bound")) and not any(v.get("property") == "termination" for v in r["violations"] or []))
print(r["states"], sys.argv[2], r["min_messages"]["sends"], r["max_messages"]["sends"],
      r["min_messages"]["deliveries"], r["max_messages"]["deliveries"], unb, r["transitions"], sys.argv[3])
PY
}

# spin N [cc flags]: prints "states cpu minS maxS minD maxD unbounded
# transitions rssKiB pan-elapsed compile", or timeout / spin-error. The
# CPU time is the pan process's (its start-up included: the allocation of
# its stack and hash table); pan's own "elapsed time" (its search alone)
# and the time to generate and compile pan (once per size and flags) are
# kept beside it.
run_spin() {
	local n=$1; shift
	local fl="${SFLAGS[*]:-}"
	local d="$tmp/$PML-$n-${BINIT:-}-${fl// /_}-$#"
	mkdir -p "$d"
	cp "$tmp/$PML.pml" "$d/"
	local c0 c1
	c0=$(now)
	if [[ ! -x $d/pan ]]; then
		(cd "$d" && spin -a -DN="$n" "${SFLAGS[@]}" "$PML.pml" >/dev/null && gcc -O2 -w -DSAFETY -DPRINTF -DVECTORSZ=4096 -DMEMLIM="$MEM" "$@" -o pan pan.c)
	fi
	c1=$(now)
	rm -f "$d/time"
	if ! (cd "$d" && timeout "$LIMIT" "${TIMECMD[@]}" "$d/time" ./pan -m10000000 >pan.out 2>&1); then
		echo timeout; return
	fi
	if grep -q "errors: [1-9]" "$d/pan.out" || grep -q "max search depth too small\|out of memory\|MEMLIM bound" "$d/pan.out"; then
		echo "spin-error"; return
	fi
	python3 - "$d/pan.out" "$(cpu "$d/time")" "$(rss "$d/time")" "$(secs "$c0" "$c1")" <<'PY'
import re, sys
s, d, cut, states, trans, secs = [], [], 0, None, None, None
for line in open(sys.argv[1]):
    m = re.search(r"COUNTS sends=(\d+) deliveries=(\d+)", line)
    if m:
        s.append(int(m.group(1))); d.append(int(m.group(2)))
    if line.startswith("CUT"):
        cut = 1
    m = re.match(r"\s*(\d+) states, stored", line)
    if m and states is None:
        states = m.group(1)
    m = re.match(r"\s*(\d+) transitions \(= stored\+matched\)", line)
    if m:
        trans = m.group(1)
    m = re.match(r"pan: elapsed time ([0-9.e+-]+) seconds", line)
    if m:
        secs = "%.2f" % max(float(m.group(1)), 0.01)
print(states, sys.argv[2], min(s), max(s), min(d), max(d), cut, trans, sys.argv[3], secs, sys.argv[4])
PY
}

# going RESULTS...: true when there is no result yet or the last one is a
# number (the run finished).
going() { (($# == 0)) || [[ ${!#} =~ ^[0-9] ]]; }

# pick RESULTS...: of the runs of one tool at one size (table runs each
# REPS times, the four alternated), the result with the median CPU time
# (the lower middle one for an even number), or the first that is not a
# number (a timeout or an error), or MISMATCH when the runs disagree on
# anything but their times and sizes.
pick() {
	local r
	for r in "$@"; do
		if [[ ! $r =~ ^[0-9] ]]; then echo "$r"; return; fi
	done
	local key=
	for r in "$@"; do
		# states, counts, unbounded, transitions: fields 1 and 3..8.
		local k
		k=$(echo "$r" | awk '{ print $1, $3, $4, $5, $6, $7, $8 }')
		if [[ -z $key ]]; then key=$k; elif [[ $k != "$key" ]]; then echo "MISMATCH"; return; fi
	done
	printf '%s\n' "$@" | sort -g -k2,2 | sed -n "$(( ($# + 1) / 2 ))p"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }'; }

# cell RESULT: states, transitions, seconds, states/s and peak resident
# bytes per stored state of one run, or why there is none.
cell() {
	if [[ ! $1 =~ ^[0-9] ]]; then printf '%-54s' "$1"; return; fi
	set -- $1
	awk -v st="$1" -v t="$2" -v tr="$8" -v kb="$9" 'BEGIN {
		bps = (kb == "-") ? "-" : sprintf("%.0f", kb * 1024 / st)
		printf "%10d %11d %7.2fs %9.0f/s %6s B", st, tr, t, st / t, bps }'
}

# rate RESULT: states per second of one run.
rate() { set -- $1; awk -v st="$1" -v t="$2" 'BEGIN { print st / t }'; }

# table TITLE NMAX: for each n, electlab and Spin without reduction, then
# with their reductions; two side-by-side tables.
table() {
	local title=$1 nmax=$2
	echo "== $title"
	local live_en=1 live_sn=1 live_e=1 live_s=1
	local last_en=- last_sn=- last_e=- last_s=-
	local rows_n=() rows_r=() lbs=()
	local n en sn e s counts c lb r rn rr compared=0
	for ((n = 3; n <= nmax; n++)); do
		if ((!live_en && !live_sn && !live_e && !live_s)); then break; fi
		en=timeout sn=timeout e=timeout s=timeout
		local ens=() sns=() es=() ss=() rep
		for ((rep = 1; rep <= REPS; rep++)); do
			# Alternated; a tool that did not finish a run is not run again
			# at this size (its last result is not a number).
			if ((live_en)) && going "${ens[@]}"; then ens+=("$(run_electlab "$n" -no-por)"); fi
			if ((live_sn)) && going "${sns[@]}"; then sns+=("$(run_spin "$n" -DNOREDUCE)"); fi
			if ((live_e)) && going "${es[@]}"; then es+=("$(run_electlab "$n")"); fi
			if ((live_s)) && going "${ss[@]}"; then ss+=("$(run_spin "$n")"); fi
		done
		((live_en)) && en=$(pick "${ens[@]}")
		((live_sn)) && sn=$(pick "${sns[@]}")
		((live_e)) && e=$(pick "${es[@]}")
		((live_s)) && s=$(pick "${ss[@]}")
		for r in "$en" "$sn" "$e" "$s"; do
			if [[ $r == MISMATCH ]]; then
				echo "bench-spin: $title, n = $n: the runs of one tool disagree on states, transitions or counts" >&2
				fail=1
			fi
		done
		counts="" lb=""
		for r in "$en" "$sn" "$e" "$s"; do
			if [[ $r =~ ^[0-9] ]]; then
				set -- $r
				if (($7)); then
					c="$3..unbounded, $5..unbounded"
					lb="$lb $4/$6"
				else
					c="$3..$4, $5..$6"
					lb="$lb -"
				fi
				if [[ -z $counts ]]; then counts=$c; elif [[ $counts != "$c" ]]; then counts="$counts MISMATCH $c"; fail=1; fi
			else
				lb="$lb -"
			fi
		done
		# A size compares the tools when a run of each finished.
		if [[ $en =~ ^[0-9] || $e =~ ^[0-9] ]] && [[ $sn =~ ^[0-9] || $s =~ ^[0-9] ]]; then compared=$((compared + 1)); fi
		rn=- rr=-
		[[ $en =~ ^[0-9] && $sn =~ ^[0-9] ]] && rn=$(ratio "$(rate "$en")" "$(rate "$sn")")
		[[ $e =~ ^[0-9] && $s =~ ^[0-9] ]] && rr=$(ratio "$(echo "$s" | cut -d' ' -f2)" "$(echo "$e" | cut -d' ' -f2)")
		rows_n+=("$(printf '%-3s | %s | %s | %6s | %s' "$n" "$(cell "$en")" "$(cell "$sn")" "$rn" "$counts")")
		rows_r+=("$(printf '%-3s | %s | %s | %6s' "$n" "$(cell "$e")" "$(cell "$s")" "$rr")")
		[[ $counts == *unbounded* ]] && lbs+=("n=$n:$lb")
		[[ $en =~ ^[0-9] ]] && last_en=$n || live_en=0
		[[ $sn =~ ^[0-9] ]] && last_sn=$n || live_sn=0
		[[ $e =~ ^[0-9] ]] && last_e=$n || live_e=0
		[[ $s =~ ^[0-9] ]] && last_s=$n || live_s=0
	done
	local h='     states transitions      cpu     states/s  bytes/st'
	echo "-- without reduction: electlab -no-por beside Spin -DNOREDUCE; the ratio of their states/s; sends, deliveries min..max (all four runs agree)"
	printf '%-3s | %-54s | %-54s | %6s | %s\n' n "electlab:$h" "Spin:    $h" ratio "min..max"
	printf '%s\n' "${rows_n[@]}"
	echo "-- with reduction: electlab (sleep sets; persistent sets where they apply) beside Spin's default partial-order reduction; Spin's time / electlab's"
	printf '%-3s | %-54s | %-54s | %6s\n' n "electlab:$h" "Spin:    $h" speedup
	printf '%s\n' "${rows_r[@]}"
	echo
	echo "largest n finished within ${LIMIT}s: electlab -no-por $last_en, Spin -DNOREDUCE $last_sn, electlab $last_e, Spin (POR) $last_s"
	if ((${#lbs[@]})); then
		echo "maxima found before the cycle cut (sends/deliveries; electlab -no-por, Spin -DNOREDUCE, electlab, Spin): ${lbs[*]}"
	fi
	if ((compared == 0)); then
		echo "bench-spin: $title: no size where both electlab and Spin finished within ${LIMIT}s: nothing was compared" >&2
		fail=1
	fi
	echo
}

fail=0
ALGO=changroberts PML=changroberts SFLAGS=() BINIT=
table "Chang-Roberts, every process an initiator (electlab -algo changroberts -n N; changroberts.pml -DN=N)" "$NMAX"
echo "(Spin's states include its own init and monitor states: about 4 per quiescent state more than electlab's at the same n.)"
echo
ALGO=bully PML=bully SFLAGS=(-DINIT=1) BINIT=1
table "Bully, the coordinator N crashed, one detector 1 (electlab -algo bully -n N -crashed N -initiators 1; bully.pml -DN=N -DINIT=1)" "$BNMAX"
ALGO=bully PML=bully SFLAGS=(-DINIT=0) BINIT=all
table "Bully, the coordinator N crashed, every live process a detector (electlab -algo bully -n N -crashed N -initiators all; bully.pml -DN=N -DINIT=0)" "$BNMAX"
ALGO=bully PML=bully SFLAGS=(-DINIT=0 -DLAZY) BINIT=all DETECT=lazy
table "Bully, the coordinator N crashed, every live process a potential detector, lazy detection (electlab -algo bully -n N -crashed N -initiators all -detect lazy; bully.pml -DN=N -DINIT=0 -DLAZY)" "$BNMAX"
DETECT=
ALGO=changroberts PML=changroberts SFLAGS=(-DDESC) BINIT= ORDER=desc
table "Chang-Roberts, ids N..1 in ring order, every process an initiator (electlab -algo changroberts -n N -order desc; changroberts.pml -DN=N -DDESC)" "$NMAX"
ORDER=
echo "(Bully: Spin stores the cut states, electlab does not; the states of both searches depend on their order once the cycle cut is involved.)"
exit $fail
