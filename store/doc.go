// Package store holds Iris's client state as plain data: the channel
// directory, every lane's transcript items (messages, tool cards,
// commentary, notices, picker records), pending pickers, unread counts,
// delivery state of outgoing messages, the gateway's status, caps, command
// catalog and sync cursor, drafts and settings. One reducer, State.Apply,
// applies protocol frames to it; a few methods apply the UI's own actions
// (AddOutgoing, AnswerPicker, Focus, ...). Every mutating method returns a
// Change naming what changed, so the UI invalidates only those caches.
//
// # Concurrency
//
// A State belongs to one goroutine, the UI's (bubbletea's Update). It has no
// locks: every method, readers included, must be called from that goroutine.
// Pointers it hands out (*Lane, *Item, *Message) stay valid and may be read
// until the next mutating call; they must never be written by the caller.
//
// # Raw strings
//
// Every string is stored exactly as the gateway sent it. Nothing here is
// sanitised: the UI sanitises at render time (see ARCHITECTURE.md, "Terminal
// safety pipeline"), so the stored data stays faithful for search, dedupe
// and echo matching.
//
// # Persistence
//
// New builds a memory-only State. Open builds one backed by a SQLite file:
// the same API, with every change written behind by one writer goroutine
// and a lane's older items paged in from the file on demand (LoadOlder),
// so a large history is never loaded whole.
package store
