/*
 * Garcia-Molina's Bully algorithm (electlab's bully, default readings
 * elect-all, iwon-all, t1-2, ok-stay), for the Spin comparison of
 * `make bench-spin` (testdata/spin/run.sh, docs/EXPLORE.md).
 *
 * The same model as electlab's World for
 *     electlab explore -algo bully -n N -crashed N -initiators I -counts=per-process
 * (async timing, accurate timeouts, FIFO links): processes with ids 1..N
 * on a complete graph, the old coordinator N crashed before the run; the
 * detectors (pending initiations) are process INIT, or every live process
 * when INIT is 0. One FIFO channel per ordered pair (f, t), f live; a
 * message to the crashed N is sent and counted as sent, then lost by its
 * own event (electlab's delivery to a crashed process: not a delivery).
 * One atomic step (d_step) per World event:
 *   detect P         pending initiation of P (a no-op unless P is idle and
 *                    not the coordinator: then it starts an election);
 *   deliver F->P     the head of link F->P, with all the handling and sends;
 *   fire P T1 / T2   an armed timer, enabled only when no message is in
 *                    flight anywhere (electlab's accurate timeouts; the
 *                    state keeps which timer is armed, not its deadline).
 * Each process's sends, transmissions (a multicast is one) and deliveries
 * are counters in the state (electlab -counts=per-process).
 *
 * Cycles. A waiting process's T2 may fire while the winner's T1 is still
 * armed (no deadlines in async timing): it restarts its election, every
 * higher process answers OK, and the World comes back with more messages
 * counted. The counted state space is infinite; electlab stops a path
 * where the World without counters repeats one on its DFS stack (its
 * maxima are then lower bounds). This model does the same: every event
 * ends with check(), which hashes the state vector with the counters
 * zeroed and compares it with the hashes of the current path (an array
 * tracked on Spin's stack but not part of state matching: c_track
 * "UnMatched"); a repeat sets `cut`, which disables every event, so the
 * path ends there (the cut state is stored by Spin, not by electlab). The
 * first cut prints a CUT line: the maximum counts are then unbounded (the
 * cycle can be taken again and again, and every state can still reach a
 * quiescent one) and the printed maxima are lower bounds that depend on
 * the search order, as electlab's do.
 * All the state is global (the timeouts read the global in-flight count),
 * so Spin's partial-order reduction has little to work with.
 *
 * At every quiescent state (nothing enabled, not cut) the monitor prints
 * the totals once; run.sh takes the min and max of the printed lines (pan
 * built with -DPRINTF).
 */
#ifndef N
#define N 4
#endif
#ifndef INIT
#define INIT 0
#endif
/* LAZY: a detection is enabled only while the process does not know a
 * live coordinator (its leader is the crashed N): electlab -detect lazy. */
#ifdef LAZY
#define DETECTABLE(i) (pending[i] && leader[i] == N)
#else
#define DETECTABLE(i) pending[i]
#endif
#define CAP 8
#define IDLE 0
#define ELECTING 1
#define WAITING 2
#define C (N-1)

mtype = { ELECTION, OK, IWON };
chan link[N*N] = [CAP] of { mtype };

/* Process i (id i+1): phase, leader (an id), coordinator flag, pending
 * initiation, timers T1 (armed exactly in ELECTING) and T2 (WAITING). */
byte phase[N];
byte leader[N];
bool coord[N];
bool pending[N];
bool t1[N];
bool t2[N];
/* messages in all links (the crashed process's included) */
short inflight;
/* the path closed a World cycle: nothing is enabled */
bool cut;
/* per process: sends 3i, transmissions 3i+1, deliveries 3i+2 */
int cnt[3*N];

c_decl {
#ifndef MAXH
#define MAXH 512
#endif
	unsigned long long bully_hist[MAXH]; /* World hashes of the path */
	int bully_hlen;
	int bully_cutseen; /* not state: whether a cut was met (printed once) */
}
c_track "&bully_hist" "sizeof(bully_hist)" "UnMatched";
c_track "&bully_hlen" "sizeof(int)" "UnMatched";

/* check: hash the World (the state vector, counters zeroed) and end the
 * path if it repeats a World of the path. */
