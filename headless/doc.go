// Package headless is Iris without the full-screen UI: the subcommands that
// scripts, cron jobs and CI run (`iris send`, `iris pickers`, `iris answer`).
// Each command is one file; session.go connects, exit.go holds the exit
// codes, lane.go resolves --channel and --thread.
//
// # Living beside the TUI
//
// A headless command connects as its own device rather than sharing the
// TUI's store. The TUI holds its SQLite store exclusively (a second writer
// would hand out the same row ids), and the gateway keeps one outbox and one
// sync cursor per device: a second connection under the TUI's device id
// would take that device's live connection away (the gateway keeps one per
// device) and move its cursor, so the TUI would miss frames. So the
// headless commands of a profile share a second device id, kept in the
// profile's data dir as headless_device_id (mode 0600, created on first
// use), and hold their state in memory only (store.New): nothing on disk is
// written but that id. The TUI sees what a headless command sends as any
// other device's message, once, through the gateway's broadcast.
//
// The protocol has no request that lists pending pickers, so `iris pickers`
// and `iris answer` rebuild them from what the gateway replays for the
// headless device: they sync from cursor 0 (the device's whole retained
// outbox) and run the frames through the same reducer as the TUI. The
// gateway parks frames for the headless device from its first connection
// on, so a picker raised before any headless command ever ran on the
// profile is not known to them.
//
// The same profiles, token sources, TLS rules and insecure-URL refusal as the
// TUI apply: the caller passes the resolved config.Config, and the
// connection is a wsclient.Client like the TUI's.
package headless
