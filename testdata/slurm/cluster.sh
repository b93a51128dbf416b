#!/usr/bin/env bash
# A one-node Slurm cluster on 127.0.0.1 for the scale-out tests (make
# dist-test, testdata/slurm/dist-test.sh; docs/SCALE.md).
#
#   bash testdata/slurm/cluster.sh start    # install, configure, start, wait until the node is idle
#   bash testdata/slurm/cluster.sh stop     # stop every daemon start started, by its pid file
#   bash testdata/slurm/cluster.sh status   # the daemons' pids and sinfo
#   bash testdata/slurm/cluster.sh env      # prints export SLURM_CONF=... for a shell
#   bash testdata/slurm/cluster.sh logs     # the last lines of the daemons' logs
#
# start installs Debian's slurm-wlm and munge with apt-get when a program
# is missing (as root, or through sudo) and fails, exit status 1 and a
# line saying so, when they cannot be installed: it never skips. It then
# writes everything into DIR (ELECTLAB_SLURM_DIR, default
# ${TMPDIR:-/tmp}/electlab-slurm, wiped at each start): a munge key and a
# munged of its own on DIR/munge/munge.socket (the machine's munged, if
# any, is not used), slurm.conf (one node, electlab1, on 127.0.0.1, with
# the CPUs and memory `slurmd -C` reads off this machine;
# proctrack/linuxproc, task/none, select/cons_tres, no cgroup, no
# accounting), the state and spool directories, the logs (DIR/log) and
# the pid files (DIR/pid), then starts munged, slurmctld and slurmd and
# waits until sinfo shows the node idle (ELECTLAB_SLURM_TIMEOUT seconds,
# default 120; on failure it prints the daemons' logs, stops what it
# started and exits 1). The clients find the cluster through SLURM_CONF
# (DIR/slurm.conf; `env` prints it).
#
# Ports: ELECTLAB_SLURMCTLD_PORT (6817) and ELECTLAB_SLURMD_PORT (6818),
# refused when already taken.
#
# stop cancels the cluster's jobs, then stops each daemon by the pid in
# its pid file (TERM, then KILL after 10 s), checking first that the pid
# still runs that program; then any job step daemon (slurmstepd) still
# holding a file under DIR. start begins with a stop, so reruns after a
# failure or an interrupted run start clean. Running as root is expected
# (CI runs as root): the daemons and the jobs run as root.
set -euo pipefail

DIR=${ELECTLAB_SLURM_DIR:-${TMPDIR:-/tmp}/electlab-slurm}
CTLD_PORT=${ELECTLAB_SLURMCTLD_PORT:-6817}
SLURMD_PORT=${ELECTLAB_SLURMD_PORT:-6818}
TIMEOUT=${ELECTLAB_SLURM_TIMEOUT:-120}
NODE=electlab1
CONF=$DIR/slurm.conf
export SLURM_CONF=$CONF

say() { echo "cluster.sh: $*" >&2; }
die() {
	say "$*"
	exit 1
}

# need_packages installs slurm-wlm and munge when one of their programs is
# missing; it fails loudly when they are still missing afterwards.
PROGRAMS="munged mungekey slurmctld slurmd sinfo squeue sbatch srun scontrol scancel"
missing() {
	local p m=""
	for p in $PROGRAMS; do
		command -v "$p" >/dev/null 2>&1 || [ -x "/usr/sbin/$p" ] || m="$m $p"
	done
	echo "${m# }"
}
need_packages() {
	local m
	m=$(missing)
	[ -z "$m" ] && return 0
	say "missing:$m; installing Debian's slurm-wlm and munge (apt-get install -y --no-install-recommends slurm-wlm munge)"
	local sudo=""
	if [ "$(id -u)" != 0 ]; then
		command -v sudo >/dev/null 2>&1 || die "cannot install slurm-wlm and munge: not root and no sudo"
		sudo=sudo
	fi
	export DEBIAN_FRONTEND=noninteractive
	if ! $sudo apt-get install -y -qq --no-install-recommends slurm-wlm munge >&2; then
		# The package lists may be missing or stale on a fresh machine.
		$sudo apt-get update -qq >&2 || die "cannot install slurm-wlm and munge: apt-get update failed"
		$sudo apt-get install -y -qq --no-install-recommends slurm-wlm munge >&2 ||
			die "cannot install slurm-wlm and munge: apt-get install failed"
	fi
	m=$(missing)
	[ -z "$m" ] || die "slurm-wlm and munge are installed but these programs are still missing:$m"
}
PATH=$PATH:/usr/sbin:/sbin

