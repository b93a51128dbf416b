package traces

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/electlab/electlab/internal/outfile"
	"github.com/electlab/electlab/model"
)

// wireTrace is the JSON form of a Trace; its field order is the file's.
type wireTrace struct {
	Format    string         `json:"format"`
	Algorithm string         `json:"algorithm"`
	Variant   string         `json:"variant"`
	Config    *wireConfig    `json:"config"`
	Snapshots bool           `json:"snapshots,omitempty"`
	Events    *[]wireEvent   `json:"events"`
	Outcome   *model.Outcome `json:"outcome"`
	Violation *Violation     `json:"violation,omitempty"`
	Note      string         `json:"note,omitempty"`
}

// wireConfig is the JSON form of a model.Config (less algorithm and
// variant, which are top-level fields of the trace).
type wireConfig struct {
	IDs          []model.ID `json:"ids"`
	Initiators   []model.ID `json:"initiators"`
	Crashed      []model.ID `json:"crashed"`
	Absent       []model.ID `json:"absent"`
	Timing       string     `json:"timing"`
	Timeouts     string     `json:"timeouts"`
	Net          string     `json:"net"`
	Forwarding   bool       `json:"forwarding"`
	CrashBudget  int        `json:"crash_budget"`
	Recovery     bool       `json:"recovery"`
	CountInState bool       `json:"count_in_state,omitempty"`
	// Successive is Config.Successive (absent when the run has none, so
	// traces without successive crashes are unchanged).
	Successive []model.Phase `json:"successive,omitempty"`
	// Physical is Config.Physical (absent for direct links, so traces
	// without a physical network are unchanged).
	Physical string `json:"physical,omitempty"`
	// Detect is Config.Detect (absent for eager detection, so traces
	// without lazy detection are unchanged).
	Detect string `json:"detect,omitempty"`
}

// wireEvent is the JSON form of a Step.
type wireEvent struct {
	Event string    `json:"event"`
	FP    string    `json:"fp"`
	State *Snapshot `json:"state,omitempty"`
}

func orEmpty(ids []model.ID) []model.ID {
	c := make([]model.ID, len(ids))
	copy(c, ids)
	return c
}

func (t *Trace) wire() (*wireTrace, error) {
	if t.Config == nil {
		return nil, fmt.Errorf("encode trace: no config")
	}
	c := t.Config
	if c.Algo == "" {
		return nil, fmt.Errorf("encode trace: the config names no algorithm")
	}
	evs := make([]wireEvent, len(t.Steps))
	for i, s := range t.Steps {
		if t.Snapshots != (s.State != nil) {
			return nil, fmt.Errorf("encode trace: step %d: a state snapshot must be present exactly when the trace has snapshots", i+1)
		}
		evs[i] = wireEvent{Event: s.Event.String(), FP: formatFP(s.Fingerprint), State: s.State}
	}
	out := t.Outcome
	if out.Coordinators == nil {
		out.Coordinators = []model.ID{}
	}
	if out.Messages.ByKind == nil {
		out.Messages.ByKind = map[string]model.KindCount{}
	}
	return &wireTrace{
		Format: Format, Algorithm: c.Algo, Variant: c.Variant,
		Config: &wireConfig{IDs: orEmpty(c.IDs), Initiators: orEmpty(c.Initiators),
			Crashed: orEmpty(c.Crashed), Absent: orEmpty(c.Absent),
			Timing: c.Timing.String(), Timeouts: c.Timeouts.String(), Net: c.Net.String(),
			Forwarding: c.Forwarding, CrashBudget: c.CrashBudget, Recovery: c.Recovery,
			CountInState: c.CountInState, Successive: wirePhases(c.Successive), Physical: wirePhysical(c.Physical),
			Detect: wireDetect(c.Detect)},
		Snapshots: t.Snapshots, Events: &evs, Outcome: &out, Violation: t.Violation, Note: t.Note,
	}, nil
}

// wireDetect is d's name, "" (left out) for eager detection.
func wireDetect(d model.Detection) string {
	if d == model.DetectEager {
		return ""
	}
	return d.String()
}

// wirePhysical is p's name, "" (left out) for direct links.
func wirePhysical(p model.Physical) string {
	if p == model.Direct {
		return ""
	}
	return p.String()
}

// wirePhases is ps with every detector list present ("detectors": [] for
// every live process), nil for none.
func wirePhases(ps []model.Phase) []model.Phase {
	c := model.ClonePhases(ps)
	for i := range c {
		if c[i].Detectors == nil {
			c[i].Detectors = []model.ID{}
		}
	}
	return c
}

func formatFP(fp uint64) string { return fmt.Sprintf("%016x", fp) }

