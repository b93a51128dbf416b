package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// progressAfter is how long `claims` runs before it starts reporting its
// progress on stderr.
const progressAfter = time.Second

// now is the clock of the progress line, and progressTick how often a
// terminal's line is refreshed while one claim runs. The wall clock only
// ever decides whether and when a progress line is printed on stderr; it
// never reaches stdout or a report file. Tests replace both.
var (
	now          = time.Now
	progressTick = time.Second
)

// progress reports on stderr how far `claims` has got once it has been
// running for longer than progressAfter. Not on a terminal: one line per
// checked claim, as it completes. On a terminal: one line overwritten in
// place with \r (also refreshed every progressTick while a long claim
// runs, naming it) and erased at the end, so nothing of it is left above
// the report.
type progress struct {
	w        io.Writer
	total    int
	start    time.Time
	terminal bool

	mu      sync.Mutex
	ndone   int    // claims done
	current string // the claim being checked ("" between claims)
	width   int    // length of the terminal line, to overwrite it
	printed bool
	stop    chan struct{}
	stopped sync.WaitGroup
}

// newProgress starts reporting the progress of total claims on w.
func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: total, start: now(), terminal: isTerminal(w)}
	if p.terminal {
		p.startTicker()
	}
	return p
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// startTicker refreshes the terminal line every progressTick until finish.
func (p *progress) startTicker() {
	p.stop = make(chan struct{})
	p.stopped.Add(1)
	go func() {
		defer p.stopped.Done()
		t := time.NewTicker(progressTick)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.mu.Lock()
				if p.current != "" {
					p.show(fmt.Sprintf("checked %d/%d claims, checking %s", p.ndone, p.total, p.current))
				}
				p.mu.Unlock()
			}
		}
	}()
}

// begin records that the claim label ("C-RING1-5, changroberts") is being
// checked.
func (p *progress) begin(label string) {
	p.mu.Lock()
	p.current = label
	p.mu.Unlock()
}

// done records that i of the total claims are done, the last being label;
// checked says it ran executions (a claim without a model is not worth a
// line of its own, but the last one closes the count).
func (p *progress) done(i int, label string, checked bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ndone, p.current = i, ""
	if checked || i == p.total {
		p.show(fmt.Sprintf("checked %d/%d claims (%s)", i, p.total, label))
	}
}

// show prints msg as the progress line when the run has lasted long
// enough. p.mu is held.
func (p *progress) show(msg string) {
	elapsed := now().Sub(p.start)
	if elapsed < progressAfter {
		return
	}
	line := fmt.Sprintf("electlab: %s, %.0fs", msg, elapsed.Seconds())
	p.printed = true
	if !p.terminal {
		fmt.Fprintln(p.w, line)
		return
	}
	n := len([]rune(line))
	pad := ""
	if n < p.width {
		pad = strings.Repeat(" ", p.width-n)
	}
	fmt.Fprint(p.w, "\r"+line+pad)
	p.width = n
}

// finish stops the refreshes and erases the terminal's progress line.
func (p *progress) finish() {
	if p.stop != nil {
		close(p.stop)
		p.stopped.Wait()
		p.stop = nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.terminal && p.printed {
		fmt.Fprint(p.w, "\r"+strings.Repeat(" ", p.width)+"\r")
		p.printed = false
	}
}