# pidof_file prints the pid in pid file $1 when that process still runs
# program $2 (or $2-wlm, Debian's name; so that a pid reused by another program is never signalled).
pidof_file() {
	local f=$1 prog=$2 pid exe
	[ -s "$f" ] || return 1
	pid=$(tr -dc 0-9 <"$f")
	[ -n "$pid" ] && [ -d "/proc/$pid" ] || return 1
	exe=$(readlink "/proc/$pid/exe" 2>/dev/null || true)
	case "${exe##*/}" in
	"$prog" | "$prog-wlm") echo "$pid" ;; # Debian's are slurmctld-wlm, ...
	*) return 1 ;;
	esac
}

# stop_pid stops process $2 ($1 names it): TERM, then KILL after 10 s.
stop_pid() {
	local name=$1 pid=$2
	kill -TERM "$pid" 2>/dev/null || return 0
	for _ in $(seq 100); do
		[ -d "/proc/$pid" ] || { say "stopped $name (pid $pid)"; return 0; }
		sleep 0.1
	done
	say "$name (pid $pid) still runs 10 s after SIGTERM: SIGKILL"
	kill -KILL "$pid" 2>/dev/null || true
	for _ in $(seq 50); do
		[ -d "/proc/$pid" ] || return 0
		sleep 0.1
	done
	say "$name (pid $pid) survived SIGKILL"
	return 1
}

