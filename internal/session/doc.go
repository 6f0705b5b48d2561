// Package session is the device session every front-end shares (the TUI,
// the headless commands, iris --linear): what Iris does on the protocol
// that is not about the screen. It imports no bubbletea. It owns:
//
//   - the scheduler of the store's reads for the reducer (schedule.go:
//     held steps, read-ahead, the step made anyway after three stale
//     reads, the quit flush: the two make the store read in place);
//   - sending and the outgoing queue policy, steer, stop (outgoing.go,
//     steer.go, requests.go);
//   - history requests, delete, channel create, read receipts (lanes.go);
//   - reconciliation after a reconnect (reconcile.go, events.go);
//   - picker answering with its audit and attribution (answer.go,
//     audit.go, attribute.go), publishing the pending pickers (publish.go).
//
// An entry point changes the store and returns a Result: the store's
// Change, Notices for the user, and Work to run (a request, a post, a read,
// a file write). Work never runs inside the engine: the TUI turns each into
// a tea.Cmd in one place (internal/ui/engine.go) and hands the Reply it returns back
// to the engine (Engine.Handle); the other front-ends run it themselves, in
// a goroutine or at once. The front-end hands every store change to
// Engine.Changed. The connection is behind Conn (Request, Post), which
// *wsclient.Client and internal/devicelink's shared connection satisfy; its
// events and errors are named here (events.go, delivery.go).
package session
