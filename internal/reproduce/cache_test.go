package reproduce

import (
	"encoding/json"
	"sync"
	"testing"
)

// TestCache: a paper reproduced through a Cache is the same bytes as
// without one, a table asked for concurrently is computed once and shared,
// and the key tells repetition counts and seeds apart.
func TestCache(t *testing.T) {
	render := func(o Options) string {
		rep, text := reproduceText(t, paper000, "1", o)
		js, err := json.Marshal(rep)
		if err != nil {
			t.Fatal(err)
		}
		return text + string(js)
	}
	want := render(Options{Runs: 3, Seed: 5})
	c := &Cache{}
	var wg sync.WaitGroup
	tables := make([]*Table, 4)
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rep, err := Reproduce(paper000, "1", Options{Runs: 3, Seed: 5, Cache: c})
			if err != nil {
				t.Error(err)
				return
			}
			tables[i] = rep.Tables[0]
		}()
	}
	wg.Wait()
	for i := 1; i < len(tables); i++ {
		if tables[i] != tables[0] {
			t.Errorf("call %d computed the table again", i)
		}
	}
	if got := render(Options{Runs: 3, Seed: 5, Cache: c}); got != want {
		t.Errorf("the cached reproduction differs from the uncached one")
	}
	if render(Options{Runs: 3, Seed: 6, Cache: c}) != render(Options{Runs: 3, Seed: 6}) ||
		render(Options{Runs: 2, Seed: 5, Cache: c}) != render(Options{Runs: 2, Seed: 5}) {
		t.Errorf("another seed or repetition count read the cached table")
	}
	if len(c.m) != 3 {
		t.Errorf("the cache holds %d tables, want 3 (seed 5 and 6 with 3 runs, seed 5 with 2)", len(c.m))
	}
	var nilCache *Cache
	if got := render(Options{Runs: 3, Seed: 5, Cache: nilCache}); got != want {
		t.Errorf("a nil cache changes the output")
	}
}
