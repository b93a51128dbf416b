/*
 * Chang-Roberts-like ring election ([S1] refinement, electlab's
 * changroberts, reading "swallow"), for the Spin comparison of
 * `make bench-spin` (testdata/spin/run.sh, docs/EXPLORE.md).
 *
 * The same model as electlab's World: N processes on a unidirectional ring,
 * ids 1..N in ring order (electlab -n N), every process an initiator; one
 * FIFO channel per link; one atomic step (d_step) per event: an initiation
 * ("detect"), or the delivery of the head of the process's input link with
 * all the handling and the sends it causes. Each process counts its own
 * sends and deliveries in local variables, so the counters are part of the
 * state (electlab -counts=per-process) and Spin's partial-order reduction
 * still applies (only local variables and exclusive channels).
 *
 * Knobs: -DDESC gives ids N..1 in ring order (electlab -ids N,...,1)
 * instead of 1..N; -DNOCOUNT leaves the counters out of the state
 * (electlab -counts=none; the monitor then prints zeros).
 *
 * At every quiescent state (all channels empty, no initiation pending) the
 * monitor prints the totals once; run.sh takes the min and max of the
 * printed lines (pan built with -DPRINTF).
 */
#ifndef N
#define N 3
#endif
#define CAP (2*N+2)

mtype = { ELECT, COORD };
chan ring[N] = [CAP] of { mtype, byte };

proctype P(byte i; chan in, out) {
	xr in;
	xs out;
#ifdef DESC
	byte self = N-i;
#else
	byte self = i+1;
#endif
	bool pending = true, sent = false, elected = false;
	byte leader = 0;
#ifdef NOCOUNT
	hidden byte sends = 0, recvs = 0;
#else
	byte sends = 0, recvs = 0;
#endif
	mtype k;
	byte x;
end:
	do
	:: d_step { pending ->
		pending = false;
		if
		:: !sent -> sent = true; out!ELECT,self; sends++
		:: else -> skip
		fi }
	:: d_step { in?k,x ->
		recvs++;
		if
		:: k == ELECT && x == self ->
			elected = true; leader = self; out!COORD,self; sends++
		:: k == ELECT && self > x ->
			if
			:: !sent -> sent = true; out!ELECT,self; sends++
			:: else -> skip
			fi
		:: k == ELECT && self < x -> out!ELECT,x; sends++
		:: k == COORD && x == self -> skip
		:: k == COORD && x != self -> leader = x; elected = false; out!COORD,x; sends++
		fi;
		k = 0; x = 0 }
	od
}

/* The monitor: at a quiescent state (nothing else can move: timeout),
 * print the totals (remote references to each process's counters). */
proctype Monitor() {
	byte j = 0;
	short s = 0, r = 0;
	timeout ->
	d_step {
		do
		:: j < N -> s = s + P[j+1]:sends; r = r + P[j+1]:recvs; j++
		:: else -> break
		od;
		printf("COUNTS sends=%d deliveries=%d\n", s, r)
	}
}

init {
	byte j;
	atomic {
		j = 0;
		do
		:: j < N -> run P(j, ring[j], ring[(j+1)%N]); j++
		:: else -> break
		od;
		run Monitor()
	}
}
