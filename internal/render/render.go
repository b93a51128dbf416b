// Package render is the output of electlab's commands run, check, explore
// and list: the JSON documents they print (contracts: fields may be added,
// never renamed) and their text renderings, byte for byte what the
// commands print. It also reads an explore part's JSON back into a
// mergeable search result (explore -merge).
//
// It imports algos, checker, checker/explore and model; it runs nothing.
// cmd/electlab and internal/runner build the documents and call it. The
// claims report has its own package (internal/report).
package render

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/electlab/electlab/model"
)

// ReplayCommand is the command that replays the trace at path: "PROGRAM
// replay PATH", where program is "electlab", or the user's own program
// when cli.Main runs with algorithms of the user's (stock electlab cannot
// replay those); "" means "electlab".
func ReplayCommand(program, path string) string {
	if program == "" {
		program = "electlab"
	}
	return program + " replay " + path
}

// WriteJSON writes v as indented JSON and a newline.
func WriteJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// Options are a configuration's options as run and explore print them.
type Options struct {
	Timing      string     `json:"timing"`
	Timeouts    string     `json:"timeouts"`
	Net         string     `json:"net"`
	Forwarding  bool       `json:"forwarding"`
	Initiators  []model.ID `json:"initiators"`
	Crashed     []model.ID `json:"crashed"`
	Absent      []model.ID `json:"absent"`
	CrashBudget int        `json:"crash_budget"`
	Recovery    bool       `json:"recovery"`
	// Successive is Config.Successive (left out when the run has none).
	Successive []model.Phase `json:"successive,omitempty"`
	// Physical is Config.Physical (left out for direct links).
	Physical string `json:"physical,omitempty"`
}

// OptionsOf is cfg's options.
func OptionsOf(cfg *model.Config) Options {
	return Options{Timing: cfg.Timing.String(), Timeouts: cfg.Timeouts.String(), Net: cfg.Net.String(),
		Forwarding: cfg.Forwarding, Initiators: orEmpty(cfg.Initiators), Crashed: orEmpty(cfg.Crashed),
		Absent: orEmpty(cfg.Absent), CrashBudget: cfg.CrashBudget, Recovery: cfg.Recovery, Successive: cfg.Successive,
		Physical: physicalOption(cfg.Physical)}
}

// physicalOption is p's name for the options, "" for direct links.
func physicalOption(p model.Physical) string {
	if p == model.Direct {
		return ""
	}
	return p.String()
}

// optionsLine is the options line of run and explore (long id lists
// summarised: model.SummarizeIDs).
func optionsLine(w io.Writer, o *Options) {
	ids := model.SummarizeIDs
	inits := "all"
	if len(o.Initiators) > 0 {
		inits = ids(o.Initiators)
	}
	crashed := "none"
	if len(o.Crashed) > 0 {
		crashed = ids(o.Crashed)
	}
	fmt.Fprintf(w, "options      timing=%s timeouts=%s net=%s forwarding=%t initiators=%s crashed=%s crash-budget=%d%s\n",
		o.Timing, o.Timeouts, o.Net, o.Forwarding, inits, crashed, o.CrashBudget, optionsTail(o))
}

// optionsTail is the options line's tail for successive crashes and a
// physical network ("" when the run has neither).
func optionsTail(o *Options) string {
	s := ""
	if len(o.Successive) > 0 {
		s += " successive=" + model.FormatPhases(o.Successive)
	}
	if o.Physical != "" {
		s += " physical=" + o.Physical
	}
	return s
}

func orEmpty(ids []model.ID) []model.ID {
	if ids == nil {
		return []model.ID{}
	}
	return ids
}
