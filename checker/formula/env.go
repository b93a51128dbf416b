package formula

import (
	"math/big"
	"sort"
)

// Env is what an expression's names mean: the variables (n, sends, ...)
// and the indexed counters (sends[ELECTION], ...) of one run. The set of
// names is the caller's; the language knows none.
type Env interface {
	// Var is the value of a plain name; false when there is none.
	Var(name string) (*big.Rat, bool)
	// Indexed is the value of name[key]; false when there is none.
	Indexed(name, key string) (*big.Rat, bool)
	// Names lists every name, plain or indexed, sorted (for messages).
	Names() []string
	// Keys lists the keys of an indexed name, sorted; none for a plain
	// or unknown one.
	Keys(name string) []string
}

// KeyErrEnv is an Env that explains why it has no value for name[key]
// (a key of a grammar of its own, such as Pmin[elected within 3 rounds]):
// the error, when not nil, is reported at the key's column in place of
// "unknown key".
type KeyErrEnv interface {
	Env
	KeyErr(name, key string) error
}

// MapEnv is an Env held in maps. Build it with NewEnv (or a zero
// MapEnv) and Set, SetRat and SetKey; a nil *MapEnv reads as an empty
// environment.
type MapEnv struct {
	vars    map[string]*big.Rat
	indexed map[string]map[string]*big.Rat
}

// NewEnv returns an empty MapEnv.
func NewEnv() *MapEnv {
	return &MapEnv{vars: map[string]*big.Rat{}, indexed: map[string]map[string]*big.Rat{}}
}

// Set sets a plain name to an integer and returns the environment.
func (m *MapEnv) Set(name string, v int64) *MapEnv {
	return m.SetRat(name, big.NewRat(v, 1))
}

// SetRat sets a plain name to a rational (copied) and returns the
// environment.
func (m *MapEnv) SetRat(name string, v *big.Rat) *MapEnv {
	if m.vars == nil {
		m.vars = map[string]*big.Rat{}
	}
	m.vars[name] = new(big.Rat).Set(v)
	return m
}

// SetKey sets name[key] to an integer and returns the environment.
func (m *MapEnv) SetKey(name, key string, v int64) *MapEnv {
	if m.indexed == nil {
		m.indexed = map[string]map[string]*big.Rat{}
	}
	if m.indexed[name] == nil {
		m.indexed[name] = map[string]*big.Rat{}
	}
	m.indexed[name][key] = big.NewRat(v, 1)
	return m
}

// Var implements Env.
func (m *MapEnv) Var(name string) (*big.Rat, bool) {
	if m == nil {
		return nil, false
	}
	v, ok := m.vars[name]
	return v, ok
}

// Indexed implements Env.
func (m *MapEnv) Indexed(name, key string) (*big.Rat, bool) {
	if m == nil {
		return nil, false
	}
	v, ok := m.indexed[name][key]
	return v, ok
}

// Names implements Env.
func (m *MapEnv) Names() []string {
	if m == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for k := range m.vars {
		seen[k] = true
		out = append(out, k)
	}
	for k := range m.indexed {
		if !seen[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Keys implements Env.
func (m *MapEnv) Keys(name string) []string {
	if m == nil {
		return nil
	}
	var out []string
	for k := range m.indexed[name] {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
