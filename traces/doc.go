// Package traces records, stores, replays, minimizes and renders executions
// of electlab's model: the lasting, replayable form of a counterexample.
//
// A trace is a versioned JSON document (Format, "electlab-trace/1"):
//
//	{
//	  "format": "electlab-trace/1",
//	  "algorithm": "changroberts",
//	  "variant": "swallow",
//	  "config": {
//	    "ids": [3, 1, 2],
//	    "initiators": [],
//	    "crashed": [],
//	    "absent": [],
//	    "timing": "async",
//	    "timeouts": "accurate",
//	    "net": "fifo",
//	    "forwarding": true,
//	    "crash_budget": 0,
//	    "recovery": false
//	  },
//	  "events": [
//	    {"event": "detect 3", "fp": "9c4f0a1b2c3d4e5f"},
//	    {"event": "deliver 3->1 #1", "fp": "0123456789abcdef"}
//	  ],
//	  "outcome": {"leader": 3, "agreed": true, ...},
//	  "violation": {"property": "safety", "step": 2, "message": "..."},
//	  "note": "free text"
//	}
//
// Events are named by content (model.Event.String), never by position in an
// enabled list; "fp" is the World's fingerprint after the event. A trace
// recorded WithSnapshots also carries, per event, a readable "state" (a
// Snapshot) and the top-level flag "snapshots": true, so a replay that
// diverges can show what changed. "violation" and "note" are optional;
// "config.count_in_state" appears only when true (it changes fingerprints).
//
// Encoding is canonical: fixed field order, 2-space indentation, short
// objects and arrays of scalars on one line, a final newline. The same trace
// always gives the same bytes, and Decode followed by Encode reproduces a
// canonical file byte for byte.
//
// Nothing in this package uses goroutines, clocks, random sources or map
// iteration order.
package traces