// parseFP parses exactly 16 lower-case hex digits.
func parseFP(s string) (uint64, error) {
	if len(s) != 16 || strings.Trim(s, "0123456789abcdef") != "" {
		return 0, fmt.Errorf("fingerprint %q is not 16 lower-case hex digits", s)
	}
	return strconv.ParseUint(s, 16, 64)
}

// Encode writes t in the canonical JSON form: the same trace always gives
// the same bytes.
func (t *Trace) Encode(w io.Writer) error {
	b, err := t.Marshal()
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Marshal returns the canonical JSON form of t (see Encode).
func (t *Trace) Marshal() ([]byte, error) {
	wt, err := t.wire()
	if err != nil {
		return nil, err
	}
	compact, err := marshalCompact(wt)
	if err != nil {
		return nil, fmt.Errorf("encode trace: %w", err)
	}
	return prettyJSON(compact)
}

// Save writes t to path as internal/outfile does every output file: a
// regular file (or the one a symbolic link names) is replaced atomically,
// so it is either complete or left as it was; a device or FIFO is written
// through; "-" is standard output; a directory is refused.
func (t *Trace) Save(path string) error {
	b, err := t.Marshal()
	if err != nil {
		return err
	}
	return outfile.WriteFile(path, b, nil)
}

// Load reads and decodes the trace file at path (see Decode). Errors name
// the file.
func Load(path string) (*Trace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("load trace: %w", err)
	}
	defer f.Close()
	t, err := Decode(f)
	if err != nil {
		return nil, fmt.Errorf("trace file %s: %w", path, err)
	}
	return t, nil
}

// Decode reads one trace. It is strict: the format version must be Format,
// unknown fields are rejected, the algorithm must be named, event names
// must parse (model.ParseEvent), fingerprints must be 16 hex digits, and
// the timing, timeouts and net must be known. Each error names the
// offending value; syntax errors give the line and column. Decode never
// panics. It does not check the config against the algorithm: Replay does.
func Decode(r io.Reader) (*Trace, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read trace: %w", err)
	}
	return Unmarshal(data)
}

// Unmarshal decodes one trace from data (see Decode).
func Unmarshal(data []byte) (*Trace, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("trace is empty (want a JSON object in format %s)", Format)
	}
	// First pass: syntax, shape, and the format version, so that a trace
	// of another version is reported as such rather than by its fields.
	var top map[string]json.RawMessage
	if err := decodeOne(data, &top, false); err != nil {
		return nil, err
	}
	if top == nil {
		return nil, fmt.Errorf("trace is null (want a JSON object in format %s)", Format)
	}
	rawFormat, ok := top["format"]
	if !ok {
		return nil, fmt.Errorf("trace has no \"format\" field (want %s)", Format)
	}
	var format string
	if err := json.Unmarshal(rawFormat, &format); err != nil {
		return nil, fmt.Errorf("trace format %s is not a string (want %q)", rawFormat, Format)
	}
	if format != Format {
		return nil, fmt.Errorf("trace format %q is not supported (want %s)", format, Format)
	}
	var wt wireTrace
	if err := decodeOne(data, &wt, true); err != nil {
		return nil, err
	}
	return wt.trace()
}

// decodeOne decodes exactly one JSON value from data into v, rejecting
// trailing data and, when strict, unknown fields.
func decodeOne(data []byte, v any, strict bool) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return jsonError(data, dec.InputOffset(), err)
	}
	off := dec.InputOffset()
	if _, err := dec.Token(); err != io.EOF {
		line, col := lineCol(data, off)
		return fmt.Errorf("trace has data after its JSON object at line %d, column %d", line, col)
	}
	return nil
}

// jsonError rewrites an encoding/json error with a position in data.
func jsonError(data []byte, off int64, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		line, col := lineCol(data, int64(len(data)))
		return fmt.Errorf("trace is truncated: the JSON ends unexpectedly at line %d, column %d", line, col)
	case errors.As(err, &syn):
		// Offset counts the bytes read, the offending one included.
		line, col := lineCol(data, max(syn.Offset-1, 0))
		return fmt.Errorf("trace is not valid JSON at line %d, column %d: %s", line, col, strings.TrimPrefix(syn.Error(), "json: "))
	case errors.As(err, &typ):
		line, col := lineCol(data, typ.Offset)
		if typ.Field == "" {
			return fmt.Errorf("trace is a JSON %s, not an object (line %d, column %d)", typ.Value, line, col)
		}
		return fmt.Errorf("trace field %q is a JSON %s, want %s (line %d, column %d)", typ.Field, typ.Value, jsonKind(typ.Type), line, col)
	}
	line, col := lineCol(data, off)
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if f, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return fmt.Errorf("trace has an unknown field %s near line %d, column %d (format %s)", f, line, col, Format)
	}
	return fmt.Errorf("trace does not decode near line %d, column %d: %s", line, col, msg)
}

