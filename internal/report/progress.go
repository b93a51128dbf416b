package report

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
	// waitEvery is how long a non-terminal progress may stay silent while
	// steps run: then a line names them ("waiting for: ...").
	waitEvery = 5 * time.Second
)

// Progress reports on stderr how far a long command (`claims`,
// `reproduce`) has got once it has been running for longer than
// progressAfter: per phase (checking the claims, writing the traces,
// rendering the plots), how many of its steps are done, the step just
// finished, the time elapsed since the command started and, once a tenth
// of the phase's steps are done, an estimate of its remaining time (ETA:
// the phase's time so far per step done, times the steps left, or, when
// more, the time the longest running step has left by the cost table;
// when a step still running has run longer than that, "ETA unknown" and
// the step instead). Not on a terminal: one line per finished step, in the
// order they finish, and, when no line has been printed for waitEvery
// while steps run, a line naming them with their running times. On a
// terminal: one line overwritten in place
// with \r (also refreshed every progressTick while a long step runs,
// naming it) and erased at the end, so nothing of it is left above the
// report. A nil *progress reports nothing.
type Progress struct {
	w        io.Writer
	start    time.Time
	terminal bool

	mu         sync.Mutex
	verb       string               // what a finished step is: "checked", "wrote trace", ...
	total      int                  // steps of the phase
	ndone      int                  // steps of the phase done
	phaseStart time.Time            // when the phase started
	running    []string             // the steps being worked on, oldest first
	began      map[string]time.Time // when each running step began
	throttle   bool                 // not a terminal: at most one line per progressTick, and the last
	lastLine   time.Time            // when the last line was printed
	width      int                  // length of the terminal line, to overwrite it
	printed    bool
	stop       chan struct{}
	stopped    sync.WaitGroup
}

// NewProgress starts reporting the progress of a command whose first
// phase checks total claims on w.
func NewProgress(w io.Writer, total int) *Progress {
	t := now()
	p := &Progress{w: w, start: t, terminal: isTerminal(w), verb: "checked", total: total, phaseStart: t}
	if _, ok := w.(*os.File); ok {
		p.startTicker() // the process's own stderr (not a buffer a caller inspects)
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
func (p *Progress) startTicker() {
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
				switch {
				case len(p.running) == 0:
				case p.terminal:
					p.show(fmt.Sprintf("%s %d/%d, running %s", p.verb, p.ndone, p.total, p.running[0]))
				case now().Sub(p.lastLine) >= waitEvery:
					p.show(fmt.Sprintf("%s %d/%d, waiting for: %s", p.verb, p.ndone, p.total, p.runningText(now(), 3)))
				}
				p.mu.Unlock()
			}
		}
	}()
}

// Phase starts a new phase of total steps, each reported as "verb k/total".
// Its steps are many and short (traces, plots, tables): off a terminal, a
// line is printed at most every progressTick, and for the last step.
func (p *Progress) Phase(verb string, total int) {
	p.locked(func() {
		p.verb, p.total, p.ndone, p.running, p.phaseStart, p.throttle = verb, total, 0, nil, now(), true
	})
}

// locked runs f with p.mu held; on a nil p (which reports nothing) it
// does nothing.
func (p *Progress) locked(f func()) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	f()
}

// begin records that the step label ("C-RING1-5, changroberts") has
// started.
func (p *Progress) begin(label string) {
	p.locked(func() {
		p.running = append(p.running, label)
		if p.began == nil {
			p.began = map[string]time.Time{}
		}
		p.began[label] = now()
	})
}

// runningText names up to max of the running steps, oldest first, with
// how long each has run, and how many more there are. p.mu is held.
func (p *Progress) runningText(t time.Time, max int) string {
	var parts []string
	for i, l := range p.running {
		if i == max {
			parts = append(parts, fmt.Sprintf("%d more", len(p.running)-max))
			break
		}
		parts = append(parts, fmt.Sprintf("%s (running %.0fs)", l, t.Sub(p.began[l]).Seconds()))
	}
	return strings.Join(parts, ", ")
}

// done records that the step label has finished; line says it is worth a
// line of its own (a claim without a model is not, but the last step of a
// phase always closes the count).
func (p *Progress) done(label string, line bool) {
	p.locked(func() {
		for i, l := range p.running {
			if l == label {
				p.running = append(p.running[:i:i], p.running[i+1:]...)
				break
			}
		}
		delete(p.began, label)
		p.ndone++
		last := p.ndone == p.total
		if p.throttle && !last && !p.terminal && now().Sub(p.lastLine) < progressTick {
			return
		}
		if line || last {
			p.show(fmt.Sprintf("%s %d/%d: %s", p.verb, p.ndone, p.total, label))
		}
	})
}

// runningLeft is the longest time a running step has left by the cost
// table (taskcost.tsv: its tabled CPU time less the time it has run), 0
// when no running step is tabled or each has run its tabled time. p.mu
// is held.
func (p *Progress) runningLeft(t time.Time) time.Duration {
	var left time.Duration
	for _, l := range p.running {
		if c, ok := taskCosts[l]; ok {
			left = max(left, time.Duration(c)*time.Millisecond-t.Sub(p.began[l]))
		}
	}
	return left
}

// step records one finished step of the phase that has no begin (a step
// too short to be named while it runs).
func (p *Progress) step(label string) { p.done(label, true) }

// show prints msg as the progress line, with the elapsed time and the
// phase's ETA, when the run has lasted long enough. p.mu is held.
func (p *Progress) show(msg string) {
	t := now()
	elapsed := t.Sub(p.start)
	if elapsed < progressAfter {
		return
	}
	line := fmt.Sprintf("electlab: %s (%.0fs elapsed", msg, elapsed.Seconds())
	// The first steps say little about the rest (the long tables come
	// first): an ETA from a tenth of the steps on.
	if p.ndone > 0 && p.ndone < p.total && p.ndone*10 >= p.total {
		eta := t.Sub(p.phaseStart) * time.Duration(p.total-p.ndone) / time.Duration(p.ndone)
		// The rate of the steps done says nothing of a long step still
		// running (CR79-AVG ran a CPU-minute after an ETA of 2s): the
		// ETA is at least what the cost table says the longest of them
		// has left.
		eta = max(eta, p.runningLeft(t))
		// Nor of a step that has already run longer than the whole
		// estimate.
		if len(p.running) > 0 && t.Sub(p.began[p.running[0]]) > eta {
			line += ", ETA unknown: waiting for " + p.runningText(t, 1)
		} else {
			line += fmt.Sprintf(", ETA %.0fs", eta.Seconds())
		}
	}
	line += ")"
	p.printed, p.lastLine = true, t
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

// Finish stops the refreshes and erases the terminal's progress line.
func (p *Progress) Finish() {
	if p == nil {
		return
	}
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

// SetClock replaces the clock of the progress lines and returns the
// function that restores the previous one. Tests use it: a clock that
// stands still never reaches progressAfter, so nothing is printed.
func SetClock(clock func() time.Time) (restore func()) {
	old := now
	now = clock
	return func() { now = old }
}

// SteppingClock is a clock for the tests (SetClock): it starts at a fixed
// instant and advances by step at every reading, safe for concurrent use;
// with step 0 it stands still.
func SteppingClock(step time.Duration) func() time.Time {
	var mu sync.Mutex
	t := time.Unix(1_000_000, 0)
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(step)
		return t
	}
}
