// Package session is the device session every front-end shares: what
// Iris does on the protocol that is not about the screen. It owns picker
// answering with its audit and attribution, publishing the pending
// pickers for the headless commands, and the wording of a request's
// failure; it imports no bubbletea.
//
// An entry point changes the store and returns a Result: the store's
// Change, Notices for the user, and Work to run (a request, a post, a file
// write). Work never runs inside the engine: the TUI turns each into a
// tea.Cmd in one place (ui/engine.go) and hands the reply it returns back
// to the engine; the headless commands run it themselves, in a goroutine
// or at once. The connection is behind Conn, which *wsclient.Client
// satisfies (and so may a connection shared between processes).
package session
