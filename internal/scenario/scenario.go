// Package scenario parses electlab's scenario files: a configuration and
// a script of events, for anything richer than the command-line flags
// (timed crashes, detections, joins).
//
// A scenario file:
//
//	# comments (a '#' at the start of a line or after a space, followed by
//	# a space or the end of the line) and blank lines are ignored; keys
//	# and values are separated by spaces or tabs
//	algo        changroberts
//	variant     resend
//	ids         3,1,2,5,4
//	initiators  3,1          (or: all)
//	crashed     4
//	absent      6
//	timing      async
//	timeouts    accurate
//	net         fifo
//	forwarding  true
//	crash-budget 1
//	recovery    false
//	event detect 3
//	event crash 5
//
// The events are applied first, in order (each must be enabled); the
// chosen schedule continues from there. Every error names the line.
//
// It imports algos (the registry) and model; cmd/electlab reads the file
// named by -scenario and hands its bytes to Parse.
package scenario

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/electlab/electlab/claim"
	"github.com/electlab/electlab/model"
)

// Parse parses the scenario file path (its content data): the algorithm
// (one of reg's, with its claims),
// the configuration and the scripted events, checked to apply in order.
// Every error names the file and, where there is one, the line.
func Parse(reg claim.Registry, path string, data []byte) (claim.Entry, *model.Config, []model.Event, error) {
	bad := func(line int, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", path, line, fmt.Sprintf(format, args...))
	}
	var spec claim.Entry
	cfg := &model.Config{}
	var events []model.Event
	var eventLines []int
	seen := map[string]int{}
	forwarding := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := stripComment(sc.Text())
		if text == "" {
			continue
		}
		fields := strings.Fields(text)
		key, val := fields[0], strings.Join(fields[1:], " ")
		if val == "" {
			return claim.Entry{}, nil, nil, bad(line, "%q has no value", key)
		}
		if key != "event" {
			if prev, ok := seen[key]; ok {
				return claim.Entry{}, nil, nil, bad(line, "%q is already set on line %d", key, prev)
			}
			seen[key] = line
		}
		var err error
		switch key {
		case "algo":
			spec, err = reg.Lookup(val)
			if err == nil {
				cfg.Algo = val
			}
		case "initiators":
			if val != "all" {
				cfg.Initiators, err = model.ParseIDs(val)
			}
		case "forwarding":
			if val != "true" && val != "false" {
				err = fmt.Errorf("forwarding %q: want true or false", val)
			}
			forwarding = val
		case "crash-budget":
			cfg.CrashBudget, err = strconv.Atoi(val)
			if err != nil {
				err = fmt.Errorf("crash-budget %q is not an integer", val)
			}
		case "recovery":
			cfg.Recovery, err = strconv.ParseBool(val)
			if err != nil {
				err = fmt.Errorf("recovery %q: want true or false", val)
			}
		case "event":
			var ev model.Event
			ev, err = model.ParseEvent(val)
			events = append(events, ev)
			eventLines = append(eventLines, line)
		default:
			var known bool
			if known, err = cfg.SetField(key, val); known {
				break
			}
			err = fmt.Errorf("unknown key %q (want algo, variant, ids, initiators, crashed, absent, timing, timeouts, net, forwarding, crash-budget, recovery, successive, physical or event)", key)
		}
		if err != nil {
			return claim.Entry{}, nil, nil, bad(line, "%v", err)
		}
	}
	if err := sc.Err(); err != nil {
		return claim.Entry{}, nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	if spec.Spec == nil {
		return claim.Entry{}, nil, nil, fmt.Errorf("%s: no \"algo\" line", path)
	}
	if len(cfg.IDs) == 0 {
		return claim.Entry{}, nil, nil, fmt.Errorf("%s: no \"ids\" line", path)
	}
	cfg.Forwarding = spec.Meta().Forwarding
	if forwarding != "" {
		cfg.Forwarding = forwarding == "true"
	}
	if err := model.Validate(spec.Meta(), cfg); err != nil {
		return claim.Entry{}, nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	// Check that the scripted events apply in order, naming the line of
	// the first that does not.
	if len(events) > 0 {
		s, err := spec.NewSystem(cfg)
		if err != nil {
			return claim.Entry{}, nil, nil, fmt.Errorf("%s: %v", path, err)
		}
		for i, ev := range events {
			if err := s.Apply(ev); err != nil {
				return claim.Entry{}, nil, nil, bad(eventLines[i], "%v", err)
			}
		}
	}
	return spec, cfg, events, nil
}

// stripComment removes a comment: a '#' at the start of the line, or after
// a space or tab, and followed by a space, a tab or the end of the line (so
// "deliver 3->1 #1" keeps its message number).
func stripComment(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] != '#' {
			continue
		}
		before := i == 0 || line[i-1] == ' ' || line[i-1] == '\t'
		after := i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t'
		if before && after {
			return strings.TrimSpace(line[:i])
		}
	}
	return strings.TrimSpace(line)
}
