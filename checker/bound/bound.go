// Package bound checks the user's own bounds on executions (electlab
// -bound, the test kit's Target.BoundExpr). A bound is an expression of
// the bound language (package checker/formula, docs/FORMULA.md) over one
// execution's configuration and measured counters, such as
//
//	sends <= 3*n - 1
//	sends[elect] <= n*(n+1)/2
//
// checked on executions (electlab run, check and explore -bound, the
// test kit's Target.BoundExpr). Parse validates every name against the
// algorithm's counters before anything runs; Check evaluates the bound on
// the Values of one execution; Checker makes it a checker.Checks.Bound, so
// that a violated bound is a "bound" violation that shrinking keeps, and a
// bound that cannot be evaluated stops the run with its error.
//
// The names: n (processes), initiators, crashed (crashed before the
// run), live (live at the start); the counters sends, transmissions,
// deliveries, sr (sends plus deliveries) and forwards (sends by crashed
// ring nodes); the same per message kind as sends[KIND],
// transmissions[KIND] and deliveries[KIND] (the kinds electlab list shows;
// a key matches whatever its case); steps (events applied), time_hops
// (the longest causal chain to the last decision, as run -json reports
// it) and, in sync timing, rounds. An exhaustive search (Explored) keeps
// only the totals sends, transmissions and deliveries in its states, so
// there a bound may read only n, initiators, crashed, live, sends,
// transmissions, deliveries and sr.
package bound

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/checker/formula"
	"github.com/electlab/electlab/checker/prob"
	"github.com/electlab/electlab/model"
)

// Scope says which names a bound may read.
type Scope uint8

const (
	// Execution: every name (one complete execution: run, check).
	Execution Scope = iota
	// Counts: the configuration and the message counters, not steps,
	// time_hops or rounds (the test kit's end-of-run view).
	Counts
	// Explored: the names that are exact over an exhaustive search
	// (explore, fit): the configuration and the totals kept in its
	// states.
	Explored
	// Probabilistic: the configuration (n, initiators, crashed, live) and
	// the probabilistic names of its Markov decision process, Pmin[…],
	// Pmax[…], Emin[…] and Emax[…] (checker/prob.ParseQuery): a bound on
	// one configuration over every scheduler and coin (explore -bound).
	Probabilistic
)

// probNames are the names of the Probabilistic scope beyond the
// configuration's.
var probNames = []string{"Emax", "Emin", "Pmax", "Pmin"}

// ReadsProbabilities reports whether text (a bound) reads a probabilistic
// name (Pmin[…], Pmax[…], Emin[…], Emax[…]); false when it does not parse.
func ReadsProbabilities(text string) bool {
	e, err := formula.Parse(text)
	if err != nil {
		return false
	}
	for _, n := range e.Names() {
		base, _, _ := strings.Cut(n, "[")
		if slices.Contains(probNames, base) {
			return true
		}
	}
	return false
}

// Values are what a bound reads of one finished execution.
type Values struct {
	// N, Initiators, Crashed and Live count processes at the start.
	N, Initiators, Crashed, Live int
	// Counts are the message counters (ByKind indexed by Kind.Code).
	Counts model.Counts
	// Steps is the number of events; TimeHops the measured time (-1 when
	// no process learned a leader); Rounds the sync rounds elapsed.
	Steps, TimeHops, Rounds int64
	// Prob are the answers of the probabilistic names (Probabilistic
	// scope), by their canonical text (prob.Query.String).
	Prob map[string]prob.Answer
}

// Bound is a parsed and validated bound.
type Bound struct {
	expr  *formula.Expr
	info  *model.Info
	sync  bool
	scope Scope
}

// Parse parses text as a bound (a comparison, or an and/or/not of
// comparisons) for the algorithm info in the given timing (sync or not)
// and scope. Every name is checked against the names of that scope; every
// error is a *formula.Error naming a column, or says the text is empty.
func Parse(text string, info *model.Info, sync bool, scope Scope) (*Bound, error) {
	return parse(text, info, sync, scope, true,
		"empty bound: give a comparison such as 'sends <= 3*n - 1' (docs/FORMULA.md)",
		func(x string) string {
			return fmt.Sprintf("%q is a number, not a bound: compare it, as in %s <= 3*n - 1", x, x)
		})
}

// Quantity is a numeric expression of the same names as a bound (such
// as sends, or sends + deliveries): the quantity electlab fit measures.
type Quantity struct{ b Bound }

