package sshserve

import (
	"context"
	"testing"
	"time"

	"github.com/hermes/iris/internal/sshserve/sshtest"
)

func TestTwoSessionsOfOneKeyGetTheirOwnSlots(t *testing.T) {
	ts, c := serveOneKey(t, "alice@ipad", nil)
	a := sshtest.OpenTerm(t, c, 80, 24, nil)
	a.Out.WaitFor(t, "device=alice@ipad typed=")
	b := sshtest.OpenTerm(t, c, 70, 20, nil)
	b.Out.WaitFor(t, "device=alice@ipad (2) typed=")

	a.Type("one")
	b.Type("two")
	a.Out.WaitFor(t, "typed=one size=80x24")
	b.Out.WaitFor(t, "typed=two size=70x20")
	b.Resize(t, 100, 30)
	b.Out.WaitFor(t, "size=100x30")
	a.Out.WaitFor(t, "size=80x24")

	ts.mu.Lock()
	if ts.terms[0].DataDir == ts.terms[1].DataDir {
		t.Errorf("both sessions got %s", ts.terms[0].DataDir)
	}
	ts.mu.Unlock()

	// Slot 1 freed is taken again by the next session.
	a.Sess.Close()
	ts.waitFinished(t, 1)
	d := sshtest.OpenTerm(t, c, 80, 24, nil)
	d.Out.WaitFor(t, "device=alice@ipad typed=")
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if got := ts.terms[2]; got.Slot != 1 || got.DataDir != ts.terms[0].DataDir {
		t.Errorf("third session: slot %d in %s", got.Slot, got.DataDir)
	}
}

func TestMaxSessions(t *testing.T) {
	_, c := serveOneKey(t, "k", func(c *Config) { c.MaxSessions = 1 })
	a := sshtest.OpenTerm(t, c, 80, 24, nil)
	a.Out.WaitFor(t, "typed=")
	b := sshtest.OpenTerm(t, c, 80, 24, nil)
	b.Out.WaitFor(t, "already has 1 sessions open")
	b.WaitDone(t)
}

func TestIdleSessionIsClosed(t *testing.T) {
	ts, c := serveOneKey(t, "k", func(c *Config) { c.IdleTimeout = 200 * time.Millisecond })
	tm := sshtest.OpenTerm(t, c, 80, 24, nil)
	tm.Out.WaitFor(t, "typed=")
	tm.WaitDone(t)
	tm.Out.WaitFor(t, "iris: closed after 200ms without input")
	ts.waitFinished(t, 1)
}

func TestShutdownFinishesEverySession(t *testing.T) {
	ts, c := serveOneKey(t, "k", nil)
	a := sshtest.OpenTerm(t, c, 80, 24, nil)
	b := sshtest.OpenTerm(t, c, 80, 24, nil)
	a.Out.WaitFor(t, "typed=")
	b.Out.WaitFor(t, "typed=")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := ts.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	ts.mu.Lock()
	n := ts.finished
	ts.mu.Unlock()
	if n != 2 {
		t.Errorf("%d sessions finished before Shutdown returned, want 2", n)
	}
	a.WaitDone(t)
	b.WaitDone(t)
}

func TestAClientThatGoesAwayFinishesItsSession(t *testing.T) {
	ts, c := serveOneKey(t, "k", nil)
	tm := sshtest.OpenTerm(t, c, 80, 24, nil)
	tm.Out.WaitFor(t, "typed=")
	c.Close()
	ts.waitFinished(t, 1)
}
