package runner

import "github.com/electlab/electlab/claim"

// Tool is what a command's work runs with, given by cli.Main for one call:
// the algorithms it knows, each with its claims (electlab's registry, and
// the caller's algorithms when there are any), and the program its
// printed replay commands name (render.ReplayCommand: "" is electlab).
type Tool struct {
	Reg     claim.Registry
	Program string
}