inline check() {
	c_code {
		int save[3*N];
		unsigned long long h = 1469598103934665603ULL;
		unsigned char *b = (unsigned char *) &now;
		int k;
		memcpy(save, now.cnt, sizeof(save));
		memset(now.cnt, 0, sizeof(save));
		for (k = 0; k < vsize; k++) { h ^= b[k]; h *= 1099511628211ULL; }
		memcpy(now.cnt, save, sizeof(save));
		for (k = 0; k < bully_hlen; k++) {
			if (bully_hist[k] == h) { now.cut = 1; break; }
		}
		if (now.cut && !bully_cutseen) { bully_cutseen = 1; printf("CUT a World repeats on the path with other counts\n"); }
		if (!now.cut) {
			if (bully_hlen >= MAXH) { Uerror("path longer than MAXH"); }
			bully_hist[bully_hlen++] = h;
		}
	}
}

/* elect(i, j): ELECTION to every higher member (the crashed one
 * included), T2 cancelled, T1 armed ([S2]; algos/bully elect). */
inline elect(i, j) {
	phase[i] = ELECTING;
	t2[i] = 0;
	if
	:: i < N-1 ->
		j = i+1;
		do
		:: j < N -> link[i*N+j]!ELECTION; cnt[3*i]++; inflight++; j++
		:: else -> break
		od;
		cnt[3*i+1]++;
		j = 0
	:: else -> skip
	fi;
	t1[i] = 1
}

/* Node i: its initiation and its timers. */
proctype Node(byte i) {
	byte j = 0;
end:
	do
	:: d_step { !cut && DETECTABLE(i) ->
		pending[i] = 0;
		if
		:: !coord[i] && phase[i] == IDLE -> elect(i, j)
		:: else -> skip
		fi;
		check() }
	:: d_step { !cut && inflight == 0 && t1[i] ->
		/* no OK came: win, I-WON to every lower member */
		t1[i] = 0;
		phase[i] = IDLE; coord[i] = 1; leader[i] = i+1;
		if
		:: i > 0 ->
			j = 0;
			do
			:: j < i -> link[i*N+j]!IWON; cnt[3*i]++; inflight++; j++
			:: else -> break
			od;
			cnt[3*i+1]++;
			j = 0
		:: else -> skip
		fi;
		check() }
	:: d_step { !cut && inflight == 0 && t2[i] ->
		/* an OK came but no I-WON: start again */
		t2[i] = 0;
		elect(i, j);
		check() }
	od
}

/* Link f->t, t live: delivery of its head at t. */
proctype Link(byte f; byte t) {
	byte j = 0;
	mtype k;
end:
	do
	:: d_step { !cut && nempty(link[f*N+t]) ->
		link[f*N+t]?k;
		inflight--;
		cnt[3*t+2]++;
		if
		:: k == ELECTION ->
			link[t*N+f]!OK; cnt[3*t]++; cnt[3*t+1]++; inflight++;
			if
			:: phase[t] == IDLE -> elect(t, j)
			:: else -> skip
			fi
		:: k == OK ->
			if
			:: phase[t] == ELECTING -> phase[t] = WAITING; t1[t] = 0; t2[t] = 1
			:: else -> skip
			fi
		:: k == IWON ->
			t1[t] = 0; t2[t] = 0;
			phase[t] = IDLE; leader[t] = f+1; coord[t] = 0
		fi;
		k = 0;
		check() }
	od
}

/* Link f->C, C crashed: the head is lost (not a delivery). */
proctype Lost(byte f) {
	mtype k;
end:
	do
	:: d_step { !cut && nempty(link[f*N+C]) ->
		link[f*N+C]?k; inflight--; k = 0;
		check() }
	od
}

/* The monitor: at a quiescent state (nothing else can move: timeout) that
 * is not a cut, print the totals. */
proctype Monitor() {
	byte j = 0;
	int s = 0, r = 0;
end:
	timeout && !cut ->
	d_step {
		do
		:: j < N -> s = s + cnt[3*j]; r = r + cnt[3*j+2]; j++
		:: else -> break
		od;
		printf("COUNTS sends=%d deliveries=%d\n", s, r)
	}
}

init {
	byte f, t;
	atomic {
		f = 0;
		do
		:: f < N ->
			leader[f] = N;
			pending[f] = (f < C && (INIT == 0 || INIT == f+1));
			f++
		:: else -> break
		od;
		coord[C] = 1;
		f = 0;
		do
		:: f < C ->
			run Node(f);
			t = 0;
			do
			:: t < C -> if :: t != f -> run Link(f, t) :: else -> skip fi; t++
			:: else -> break
			od;
			run Lost(f);
			f++
		:: else -> break
		od;
		run Monitor();
		f = 0; t = 0
	}
}
