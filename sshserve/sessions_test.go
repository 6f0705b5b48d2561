package sshserve

import (
	"context"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

func TestTwoSessionsOfOneKeyGetTheirOwnSlots(t *testing.T) {
	signer, line := newKey(t, "alice@ipad")
	ts := startServer(t, []string{line}, nil)
	c, err := ts.dial(gossh.PublicKeys(signer))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	a := openTerm(t, c, 80, 24, nil)
	a.out.waitFor(t, "device=alice@ipad typed=")
	b := openTerm(t, c, 70, 20, nil)
	b.out.waitFor(t, "device=alice@ipad (2) typed=")

	a.typeText("one")
	b.typeText("two")
	a.out.waitFor(t, "typed=one size=80x24")
	b.out.waitFor(t, "typed=two size=70x20")
	b.resize(t, 100, 30)
	b.out.waitFor(t, "size=100x30")
	a.out.waitFor(t, "size=80x24")

	ts.mu.Lock()
	if ts.terms[0].DataDir == ts.terms[1].DataDir {
		t.Errorf("both sessions got %s", ts.terms[0].DataDir)
	}
	ts.mu.Unlock()

	// Slot 1 freed is taken again by the next session.
	a.sess.Close()
	ts.waitFinished(t, 1)
	d := openTerm(t, c, 80, 24, nil)
	d.out.waitFor(t, "device=alice@ipad typed=")
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if got := ts.terms[2]; got.Slot != 1 || got.DataDir != ts.terms[0].DataDir {
		t.Errorf("third session: slot %d in %s", got.Slot, got.DataDir)
	}
}

func TestMaxSessions(t *testing.T) {
	signer, line := newKey(t, "k")
	ts := startServer(t, []string{line}, func(c *Config) { c.MaxSessions = 1 })
	c, err := ts.dial(gossh.PublicKeys(signer))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	a := openTerm(t, c, 80, 24, nil)
	a.out.waitFor(t, "typed=")
	b := openTerm(t, c, 80, 24, nil)
	b.out.waitFor(t, "already has 1 sessions open")
	b.waitDone(t)
}

func TestIdleSessionIsClosed(t *testing.T) {
	signer, line := newKey(t, "k")
	ts := startServer(t, []string{line}, func(c *Config) { c.IdleTimeout = 200 * time.Millisecond })
	c, err := ts.dial(gossh.PublicKeys(signer))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	tm := openTerm(t, c, 80, 24, nil)
	tm.out.waitFor(t, "typed=")
	tm.waitDone(t)
	tm.out.waitFor(t, "iris: closed after 200ms without input")
	ts.waitFinished(t, 1)
}

func TestShutdownFinishesEverySession(t *testing.T) {
	signer, line := newKey(t, "k")
	ts := startServer(t, []string{line}, nil)
	c, err := ts.dial(gossh.PublicKeys(signer))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	a := openTerm(t, c, 80, 24, nil)
	b := openTerm(t, c, 80, 24, nil)
	a.out.waitFor(t, "typed=")
	b.out.waitFor(t, "typed=")
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
	a.waitDone(t)
	b.waitDone(t)
}