// jsonKind names the JSON shape expected for a Go type.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
		return "an integer (" + t.Kind().String() + ")"
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
		return "a non-negative integer (" + t.Kind().String() + ")"
	}
	return t.Kind().String()
}

// lineCol converts a byte offset into a 1-based line and column.
func lineCol(data []byte, off int64) (int, int) {
	if off < 0 {
		off = 0
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	pre := data[:off]
	line := 1 + bytes.Count(pre, []byte{'\n'})
	col := int(off) - bytes.LastIndexByte(pre, '\n')
	return line, col
}

// trace converts a decoded wire trace, checking every field.
func (wt *wireTrace) trace() (*Trace, error) {
	if wt.Algorithm == "" {
		return nil, fmt.Errorf("trace names no algorithm (\"algorithm\" is missing or empty)")
	}
	if wt.Config == nil {
		return nil, fmt.Errorf("trace has no \"config\"")
	}
	if wt.Events == nil {
		return nil, fmt.Errorf("trace has no \"events\" list")
	}
	if wt.Outcome == nil {
		return nil, fmt.Errorf("trace has no \"outcome\"")
	}
	cfg, err := wt.Config.config()
	if err != nil {
		return nil, fmt.Errorf("trace config: %w", err)
	}
	cfg.Algo, cfg.Variant = wt.Algorithm, wt.Variant
	t := &Trace{Config: cfg, Steps: make([]Step, len(*wt.Events)), Snapshots: wt.Snapshots,
		Outcome: *wt.Outcome, Violation: wt.Violation, Note: wt.Note}
	for i, we := range *wt.Events {
		ev, err := model.ParseEvent(we.Event)
		if err != nil {
			return nil, fmt.Errorf("trace event %d: %w", i+1, err)
		}
		fp, err := parseFP(we.FP)
		if err != nil {
			return nil, fmt.Errorf("trace event %d (%s): %w", i+1, we.Event, err)
		}
		if wt.Snapshots != (we.State != nil) {
			if wt.Snapshots {
				return nil, fmt.Errorf("trace event %d (%s) has no \"state\" but the trace has \"snapshots\": true", i+1, we.Event)
			}
			return nil, fmt.Errorf("trace event %d (%s) has a \"state\" but the trace lacks \"snapshots\": true", i+1, we.Event)
		}
		t.Steps[i] = Step{Event: ev, Fingerprint: fp, State: we.State}
	}
	if v := wt.Violation; v != nil {
		if v.Property == "" {
			return nil, fmt.Errorf("trace violation names no property")
		}
		if v.Step < 0 || v.Step > len(t.Steps) {
			return nil, fmt.Errorf("trace violation step %d is outside 0..%d (the number of events)", v.Step, len(t.Steps))
		}
	}
	return t, nil
}

// config converts and checks a wire config (not against an algorithm).
func (wc *wireConfig) config() (*model.Config, error) {
	cfg := &model.Config{IDs: wc.IDs, Initiators: wc.Initiators, Crashed: wc.Crashed, Absent: wc.Absent,
		Forwarding: wc.Forwarding, CrashBudget: wc.CrashBudget, Recovery: wc.Recovery, CountInState: wc.CountInState}
	var err error
	if wc.Timing == "" {
		return nil, fmt.Errorf("\"timing\" is missing (want sync or async)")
	}
	if cfg.Timing, err = model.ParseTiming(wc.Timing); err != nil {
		return nil, err
	}
	if wc.Timeouts == "" {
		return nil, fmt.Errorf("\"timeouts\" is missing (want accurate, early or dead-late)")
	}
	if cfg.Timeouts, err = model.ParseTimeouts(wc.Timeouts); err != nil {
		return nil, err
	}
	if wc.Net == "" {
		return nil, fmt.Errorf("\"net\" is missing (want fifo or unordered)")
	}
	if cfg.Net, err = model.ParseNet(wc.Net); err != nil {
		return nil, err
	}
	if _, err := model.NewTopology(model.UniRing, append(append([]model.ID(nil), wc.IDs...), wc.Absent...)); err != nil {
		ids := "ids " + model.SummarizeIDs(wc.IDs)
		if len(wc.Absent) > 0 {
			ids += " (absent " + model.SummarizeIDs(wc.Absent) + ")"
		}
		return nil, fmt.Errorf("%s: %w", ids, err)
	}
	if wc.CrashBudget < 0 {
		return nil, fmt.Errorf("crash budget %d is negative", wc.CrashBudget)
	}
	if wc.Successive != nil && len(wc.Successive) == 0 {
		return nil, fmt.Errorf("\"successive\" is an empty list (leave it out for a run without successive crashes)")
	}
	for k, ph := range wc.Successive {
		if ph.Detectors == nil {
			return nil, fmt.Errorf("successive crash %d: \"detectors\" is missing (want a list of ids, [] for every live process)", k+1)
		}
		for _, id := range ph.Detectors {
			if !slices.Contains(wc.IDs, id) && !slices.Contains(wc.Absent, id) {
				return nil, fmt.Errorf("successive crash %d: detector %d is not a process (ids %s)", k+1, id, model.SummarizeIDs(wc.IDs))
			}
		}
	}
	cfg.Successive = model.ClonePhases(wc.Successive)
	if wc.Physical != "" {
		p, err := model.ParsePhysical(wc.Physical)
		if err != nil || p == model.Direct {
			return nil, fmt.Errorf("\"physical\" is %q: want ring or ring-rt (leave it out for direct links)", wc.Physical)
		}
		cfg.Physical = p
	}
	if wc.Detect != "" {
		d, err := model.ParseDetection(wc.Detect)
		if err != nil || d == model.DetectEager {
			return nil, fmt.Errorf("\"detect\" is %q: want lazy (leave it out for eager detection)", wc.Detect)
		}
		cfg.Detect = d
	}
	return cfg, nil
}

// marshalCompact encodes v as compact JSON without HTML escaping (so that
// "3->1" stays readable).
func marshalCompact(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte{'\n'}), nil
}

