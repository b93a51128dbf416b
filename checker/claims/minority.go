package claims

import "fmt"

// The minority rule (issue 30, finding 7): a row whose check was judged on
// only a minority of the executions that could reach it says so. An
// execution can reach an end-of-run check or a measured quantity only if it
// finishes; one that never terminates (Cycled) or stops at the step cap
// (Capped) does not. A row that holds is PARTIAL, naming the counts, when
// the executions that reached its check are fewer than MinReachedShare of
// those that finished or did not finish (an execution the claim's check
// does not apply to, or with nothing to measure, counts in neither).
// Instantaneous checks are reached by every execution, and arithmetic by
// every printed number: the rule does not apply to them.
const (
	minReachedNum = 1
	minReachedDen = 2
)

// MinReachedShare states the minority rule's threshold in words.
const MinReachedShare = "half"

// minority returns why the row's checked executions are a minority ("" when
// they are not, or the rule does not apply).
func (c *Coverage) minority() string {
	if c.Point != PointQuiescence && c.Point != PointMeasured {
		return ""
	}
	unreached := c.Cycled + c.Capped
	could := c.Reached + unreached
	if c.Reached == 0 || c.Reached*minReachedDen >= could*minReachedNum {
		return ""
	}
	return fmt.Sprintf("only %d of the %d executions that could reach %s did (%d never terminate, %d stopped at the step cap): the checked executions are fewer than %s of them (the minority rule)",
		c.Reached, could, c.Point, c.Cycled, c.Capped, MinReachedShare)
}

// Minority reports whether the row's checked executions are a minority of
// those that could reach its check (the minority rule).
func (c *Coverage) Minority() bool { return c.minority() != "" }
