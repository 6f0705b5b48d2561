package sshserve

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// slots hands out per-key slot numbers and caps the sessions open at once.
type slots struct {
	mu   sync.Mutex
	max  int
	open int
	used map[string]map[int]bool
}

func newSlots(max int) *slots { return &slots{max: max, used: map[string]map[int]bool{}} }

// take returns the lowest free slot of key fp.
func (s *slots) take(fp string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.open >= s.max {
		return 0, fmt.Errorf("the server already has %d sessions open (its --max-sessions); try again later", s.max)
	}
	if s.used[fp] == nil {
		s.used[fp] = map[int]bool{}
	}
	n := 1
	for s.used[fp][n] {
		n++
	}
	s.used[fp][n] = true
	s.open++
	return n, nil
}

// free gives slot n of fp back.
func (s *slots) free(fp string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.used[fp], n)
	if len(s.used[fp]) == 0 {
		delete(s.used, fp)
	}
	s.open--
}

// idleInput is the session's input, noting when it last read something.
type idleInput struct {
	r       io.Reader
	endOnce sync.Once
	mu      sync.Mutex
	end     func() // called once when reading fails
	now     func() time.Time
	last    atomic.Int64 // unix nanoseconds of the last input
	expired atomic.Bool
}

func newIdleInput(r io.Reader, now func() time.Time) *idleInput {
	in := &idleInput{r: r, now: now}
	in.last.Store(now().UnixNano())
	return in
}

func (in *idleInput) Read(p []byte) (int, error) {
	n, err := in.r.Read(p)
	if n > 0 {
		in.last.Store(in.now().UnixNano())
	}
	if err != nil {
		in.mu.Lock()
		end := in.end
		in.mu.Unlock()
		if end != nil {
			in.endOnce.Do(end)
		}
	}
	return n, err
}

// onEnd sets what to call when the input ends (the client closed).
func (in *idleInput) onEnd(f func()) {
	in.mu.Lock()
	in.end = f
	in.mu.Unlock()
}

// watch calls quit once no input came for timeout, checking a few times
// per timeout, until ctx ends.
func (in *idleInput) watch(ctx context.Context, timeout time.Duration, quit func()) {
	t := time.NewTicker(max(timeout/8, 10*time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if in.now().Sub(time.Unix(0, in.last.Load())) >= timeout {
				in.expired.Store(true)
				quit()
				return
			}
		}
	}
}

// timedOut says watch ended the session.
func (in *idleInput) timedOut() bool { return in.expired.Load() }
