package app

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestTuneGC: the client sets its GC target and soft limit, but keeps
// what the user set in GOGC or GOMEMLIMIT.
func TestTuneGC(t *testing.T) {
	percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	tuneGC()
	if got := debug.SetGCPercent(100); got != tuiGCPercent {
		t.Errorf("GC percent %d, want %d", got, tuiGCPercent)
	}
	if got := debug.SetMemoryLimit(math.MaxInt64); got != tuiMemoryLimit {
		t.Errorf("memory limit %d, want %d", got, tuiMemoryLimit)
	}

	t.Setenv("GOGC", "150")
	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetGCPercent(150)
	debug.SetMemoryLimit(1 << 30)
	tuneGC()
	if got := debug.SetGCPercent(100); got != 150 {
		t.Errorf("GC percent %d with GOGC=150, want 150", got)
	}
	if got := debug.SetMemoryLimit(math.MaxInt64); got != 1<<30 {
		t.Errorf("memory limit %d with GOMEMLIMIT=1GiB, want 1 GiB", got)
	}
}
