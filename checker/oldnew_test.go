package checker

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"electlab/algos"
	"electlab/model"
)

// TestOldNewGenerators compares the new generator's drivers with the
// former generators on every registered setting.
func TestOldNewGenerators(t *testing.T) {
	rows, enumRows, diffs := 0, 0, 0
	for _, spec := range algos.All {
		info := spec.Meta()
		for ci := range info.Claims {
			c := &info.Claims[ci]
			vs := c.Variants
			if len(vs) == 0 {
				vs = []string{""}
			}
			for si := range c.Settings {
				st := &c.Settings[si]
				for _, v := range vs {
					for n := c.NMin; n <= c.NMax; n++ {
						if st.Family != nil && st.Family(n, v).Count == 0 {
							continue
						}
						rows++
						limits := []int{0, 1, 7, 4000}
						if n > 9 {
							limits = []int{4000}
						}
						for _, limit := range limits {
							var a, b []string
							oa := oldEnumerateConfigs(info, st, v, n, limit, func(cfg *model.Config) bool { a = append(a, fmt.Sprintf("%+v", *cfg)); return true })
							ob := EnumerateConfigs(info, st, v, n, limit, func(cfg *model.Config) bool { b = append(b, fmt.Sprintf("%+v", *cfg)); return true })
							if oa {
								enumRows++
							}
							if oa != ob || fmt.Sprint(a) != fmt.Sprint(b) {
								diffs++
								if diffs < 5 {
									t.Errorf("%s %s %q n=%d limit=%d: enum old %v %d, new %v %d", info.Name, st.Name, v, n, limit, oa, len(a), ob, len(b))
								}
							}
							// Early stop after 3.
							a, b = nil, nil
							oldEnumerateConfigs(info, st, v, n, limit, func(cfg *model.Config) bool { a = append(a, fmt.Sprintf("%+v", *cfg)); return len(a) < 3 })
							EnumerateConfigs(info, st, v, n, limit, func(cfg *model.Config) bool { b = append(b, fmt.Sprintf("%+v", *cfg)); return len(b) < 3 })
							if fmt.Sprint(a) != fmt.Sprint(b) {
								t.Errorf("%s %s n=%d: early stop differs", info.Name, st.Name, n)
							}
						}
						seed := uint64(rows)
						r1, r2 := rand.New(rand.NewPCG(seed, 7)), rand.New(rand.NewPCG(seed, 7))
						for i := range 60 {
							x, y := oldRandomCase(r1, info, st, v, n), RandomCase(r2, info, st, v, n)
							sx := fmt.Sprintf("%+v %d %d %v %p", *x.Config, x.Seed, x.Strategy, x.Staggered, x.Setting)
							sy := fmt.Sprintf("%+v %d %d %v %p", *y.Config, y.Seed, y.Strategy, y.Staggered, y.Setting)
							if sx != sy {
								diffs++
								if diffs < 5 {
									t.Errorf("%s %s %q n=%d case %d:\nold %s\nnew %s", info.Name, st.Name, v, n, i, sx, sy)
								}
								break
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d rows (%d enumerated), %d differences", rows, enumRows, diffs)
}

func benchEnum(b *testing.B, algo string, n int, old bool) {
	var info *model.Info
	for _, s := range algos.All {
		if s.Meta().Name == algo {
			info = s.Meta()
		}
	}
	st := &info.Claims[0].Settings[0]
	v := ""
	if len(info.Claims[0].Variants) > 0 {
		v = info.Claims[0].Variants[0]
	}
	for b.Loop() {
		if old {
			oldEnumerateConfigs(info, st, v, n, 4000, func(*model.Config) bool { return true })
		} else {
			EnumerateConfigs(info, st, v, n, 4000, func(*model.Config) bool { return true })
		}
	}
}

func BenchmarkEnumLelann5Old(b *testing.B) { benchEnum(b, "lelann", 5, true) }
func BenchmarkEnumLelann5New(b *testing.B) { benchEnum(b, "lelann", 5, false) }
func BenchmarkEnumLelann8Old(b *testing.B) { benchEnum(b, "lelann", 8, true) }
func BenchmarkEnumLelann8New(b *testing.B) { benchEnum(b, "lelann", 8, false) }
func BenchmarkEnumBully6Old(b *testing.B)  { benchEnum(b, "bully", 6, true) }
func BenchmarkEnumBully6New(b *testing.B)  { benchEnum(b, "bully", 6, false) }
func BenchmarkEnumBully12Old(b *testing.B) { benchEnum(b, "bully", 12, true) }
func BenchmarkEnumBully12New(b *testing.B) { benchEnum(b, "bully", 12, false) }
