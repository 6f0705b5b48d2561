package session

import (
	"context"
	"time"

	"github.com/hermes/iris/internal/store"
)

// Work is an effect the front-end runs outside the engine (a request, a
// post, a file write), under ctx: a headless command cancels it when it
// no longer waits for it, the TUI never does. It returns the Reply to
// hand back to the engine (Engine.Handle), a Notice, or nil.
type Work func(ctx context.Context) any

// Level is how loud a Notice is.
type Level int

// Notice levels, in the status bar's order (internal/ui/common.Level).
const (
	LevelInfo Level = iota
	LevelWarn
	LevelError
)

// Notice is something to tell the user. Text is plain and already
// sanitised; TTL 0 is the front-end's default for its level.
type Notice struct {
	Level Level
	Text  string
	TTL   time.Duration
}

// Result is what an entry point did: the store's change (already made),
// what to tell the user, and the work to run.
type Result struct {
	Change  store.Change
	Notices []Notice
	Work    []Work
}

// Merge adds o to r.
func (r *Result) Merge(o Result) {
	r.Change.Merge(o.Change)
	r.Notices = append(r.Notices, o.Notices...)
	r.Work = append(r.Work, o.Work...)
}

// Empty reports whether r changed nothing and asks for nothing.
func (r Result) Empty() bool {
	return r.Change.Empty() && len(r.Notices) == 0 && len(r.Work) == 0
}

func (r *Result) notify(l Level, text string) {
	r.Notices = append(r.Notices, Notice{Level: l, Text: text})
}

func (r *Result) run(w Work) {
	if w != nil {
		r.Work = append(r.Work, w)
	}
}