// ParseQuantity parses text as a numeric expression of the names of
// scope, as Parse does for a bound.
func ParseQuantity(text string, info *model.Info, sync bool, scope Scope) (*Quantity, error) {
	b, err := parse(text, info, sync, scope, false,
		"empty quantity: give a counter such as sends (docs/FORMULA.md)",
		func(x string) string {
			return fmt.Sprintf("%q is a comparison, not a quantity: give a counter such as sends", x)
		})
	if err != nil {
		return nil, err
	}
	return &Quantity{*b}, nil
}

// parse is Parse (boolean) and ParseQuantity (not boolean): text must be
// an expression whose Boolean() is boolean; empty is the error for a
// blank text, and wrong(the expression) the message for the other kind.
func parse(text string, info *model.Info, sync bool, scope Scope, boolean bool, empty string, wrong func(string) string) (*Bound, error) {
	if strings.TrimSpace(text) == "" {
		return nil, errors.New(empty)
	}
	e, err := formula.Parse(text)
	if err != nil {
		return nil, err
	}
	if e.Boolean() != boolean {
		return nil, &formula.Error{Col: 1, Msg: wrong(e.String())}
	}
	b := &Bound{expr: e, info: info, sync: sync, scope: scope}
	if err := b.validate(); err != nil {
		return nil, err
	}
	return b, nil
}

// validate checks every name of b's expression against its scope.
func (b *Bound) validate() error {
	if b.scope == Probabilistic {
		if err := b.expr.Validate(b.env(Values{})); err != nil {
			var fe *formula.Error
			if errors.As(err, &fe) && strings.HasPrefix(fe.Msg, "unknown counter") {
				return &formula.Error{Col: fe.Col, Msg: fe.Msg + "; " + scopeNote(b.scope)}
			}
			return err
		}
		return nil
	}
	for _, n := range b.expr.Names() {
		if base, _, _ := strings.Cut(n, "["); slices.Contains(probNames, base) {
			return fmt.Errorf("%s is a probabilistic name: only explore -bound reads it, over one configuration's Markov decision process (docs/PROBABILITY.md), not over executions", n)
		}
	}
	full := &Bound{info: b.info, sync: b.sync, scope: Execution}
	if err := b.expr.Validate(full.env(Values{})); err != nil {
		if !b.sync {
			return syncOnly(b, err)
		}
		return err
	}
	if b.scope != Execution {
		if err := b.expr.Validate(b.env(Values{})); err != nil {
			var fe *formula.Error
			if errors.As(err, &fe) {
				return &formula.Error{Col: fe.Col, Msg: fe.Msg + "; " + scopeNote(b.scope)}
			}
			return err
		}
	}
	return nil
}

// String is the quantity's canonical text.
func (q *Quantity) String() string { return q.b.String() }

// Queries are the probabilistic names the quantity reads (Probabilistic
// scope), as Bound.Queries.
func (q *Quantity) Queries() []prob.Query { return q.b.Queries() }

// Value is the quantity on v, or an evaluation error naming its column.
func (q *Quantity) Value(v Values) (*big.Rat, error) {
	x, err := q.b.expr.Eval(q.b.env(v))
	if err != nil {
		return nil, err
	}
	return x.Num, nil
}

// syncOnly explains err, the error of validating b under async timing,
// when the name at fault is one that only sync timing defines (rounds).
func syncOnly(b *Bound, err error) error {
	var fe *formula.Error
	if !errors.As(err, &fe) {
		return err
	}
	async := (&Bound{info: b.info, scope: Execution}).env(Values{})
	sync := (&Bound{info: b.info, sync: true, scope: Execution}).env(Values{})
	for _, name := range sync.Names() {
		if _, ok := async.Var(name); !ok && strings.HasPrefix(fe.Msg, fmt.Sprintf("unknown counter %q", name)) {
			return &formula.Error{Col: fe.Col, Msg: fmt.Sprintf("%q counts lock-step rounds: it is only available under sync timing (-timing sync), not in this async execution", name)}
		}
	}
	return err
}

// scopeNote says why a name valid on one execution is not available in
// scope.
func scopeNote(scope Scope) string {
	if scope == Probabilistic {
		return "a bound with probabilistic names reads only n, initiators, crashed, live and Pmin[…], Pmax[…], Emin[…], Emax[…] (docs/PROBABILITY.md); check a bound on executions in a -bound of its own"
	}
	if scope == Explored {
		return "an exhaustive search keeps only the totals sends, transmissions and deliveries in its states, so only those (and sr) are exact over every schedule (per-kind counters, steps and time: check -bound, or fit -mean)"
	}
	return "the test kit's bound sees the configuration and the message counters only"
}

