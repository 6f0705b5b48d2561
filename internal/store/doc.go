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
// (the exceptions are Cursor, which wsclient may read from its own, and
// PageRead.Read, meant for a tea.Cmd's). Pointers it hands out (*Lane,
// *Item, *Message) stay valid and may be read until the next mutating call;
// they must never be written by the caller.
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
// the stored cursor is never ahead of the stored data. A lane's items are
// read a page at a time (see Reads), so a large history is never loaded
// whole. Deletes are hard
// (rows removed, secure_delete on). The file is held exclusively: a second
// Iris on the same profile gets ErrInUse.
//
// Stored: the directory, every lane's items except notices, the lanes'
// unread counts and last model/runtime, the outgoing queue, drafts,
// settings, the catalog, the cursor and the focused lane. Not stored:
// notices, banners, pending pickers (the TUI keeps them in pickerfile.TUIFile),
// busy/typing, the gateway status and caps, and messages while they stream
// (only their final form).
//
// The UI goroutine waits for the disk only when 256 batches are queued, or
// when the reducer reads in place (see Reads) and needs them written first.
// When a write fails (a full disk),
// the writer holds that batch and every later one in memory, in order, so
// that the cursor cannot run ahead of lost data, and retries them together
// with a growing delay; once space returns they are all written and writing
// goes on. Health reports the failure meanwhile, with the typed messages
// not on disk yet. A stored item that cannot be read is skipped and counted
// in Health, without stopping writes.
//
// # Reads
//
// Looking at a State never reads the database: Lane and its accessors
// (Len, Item, IndexOf, Message) and every other getter read memory only,
// so a view may call them freely. A lane whose items were not read yet
// holds none. A persistent State reads the database in three places:
//
//   - Open reads the directory, values, every lane's state (unread count,
//     paging), the items of lanes holding queued or running messages, and
//     the newest page of the lane the UI opens first (the stored focus, else
//     the default lane), so the first frame shows it.
//   - Paging for the UI: OpenPage (a lane just focused, up to a page) and
//     LoadOlder (the next older page) read nothing but return a PageRead.
//     PageRead.Read, run in a tea.Cmd, makes the read on the writer
//     goroutine (the connection is exclusive: no second connection could
//     read the file) after every write queued before it, so it sees them.
//     ApplyPage merges the Page on the UI goroutine, or drops it when the
//     lane changed meanwhile in a way the read could not see (the UI then
//     asks again).
//   - The reducer's reads, made ahead: a change to a lane whose items were
//     never read (a frame, or the UI's own: AddOutgoing, AddSteer,
//     AddNotice, Settle, ApplyHistory) takes its newest page first, a
//     replayed message older than everything held pages back to its place,
//     and a message not held in memory is looked up by id so that it is
//     not added twice; a final, history copy or receipt of one the lane
//     stores pages the lane back in down to it (recall), so that it meets
//     the message as if memory had kept it. NeedFrame, NeedHistory and NeedLane say, from memory
//     only, whether a call would read (never no when it would) and gather
//     the reads in a Reads; ReadAhead returns an AheadRead whose Read, like
//     PageRead's, runs on the writer goroutine; UseAhead installs the
//     result and the calls that follow take their pages and answers from
//     it, as long as no stored row they describe changed since (DoneAhead
//     drops it). A call the UI did not read ahead for (the store's own
//     tests, or a quit with calls still held) reads in place, on the
//     caller's goroutine, reported to Options.OnSyncRead.
//
// Eviction (evict.go) relies on the paging above to bring shed items back.
package store
