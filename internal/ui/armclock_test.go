package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/dialog"
)

// armClock is a picker arming delay on the test's clock: an arming tick is
// delivered only when advance moves the clock past its due time, so a test
// types at human timing (Alt+P, then a digit 200 ms later) without sleeping.
type armClock struct {
	h   *harness
	now *time.Time
	due []armTick
}

type armTick struct {
	at  time.Time
	msg tea.Msg
}

// newArmClock is a clockHarness whose picker arming follows its clock.
func newArmClock(t *testing.T) *armClock {
	h, now := clockHarness(t)
	c := &armClock{h: h, now: now}
	h.m.scr.tick = func(d time.Duration, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(dialog.PickerArmedMsg); ok {
			c.due = append(c.due, armTick{at: c.now.Add(d), msg: msg})
			return nil
		}
		return testTick(d, msg)
	}
	return c
}

// advance moves the clock by d and delivers the arming ticks now due.
func (c *armClock) advance(d time.Duration) {
	c.h.t.Helper()
	*c.now = c.now.Add(d)
	var later []armTick
	var fire []tea.Msg
	for _, tk := range c.due {
		if tk.at.After(*c.now) {
			later = append(later, tk)
		} else {
			fire = append(fire, tk.msg)
		}
	}
	c.due = later
	for _, msg := range fire {
		c.h.send(msg)
	}
}
