package traces

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
	"github.com/google/go-cmp/cmp"

	"github.com/electlab/electlab/algos/changroberts"
	"github.com/electlab/electlab/model"
)

// TestRender checks the text and Mermaid renderings and the JSON encoding
// against the golden files; rewrite them with `go test ./traces -rewrite`.
//
// Commands:
//
//	render format=text|mermaid|json ids=3,1,2 [algo=changroberts]
//	  [variant=V] [initiators=1,3] [crashed=5] [absent=9] [timing=sync]
//	  [timeouts=early] [net=unordered] [forwarding=false]
//	  [crash-budget=1] [recovery] [snapshots] [nofinish] [maskfp]
//
// The input holds an optional schedule prefix, one event name a line, plus
// optional lines "violation PROPERTY STEP MESSAGE..." and "note TEXT...".
// After the prefix the run continues with the test scheduler (initiations
// first, then the oldest message; a round or a timer when nothing is in
// flight) unless nofinish is given. maskfp hides the fingerprints of the
// JSON encoding (they follow model.World.Encode, not this package).
var fpRE = regexp.MustCompile(`"fp": "[0-9a-f]{16}"`)

func TestRender(t *testing.T) {
	for _, file := range []string{"../testdata/traces/render.txt", "../testdata/traces/format.txt"} {
		datadriven.RunTest(t, file, func(t *testing.T, d *datadriven.TestData) string {
			switch d.Cmd {
			case "render":
				tr, rep, err := buildTrace(d)
				if err != nil {
					return "error: " + err.Error() + "\n"
				}
				format := "text"
				if a, ok := d.Arg("format"); ok {
					format = a.SingleVal(t)
				}
				switch format {
				case "text":
					return RenderText(tr, rep)
				case "mermaid":
					return RenderMermaid(tr, rep)
				case "json":
					b, err := tr.Marshal()
					if err != nil {
						return "error: " + err.Error() + "\n"
					}
					if d.HasArg("maskfp") {
						// Fingerprints follow model.World.Encode; the golden
						// is about the layout.
						b = fpRE.ReplaceAll(b, []byte(`"fp": "<fingerprint>"`))
					}
					return string(b)
				}
				d.Fatalf(t, "unknown format %q", format)
			}
			d.Fatalf(t, "unknown command %q", d.Cmd)
			return ""
		})
	}
}

// buildTrace runs the execution a render directive describes, records it
// and replays it.
func buildTrace(d *datadriven.TestData) (*Trace, *Replayed, error) {
	cfg := &model.Config{Algo: "changroberts"}
	forwarding := ""
	snapshots, finish := false, true
	for _, a := range d.CmdArgs {
		val := ""
		if len(a.Vals) > 0 {
			val = strings.Join(a.Vals, ",")
		}
		var err error
		switch a.Key {
		case "format", "maskfp":
		case "algo":
			cfg.Algo = val
		case "initiators":
			cfg.Initiators, err = model.ParseIDs(val)
		case "forwarding":
			forwarding = val
		case "crash-budget":
			cfg.CrashBudget, err = strconv.Atoi(val)
		case "recovery":
			cfg.Recovery = true
		case "snapshots":
			snapshots = true
		case "nofinish":
			finish = false
		default:
			var known bool
			if known, err = cfg.SetField(a.Key, val); !known {
				err = fmt.Errorf("unknown argument %q", a.Key)
			}
		}
		if err != nil {
			return nil, nil, err
		}
	}
	// Only the finished changroberts is used, so that the goldens do not
	// change with algorithms still under development.
	if cfg.Algo != "changroberts" {
		return nil, nil, fmt.Errorf("algorithm %q is not used by these goldens", cfg.Algo)
	}
	var spec model.Spec = changroberts.Algorithm
	cfg.Forwarding = spec.Meta().Forwarding
	if forwarding != "" {
		cfg.Forwarding = forwarding == "true"
	}
	s0, err := spec.NewSystem(cfg)
	if err != nil {
		return nil, nil, err
	}
	var v *Violation
	var note string
	var evs []model.Event
	s := s0.Clone()
	for _, line := range strings.Split(d.Input, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "violation "):
			f := strings.SplitN(line, " ", 4)
			if len(f) != 4 {
				return nil, nil, fmt.Errorf("want \"violation PROPERTY STEP MESSAGE\", got %q", line)
			}
			step, err := strconv.Atoi(f[2])
			if err != nil {
				return nil, nil, err
			}
			v = &Violation{Property: f[1], Step: step, Message: f[3]}
		case strings.HasPrefix(line, "note "):
			note = strings.TrimPrefix(line, "note ")
		default:
			ev, err := model.ParseEvent(line)
			if err != nil {
				return nil, nil, err
			}
			if err := s.Apply(ev); err != nil {
				return nil, nil, err
			}
			evs = append(evs, ev)
		}
	}
	if finish {
		evs = append(evs, schedule(s)...)
	}
	var opts []Option
	if snapshots {
		opts = append(opts, WithSnapshots())
	}
	tr, err := Record(s0, evs, v, note, opts...)
	if err != nil {
		return nil, nil, err
	}
	rep, err := Replay(spec, tr)
	if err != nil {
		return nil, nil, err
	}
	return tr, rep, nil
}

