package main

import (
	"fmt"
	"runtime"
	"sync"

	"electlab/checker"
)

// reportWorkers is how many claims `claims` checks at once: one per CPU
// Go may use (GOMAXPROCS). Each claim's result depends only on the seed
// and the claim, never on the order or the interleaving of the checks, so
// the report is the same bytes with any number of workers (a test checks
// it).
func reportWorkers() int { return runtime.GOMAXPROCS(0) }

// runClaims checks the jobs with up to workers claims at a time and
// returns their entries in the jobs' order. Progress is reported in that
// order too. A panic in a check is re-raised on the caller's goroutine
// (so the command's recover reports an internal error).
func runClaims(jobs []claimJob, eng *checker.Engine, workers int, prog *progress) []claimEntry {
	if workers < 1 {
		workers = 1
	}
	if workers > len(jobs) {
		workers = len(jobs)
	}
	type result struct {
		entry  claimEntry
		panicV any
		stack  []byte
	}
	results := make([]result, len(jobs))
	ready := make([]chan struct{}, len(jobs))
	for i := range ready {
		ready[i] = make(chan struct{})
	}
	next := make(chan int)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				func() {
					defer func() {
						if r := recover(); r != nil {
							buf := make([]byte, 16<<10)
							results[i].panicV, results[i].stack = r, buf[:runtime.Stack(buf, false)]
						}
						close(ready[i])
					}()
					results[i].entry = jobs[i].run(eng)
				}()
			}
		}()
	}
	go func() {
		defer close(next)
		for i := range jobs {
			select {
			case next <- i:
			case <-stop:
				return
			}
		}
	}()
	defer func() {
		close(stop)
		wg.Wait()
	}()
	out := make([]claimEntry, len(jobs))
	for i, j := range jobs {
		prog.begin(j.label())
		<-ready[i]
		if r := results[i]; r.panicV != nil {
			panic(fmt.Sprintf("checking %s: %v\n%s", j.label(), r.panicV, r.stack))
		}
		out[i] = results[i].entry
		prog.done(i+1, j.label(), j.reg != nil)
	}
	return out
}
