package checker_test

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/electlab/electlab/claim"

	"github.com/electlab/electlab/algos"
	"github.com/electlab/electlab/checker"
	"github.com/electlab/electlab/internal/filetest"
	"github.com/electlab/electlab/model"
)

// configsGolden fingerprints the configurations the claim engine checks:
// for every setting of every registered claim, variant and size up to
// configsMaxN, the exhaustive enumeration (in order) and a run of the
// seeded sampler. The claims report depends on both, configuration by
// configuration and random number by random number, so a change here is a
// change of what the engine checks (rewrite with -rewrite and say why).
const configsGolden = "../testdata/configgen/fingerprints.txt"

const (
	configsMaxN  = 6
	configsLimit = 500
	configsDrawn = 12
)

// configRows lists one line per distinct (algorithm, setting, variant,
// size): the enumeration's verdict (complete or refused), its count and
// the hash of its configurations in order, then the hash of configsDrawn
// cases the sampler draws from a seed fixed by the line's key.
func configRows(t *testing.T) []string {
	t.Helper()
	var out []string
	seen := map[string]bool{}
	for spec, c := range algos.Registry().Claims() {
		info := spec.Meta()
		for si := range c.Settings {
			st := &c.Settings[si]
			key := settingKey(st)
			for _, v := range c.CheckedVariants() {
				for _, n := range claimSizes(c) {
					if st.Family != nil && st.Family(n, v).Count == 0 {
						continue // as the engine: no configuration at this size
					}
					k := fmt.Sprintf("%s | %s | %q | n=%d", info.Name, key, v, n)
					if seen[k] {
						continue
					}
					seen[k] = true
					out = append(out, k+" | "+configFingerprint(info, st, v, n, k))
				}
			}
		}
	}
	return out
}

// claimSizes returns the sizes the engine checks a claim at, up to
// configsMaxN.
func claimSizes(c *claim.Claim) []int {
	var out []int
	for n := c.NMin; n <= min(c.NMax, configsMaxN); n++ {
		out = append(out, n)
	}
	if len(c.Sizes) > 0 {
		out = nil
		for _, n := range c.Sizes {
			if n <= configsMaxN {
				out = append(out, n)
			}
		}
	}
	return out
}

// settingKey names a setting by every field the generator reads (a
// Family by the setting's name: a function has no printable identity).
func settingKey(st *claim.Setting) string {
	s := *st
	fam, restrict := s.Family != nil, s.Restrict != nil
	s.Family, s.Restrict = nil, nil
	// Restrict (a Probability claim's scheduler) is not the generator's:
	// the key leaves it out, so the keys of the settings without one are
	// those written before it existed.
	key := strings.Replace(fmt.Sprintf("%+v family=%v", s, fam), " Restrict:<nil>", "", 1)
	if restrict {
		key += " restrict=true"
	}
	return key
}

func configFingerprint(info *model.Info, st *claim.Setting, variant string, n int, key string) string {
	h := sha256.New()
	count := 0
	ok := checker.EnumerateConfigs(info, st, variant, n, configsLimit, func(cfg *model.Config) bool {
		count++
		fmt.Fprintf(h, "%+v\n", *cfg)
		return true
	})
	enum := fmt.Sprintf("enum %v %d %x", ok, count, h.Sum(nil)[:8])
	seed := sha256.Sum256([]byte(key))
	var s1, s2 uint64
	for i := range 8 {
		s1 = s1<<8 | uint64(seed[i])
		s2 = s2<<8 | uint64(seed[8+i])
	}
	rng := rand.New(rand.NewPCG(s1, s2))
	h.Reset()
	for range configsDrawn {
		cs := checker.RandomCase(rng, info, st, variant, n)
		fmt.Fprintf(h, "%+v %d %d %v\n", *cs.Config, cs.Seed, cs.Strategy, cs.Staggered)
	}
	return fmt.Sprintf("%s | random %x", enum, h.Sum(nil)[:8])
}

// TestConfigFingerprints checks the configurations the engine enumerates
// and samples against configsGolden.
func TestConfigFingerprints(t *testing.T) {
	got := strings.Join(configRows(t), "\n") + "\n"
	filetest.Golden(t, configsGolden, got, "go test ./checker -run TestConfigFingerprints -rewrite")
}

// BenchmarkEnumerateConfigs enumerates the configurations of a Bully
// setting with many (any detector set, the old coordinator and up to two
// more dead, n = 6: 176 of them) within the claim engine's limit:
//
//	go test ./checker -run '^$' -bench EnumerateConfigs -count 6
func BenchmarkEnumerateConfigs(b *testing.B) {
	spec, err := algos.Registry().Lookup("bully")
	if err != nil {
		b.Fatal(err)
	}
	st := &claim.Setting{Name: "sync, any detector set", Timing: model.Sync, Net: model.FIFO, Initiators: claim.AnyInitiators, MaxDead: 2, CoordinatorDead: true}
	count := 0
	for b.Loop() {
		count = 0
		if !checker.EnumerateConfigs(spec.Meta(), st, "", 6, 4000, func(*model.Config) bool { count++; return true }) {
			b.Fatal("more than 4000 configurations")
		}
	}
	b.ReportMetric(float64(count), "configs")
}
