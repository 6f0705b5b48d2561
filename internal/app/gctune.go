package app

import (
	"os"
	"runtime/debug"
)

// The collector's settings for the terminal client. Its live heap is small
// (a few MiB: the focused lane, the caches of what is on screen), so the
// default GOGC of 100 collects every few MiB allocated, several times a
// second while an answer streams. A higher target with a soft limit trades
// a bounded amount of memory for fewer collections (BENCHMARKS.md, issue 24
// item 4).
const (
	// tuiGCPercent is the GC target: the heap may grow to this many percent
	// over the live heap before a collection.
	tuiGCPercent = 400
	// tuiMemoryLimit is the soft limit that bounds the heap whatever the
	// target: near it the collector runs as often as it must.
	tuiMemoryLimit = 64 << 20
)

// tuneGC applies the client's collector settings, leaving alone any the
// user set in the environment (GOGC, GOMEMLIMIT).
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(tuiGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(tuiMemoryLimit)
	}
}