// jnode is a parsed JSON value that keeps the order of object keys.
type jnode struct {
	// kind is '{', '[' or 's' (a scalar).
	kind byte
	// raw is a scalar's JSON text.
	raw  string
	keys []string
	vals []*jnode
}

// prettyJSON lays out compact JSON canonically: objects are expanded one
// field per line with 2-space indentation, except that an object or array
// containing no object and short enough is kept on one line.
func prettyJSON(compact []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(compact))
	dec.UseNumber()
	n, err := parseNode(dec)
	if err != nil {
		return nil, fmt.Errorf("encode trace: %w", err)
	}
	var b strings.Builder
	if err := writeNode(&b, n, ""); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return []byte(b.String()), nil
}

func parseNode(dec *json.Decoder) (*jnode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case json.Delim:
		n := &jnode{kind: byte(v)}
		for dec.More() {
			if n.kind == '{' {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				ks, ok := k.(string)
				if !ok {
					return nil, fmt.Errorf("object key %v is not a string", k)
				}
				n.keys = append(n.keys, ks)
			}
			c, err := parseNode(dec)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, c)
		}
		if _, err := dec.Token(); err != nil { // closing delimiter
			return nil, err
		}
		return n, nil
	case string:
		s, err := marshalCompact(v)
		if err != nil {
			return nil, err
		}
		return &jnode{kind: 's', raw: string(s)}, nil
	case json.Number:
		return &jnode{kind: 's', raw: string(v)}, nil
	case bool:
		return &jnode{kind: 's', raw: strconv.FormatBool(v)}, nil
	case nil:
		return &jnode{kind: 's', raw: "null"}, nil
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

// inlineWidth is the longest container kept on one line.
const inlineWidth = 100

func (n *jnode) hasObject() bool {
	for _, c := range n.vals {
		if c.kind == '{' || c.hasObject() {
			return true
		}
	}
	return false
}

func (n *jnode) inline(b *strings.Builder) {
	if n.kind == 's' {
		b.WriteString(n.raw)
		return
	}
	open, close := "[", "]"
	if n.kind == '{' {
		open, close = "{", "}"
	}
	b.WriteString(open)
	for i, c := range n.vals {
		if i > 0 {
			b.WriteString(", ")
		}
		if n.kind == '{' {
			k, _ := marshalCompact(n.keys[i])
			b.Write(k)
			b.WriteString(": ")
		}
		c.inline(b)
	}
	b.WriteString(close)
}

func writeNode(b *strings.Builder, n *jnode, indent string) error {
	if n.kind == 's' || len(n.vals) == 0 {
		n.inline(b)
		return nil
	}
	if !n.hasObject() {
		var one strings.Builder
		n.inline(&one)
		if one.Len() <= inlineWidth {
			b.WriteString(one.String())
			return nil
		}
	}
	open, close := "[", "]"
	if n.kind == '{' {
		open, close = "{", "}"
	}
	b.WriteString(open)
	b.WriteByte('\n')
	inner := indent + "  "
	for i, c := range n.vals {
		b.WriteString(inner)
		if n.kind == '{' {
			k, err := marshalCompact(n.keys[i])
			if err != nil {
				return err
			}
			b.Write(k)
			b.WriteString(": ")
		}
		if err := writeNode(b, c, inner); err != nil {
			return err
		}
		if i+1 < len(n.vals) {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(indent)
	b.WriteString(close)
	return nil
}