// schedule runs s to the end with the test scheduler and returns the
// events applied: initiations first, then the oldest message in flight,
// then (nothing in flight) the first round or timer enabled. Faults are
// never injected. It stops after a generous cap.
func schedule(s model.System) []model.Event {
	type oldest interface {
		OldestDelivery() (model.Event, bool)
	}
	var evs []model.Event
	for len(evs) < 10000 {
		en := s.Enabled(nil)
		next, ok := model.Event{}, false
		for _, ev := range en {
			if ev.Kind == model.EvDetect {
				next, ok = ev, true
				break
			}
		}
		if !ok {
			// OldestDelivery ignores the timing: under sync timing the
			// deliveries happen in rounds.
			if o, is := s.(oldest); is && s.Config().Timing == model.Async {
				next, ok = o.OldestDelivery()
			}
		}
		if !ok {
			for _, ev := range en {
				if ev.Kind == model.EvRound || ev.Kind == model.EvFire || ev.Kind == model.EvDeliver {
					next, ok = ev, true
					break
				}
			}
		}
		if !ok {
			return evs
		}
		if s.Apply(next) != nil {
			return evs
		}
		evs = append(evs, next)
	}
	return evs
}

// TestRenderAllEffects renders a synthetic step with every kind of effect
// (bounces, timers, recoveries and list payloads do not occur in
// changroberts runs).
func TestRenderAllEffects(t *testing.T) {
	k := &model.Kind{Name: "poll", Args: 2}
	m := model.Message{Kind: k, From: 1, To: 2, Seq: 3, A: 7, B: 8, List: []model.ID{4, 5}}
	effs := []model.Effect{
		{Kind: model.Sent, P: 1, Msg: m},
		{Kind: model.Forwarded, P: 1, Msg: m},
		{Kind: model.Delivered, P: 2, Msg: m},
		{Kind: model.Dropped, P: 2, Msg: m},
		{Kind: model.Bounced, P: 1, Msg: m},
		{Kind: model.Noted, P: 1, Tag: "seen", Val: 4},
		{Kind: model.Fired, P: 2, Val: 1},
		{Kind: model.Started, P: 1},
		{Kind: model.CrashedP, P: 2},
		{Kind: model.Recovered, P: 2},
		{Kind: model.Joined, P: 2},
		{Kind: model.Decided, P: 1, Val: 0},
		{Kind: model.Decided, P: 2, Val: 2, Coord: true},
	}
	tr := &Trace{Config: &model.Config{Algo: "x", IDs: []model.ID{1, 2}},
		Steps:     []Step{{Event: model.Event{Kind: model.EvRound, Seq: 1}}, {Event: model.Event{Kind: model.EvCrash, P: 2}}},
		Violation: &Violation{Property: "p", Step: 1, Message: "a\nb"}}
	rep := &Replayed{Effects: [][]model.Effect{effs}}
	got := RenderText(tr, rep) + "\n" + RenderMermaid(tr, rep)
	want := `algo=x ids=1,2 initiators=all timing=async timeouts=accurate net=fifo forwarding=false

step  event    effects
   1  round 1  sent 1->2 poll(7,8;4,5) #3
               forwarded 1->2 poll(7,8;4,5) #3 (by crashed 1)
               delivered 1->2 poll(7,8;4,5) #3
               dropped 1->2 poll(7,8;4,5) #3 (2 is down)
               bounced 1->2 poll(7,8;4,5) #3 (back to 1)
               observed 1: seen=4
               fired 2 t1
               started 1
               crashed 2
               recovered 2
               joined 2
               decided 1: leader=none
               decided 2: leader=2 (coordinator)
               !! violation of p after step 1: a b
   2  crash 2  (not replayed)

outcome: leader=none agreed=false coordinators=[] quiescent=false steps=0
messages: sends=0 transmissions=0 deliveries=0 forwards=0
violation of p after step 1: a b

sequenceDiagram
    participant P1 as 1
    participant P2 as 2
    Note over P1,P2: round 1
    Note over P1: forwards poll(7,8#59;4,5) to 2
    P1->>P2: poll(7,8#59;4,5) #3
    P1-xP2: poll(7,8#59;4,5) #3 (dropped)
    P1-xP2: poll(7,8#59;4,5) #3 (bounced)
    Note over P1: seen=4
    Note over P2: timer t1
    Note over P1: start
    Note over P2: crash
    Note over P2: recover
    Note over P2: join
    Note over P1: leader=none
    Note over P2: leader=2 (coordinator)
    Note over P1,P2: violation of p after step 1: a b
`
	if got != want {
		t.Fatalf("rendering differs (-want +got):\n%s", cmp.Diff(want, got))
	}
	// A nil replay renders the events alone; neither renderer panics on
	// an empty trace.
	if s := RenderText(tr, nil); !strings.Contains(s, "   2  crash 2\n") {
		t.Fatalf("RenderText without replay:\n%s", s)
	}
	_ = RenderText(&Trace{}, nil)
	_ = RenderMermaid(&Trace{}, nil)
}
