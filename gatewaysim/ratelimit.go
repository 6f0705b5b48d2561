package gatewaysim

import "time"

// bucket is a token bucket limiting one connection's request rate. It is
// used by the connection's reader goroutine only.
type bucket struct {
	rate   float64 // tokens per second
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time
}

// allow takes one token if there is one.
func (b *bucket) allow() bool {
	now := b.now()
	if !b.last.IsZero() {
		if dt := now.Sub(b.last).Seconds(); dt > 0 {
			b.tokens = min(b.burst, b.tokens+dt*b.rate)
		}
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
