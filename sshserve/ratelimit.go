package sshserve

import (
	"sync"
	"time"
)

// failures counts failed connections per remote address over a sliding
// window; an address with limit failures in the window is refused.
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

// maxTracked is how many addresses are kept before the ones whose
// failures all aged out are dropped.
const maxTracked = 4096

// add records a failure from addr.
func (f *failures) add(addr string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.by) >= maxTracked {
		for a := range f.by {
			if len(f.recent(a)) == 0 {
				delete(f.by, a)
			}
		}
	}
	f.by[addr] = append(f.recent(addr), f.now())
}

// blocked says addr has reached the limit.
func (f *failures) blocked(addr string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.recent(addr)
	if len(r) == 0 {
		delete(f.by, addr)
	} else {
		f.by[addr] = r
	}
	return len(r) >= f.limit
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