# stepds prints the pids of slurmstepd processes holding a file under DIR
# (the job steps of this cluster's slurmd, which they outlive).
stepds() {
	local p exe fd
	for p in /proc/[0-9]*; do
		exe=$(readlink "$p/exe" 2>/dev/null || true)
		case "${exe##*/}" in slurmstepd | slurmstepd-wlm) ;; *) continue ;; esac
		for fd in "$p"/fd/*; do
			case "$(readlink "$fd" 2>/dev/null)" in
			"$DIR"/*)
				echo "${p#/proc/}"
				break
				;;
			esac
		done
	done
}

stop() {
	local ok=0 pid
	if [ -f "$CONF" ] && pidof_file "$DIR/pid/slurmctld.pid" slurmctld >/dev/null; then
		# Cancel the jobs first, so that slurmd ends their steps.
		if scancel --quiet --full --user="$(id -un)" 2>/dev/null; then
			for _ in $(seq 50); do
				[ -z "$(squeue --noheader --states=RUNNING,COMPLETING 2>/dev/null)" ] && break
				sleep 0.1
			done
		fi
	fi
	for d in slurmd slurmctld munged; do
		if pid=$(pidof_file "$DIR/pid/$d.pid" "$d"); then
			stop_pid "$d" "$pid" || ok=1
		fi
		rm -f "$DIR/pid/$d.pid"
	done
	for pid in $(stepds); do
		stop_pid "slurmstepd" "$pid" || ok=1
	done
	return $ok
}

status() {
	local d pid
	for d in munged slurmctld slurmd; do
		if pid=$(pidof_file "$DIR/pid/$d.pid" "$d"); then
			echo "$d: pid $pid"
		else
			echo "$d: not running"
		fi
	done
	if pidof_file "$DIR/pid/slurmctld.pid" slurmctld >/dev/null; then
		sinfo --noheader --Node --format='%N %T %c CPUs %m MB' 2>&1 || true
	fi
}

logs() {
	local f
	for f in "$DIR"/log/*.log; do
		[ -f "$f" ] || continue
		echo "---- $f (last 60 lines)" >&2
		tail -n 60 "$f" >&2
	done
}

port_free() {
	# /proc/net/tcp lists listening sockets (state 0A) with the port in hex.
	local hex
	hex=$(printf '%04X' "$1")
	! awk -v h=":$hex" '$4 == "0A" && substr($2, length($2) - 4) == h { found = 1 } END { exit !found }' /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

start() {
	need_packages
	stop || die "a daemon of the previous cluster in $DIR did not stop"
	for p in "$CTLD_PORT" "$SLURMD_PORT"; do
		port_free "$p" || die "port $p is taken (another slurmctld or slurmd?): set ELECTLAB_SLURMCTLD_PORT and ELECTLAB_SLURMD_PORT"
	done
	case "$DIR" in
	/*/*) ;;
	*) die "ELECTLAB_SLURM_DIR=$DIR: want an absolute path below a directory" ;;
	esac
	rm -rf "$DIR"
	mkdir -p "$(dirname "$DIR")"
	mkdir -m 0755 "$DIR" # munged wants its socket directory reachable by all
	mkdir -m 0755 "$DIR/munge"
	mkdir -m 0700 "$DIR/state" "$DIR/spool" "$DIR/log" "$DIR/pid"
	trap 'say "start failed; the daemons logs:"; logs; stop || true' EXIT

	# munge: a key and a munged of our own.
	mungekey --create --keyfile="$DIR/munge/munge.key" 2>/dev/null ||
		{ dd if=/dev/urandom of="$DIR/munge/munge.key" bs=1024 count=1 status=none && chmod 0400 "$DIR/munge/munge.key"; }
	munged --force --key-file="$DIR/munge/munge.key" --socket="$DIR/munge/munge.socket" \
		--pid-file="$DIR/pid/munged.pid" --log-file="$DIR/log/munged.log" \
		--seed-file="$DIR/munge/munged.seed"

	# slurm.conf: this machine's CPUs and memory, as slurmd reads them.
	local hw host user
	hw=$(slurmd -C | sed -n 's/^NodeName=[^ ]* //p' | sed 's/ *$//')
	[ -n "$hw" ] || die "slurmd -C printed no node line"
	host=$(hostname -s)
	user=$(id -un)
	cat >"$CONF" <<EOF
# Generated by testdata/slurm/cluster.sh: a one-node cluster on 127.0.0.1.
ClusterName=electlab
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=$user
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$DIR/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/pid/slurmctld.pid
SlurmdPidFile=$DIR/pid/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
# The main scheduling loop every 2 s (default 60 s), so that a requeued
# job whose begin time has come starts without waiting a minute.
SchedulerParameters=sched_interval=2,bf_interval=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
DependencyParameters=kill_invalid_depend
MinJobAge=3600
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
NodeName=$NODE NodeAddr=127.0.0.1 $hw State=UNKNOWN
PartitionName=electlab Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
	cat >"$DIR/cgroup.conf" <<EOF
# Not used: proctrack/linuxproc and task/none load no cgroup plugin.
CgroupPlugin=autodetect
EOF
	slurmctld -f "$CONF"
	slurmd -f "$CONF" -N "$NODE"

	local t0=$SECONDS state=""
	while :; do
		state=$(sinfo --noheader --Node --nodes="$NODE" --format=%T 2>/dev/null || true)
		[ "$state" = idle ] && break
		if [ $((SECONDS - t0)) -ge "$TIMEOUT" ]; then
			die "node $NODE is not idle after ${TIMEOUT} s (sinfo: ${state:-no answer})"
		fi
		sleep 0.5
	done
	trap - EXIT
	say "up in $((SECONDS - t0)) s after the daemons started: node $NODE idle ($(sinfo --noheader --Node --format='%c CPUs, %m MB')); SLURM_CONF=$CONF"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
status) status ;;
env) echo "export SLURM_CONF=$CONF" ;;
logs) logs 2>&1 ;;
*)
	echo "usage: $0 start|stop|status|env|logs" >&2
	exit 2
	;;
esac
