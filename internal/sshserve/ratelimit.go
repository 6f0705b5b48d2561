package sshserve

import (
	"sync"
	"time"
)

// failures counts failed authentications per source (an address, a key
// fingerprint) over a sliding window, up to limit+2: past the limit only
// "just past it" and "further past" matter, so a flood costs no memory.
type failures struct {
	mu     sync.Mutex
	now    func() time.Time
	limit  int
	window time.Duration
	by     map[string][]time.Time
}

func newFailures(limit int, window time.Duration, now func() time.Time) *failures {
	return &failures{now: now, limit: limit, window: window, by: map[string][]time.Time{}}
}

// maxTracked is how many sources are kept before the ones whose
// failures all aged out are dropped.
const maxTracked = 4096

// add records a failure of addr and returns its number within the window
// (at most limit+2).
func (f *failures) add(addr string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.by) >= maxTracked {
		for a := range f.by {
			if len(f.recent(a)) == 0 {
				delete(f.by, a)
			}
		}
	}
	ts := append(f.recent(addr), f.now())
	if len(ts) > f.limit+2 {
		ts = ts[len(ts)-f.limit-2:]
	}
	f.by[addr] = ts
	return len(ts)
}

// recent drops addr's failures older than the window. f.mu must be held.
func (f *failures) recent(addr string) []time.Time {
	ts := f.by[addr]
	cut := f.now().Add(-f.window)
	i := 0
	for i < len(ts) && !ts[i].After(cut) {
		i++
	}
	return ts[i:]
}