// String is the bound's canonical text.
func (b *Bound) String() string { return b.expr.String() }

// Names lists the names the bound reads (indexed ones as name[KEY]).
func (b *Bound) Names() []string { return b.expr.Names() }

// env is the environment of v in b's scope.
func (b *Bound) env(v Values) formula.Env {
	m := formula.NewEnv().Set("n", int64(v.N)).Set("initiators", int64(v.Initiators)).
		Set("crashed", int64(v.Crashed)).Set("live", int64(v.Live))
	if b.scope == Probabilistic {
		return probEnv{keyEnv{m}, v.Prob}
	}
	c := &v.Counts
	m.Set("sends", c.Sends).Set("transmissions", c.Transmissions).Set("deliveries", c.Deliveries).Set("sr", c.Sends+c.Deliveries)
	if b.scope == Explored {
		return keyEnv{m}
	}
	m.Set("forwards", c.Forwards)
	for _, k := range b.info.Kinds {
		var kc model.KindCount
		if k.Code < len(c.ByKind) {
			kc = c.ByKind[k.Code]
		}
		m.SetKey("sends", k.Name, kc.Sends).SetKey("transmissions", k.Name, kc.Transmissions).SetKey("deliveries", k.Name, kc.Deliveries)
	}
	if b.scope == Counts {
		return keyEnv{m}
	}
	m.Set("steps", v.Steps).Set("time_hops", v.TimeHops)
	if b.sync {
		m.Set("rounds", v.Rounds)
	}
	return keyEnv{m}
}

// keyEnv is a MapEnv whose keys match whatever their case
// (sends[ELECT] is sends[elect]).
type keyEnv struct{ *formula.MapEnv }

// Indexed implements formula.Env.
func (k keyEnv) Indexed(name, key string) (*big.Rat, bool) {
	if v, ok := k.MapEnv.Indexed(name, key); ok {
		return v, true
	}
	for _, kk := range k.MapEnv.Keys(name) {
		if strings.EqualFold(kk, key) {
			return k.MapEnv.Indexed(name, kk)
		}
	}
	return nil, false
}

// probEnv is the Probabilistic scope's environment: the configuration's
// names, and the probabilistic names answered by ans (every well-formed
// one reads 0 when ans is nil: validation).
type probEnv struct {
	keyEnv
	ans map[string]prob.Answer
}

// Indexed implements formula.Env.
func (p probEnv) Indexed(name, key string) (*big.Rat, bool) {
	if !slices.Contains(probNames, name) {
		return p.keyEnv.Indexed(name, key)
	}
	q, err := prob.ParseQuery(name, key)
	if err != nil {
		return nil, false
	}
	if p.ans == nil {
		return new(big.Rat), true
	}
	a, ok := p.ans[q.String()]
	if !ok || a.Inf {
		return nil, false
	}
	return a.Value, true
}

// KeyErr implements formula.KeyErrEnv: the query's grammar error, or
// why an answer cannot be compared (infinite, not computed).
func (p probEnv) KeyErr(name, key string) error {
	if !slices.Contains(probNames, name) {
		return nil
	}
	q, err := prob.ParseQuery(name, key)
	if err != nil {
		return err
	}
	if a, ok := p.ans[q.String()]; ok && a.Inf {
		return fmt.Errorf("%s is infinite (some scheduler, or every one for Emin, does not reach %s with probability 1): a bound cannot compare it; its value is printed", q, q.Pred)
	}
	return fmt.Errorf("%s was not computed", q)
}

// Names implements formula.Env.
func (p probEnv) Names() []string {
	return append(p.keyEnv.Names(), probNames...)
}

// Keys implements formula.Env.
func (p probEnv) Keys(name string) []string {
	if slices.Contains(probNames, name) {
		if name[0] == 'P' {
			return append(slices.Clone(prob.Predicates), "PRED within L COUNTER")
		}
		return append(slices.Clone(prob.Counters), "COUNTER until PRED")
	}
	return p.keyEnv.Keys(name)
}

// Queries are the probabilistic names b reads, parsed, in the order of
// Names (each once).
func (b *Bound) Queries() []prob.Query {
	var out []prob.Query
	seen := map[string]bool{}
	for _, n := range b.Names() {
		base, key, ok := strings.Cut(n, "[")
		if !ok || !slices.Contains(probNames, base) {
			continue
		}
		q, err := prob.ParseQuery(base, strings.TrimSuffix(key, "]"))
		if err != nil || seen[q.String()] {
			continue
		}
		seen[q.String()] = true
		out = append(out, q)
	}
	return out
}

