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
// locks: every method, readers included, must be called from that goroutine
// (the one exception is Cursor, which wsclient may read from its own).
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
// New builds a memory-only State. Open builds one backed by a SQLite file
// (WAL, versioned migrations) with the same API: each mutating call
// snapshots what it changed into one batch, and one writer goroutine writes
// the batches behind the UI, folding those queued into one transaction. A
// frame's sync cursor travels in the same batch as the frame's effects, so
// the stored cursor is never ahead of the stored data. Lanes are read
// lazily: the newest page when a lane is first used, older pages through
// LoadOlder, so a large history is never loaded whole. Deletes are hard
// (rows removed, secure_delete on). The file is held exclusively: a second
// Iris on the same profile gets ErrInUse.
//
// Stored: the directory, every lane's items except notices, the lanes'
// unread counts and last model/runtime, the outgoing queue, drafts,
// settings, the catalog, the cursor and the focused lane. Not stored:
// notices, banners, pending pickers (the gateway's own timeout applies),
// busy/typing, the gateway status and caps, and messages while they stream
// (only their final form).
//
// The UI goroutine waits for the disk only when 256 batches are queued or
// when a read needs them written first. When a write fails (a full disk),
// the writer holds that batch and every later one in memory, in order, so
// that the cursor cannot run ahead of lost data, and retries them together
// with a growing delay; once space returns they are all written and writing
// goes on. Health reports the failure meanwhile, with the typed messages
// not on disk yet. A stored item that cannot be read is skipped and counted
// in Health, without stopping writes.
package store