// Env is the environment the bound reads for v (for tests and messages).
func (b *Bound) Env(v Values) formula.Env { return b.env(v) }

// Eval evaluates the bound on v: whether it holds, the two sides of the
// comparison that decided it, or an evaluation error (a division by zero,
// ...) naming its column.
func (b *Bound) Eval(v Values) (ok bool, lhs, rhs *big.Rat, err error) {
	return b.expr.Check(b.env(v))
}

// Check evaluates the bound on v: nil when it holds, a *Failure when it
// does not, another error (naming a column) when it cannot be evaluated.
func (b *Bound) Check(v Values) error {
	ok, lhs, rhs, err := b.Eval(v)
	if err != nil {
		return err
	}
	if ok {
		return nil
	}
	return &Failure{Text: b.String(), LHS: lhs, RHS: rhs, Values: b.readValues(v)}
}

// readValues writes the values of the names the bound reads: n=6, sends=17.
func (b *Bound) readValues(v Values) string {
	env := b.env(v)
	var parts []string
	for _, name := range b.Names() {
		var x *big.Rat
		if base, key, ok := strings.Cut(name, "["); ok {
			x, _ = env.Indexed(base, strings.TrimSuffix(key, "]"))
		} else {
			x, _ = env.Var(name)
		}
		if x != nil {
			parts = append(parts, name+"="+x.RatString())
		}
	}
	return strings.Join(parts, ", ")
}

// Failure is a bound that does not hold on an execution.
type Failure struct {
	// Text is the bound (canonical); LHS and RHS the two sides of the
	// comparison that decided it; Values the names it reads, with their
	// values ("n=6, sends=21").
	Text     string
	LHS, RHS *big.Rat
	Values   string
}

// failPrefix and failSep frame the bound's text in a Failure's message,
// so that a trace's violation names the bound it broke (TextOf).
const (
	failPrefix = `bound "`
	failSep    = `" fails: `
)

// Error is `bound "sends <= 3*n - 1" fails: 21 against 17 (n=6, sends=21)`.
func (f *Failure) Error() string {
	return fmt.Sprintf("%s%s%s%s against %s (%s)", failPrefix, f.Text, failSep, f.LHS.RatString(), f.RHS.RatString(), f.Values)
}

// TextOf returns the bound a Failure's message names (a trace's
// violation message), and false when msg is not such a message.
func TextOf(msg string) (string, bool) {
	rest, ok := strings.CutPrefix(msg, failPrefix)
	if !ok {
		return "", false
	}
	text, _, ok := strings.Cut(rest, failSep)
	return text, ok
}

// ValuesOf are the Values of the execution that started at a world
// with parameters p (checker.ParamsOf) and ended at s.
func ValuesOf(p claim.Params, s model.System) Values {
	v := Values{N: p.N, Initiators: p.Initiators, Live: p.Live, Crashed: len(s.Config().Crashed),
		Steps: s.Events(), TimeHops: model.MeasuredTime(s)}
	v.Counts = *s.Counts()
	if s.Config().Timing == model.Sync {
		v.Rounds = s.Now()
	}
	return v
}

// ConfigValues are the Values of a configuration with counts (the test
// kit's view: no steps or time).
func ConfigValues(cfg *model.Config, counts model.Counts) Values {
	live := len(cfg.IDs) - len(cfg.Crashed)
	v := Values{N: len(cfg.IDs) + len(cfg.Absent), Crashed: len(cfg.Crashed), Live: live, Initiators: len(cfg.Initiators), Counts: counts, TimeHops: -1}
	if v.Initiators == 0 {
		v.Initiators = live
	}
	return v
}

// Checker is the bound as a checker.BoundCheck (checker.Checks.Bound):
// fail is a *Failure when the bound does not hold on the execution, and
// err the evaluation error (a division by zero, naming its column) when it
// cannot be evaluated there, which stops the run without a verdict
// (checker.Execution.Err).
func (b *Bound) Checker() func(p claim.Params, s model.System) (fail, err error) {
	return func(p claim.Params, s model.System) (fail, err error) {
		err = b.Check(ValuesOf(p, s))
		var f *Failure
		if errors.As(err, &f) {
			return f, nil
		}
		return nil, err
	}
}
