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
// written but that id and the pending pickers. Commands running at once
// share that device and its one connection (internal/devicelink): the
// first holds the connection, the others attach to it over the profile's
// Unix socket and get every event once, and one of them takes over when
// the holder ends. The TUI sees what a headless command sends as any
// other device's message, once, through the gateway's broadcast.
//
// The protocol has no request that lists pending pickers, so `iris pickers`
// and `iris answer` rebuild them from what the gateway replays for the
// headless device (its outbox since the last headless command, after the
// pickers that command saved in headless_pickers.json) and run the frames
// through the same reducer as the TUI. The gateway parks frames for the
// headless device only from its first connection on, so after the first
// sync they also add the pickers the TUI of the profile publishes in its
// data dir (internal/pickerfile, tui_pickers.json): a picker raised before
// any headless command ran is known too. A command attached to a running
// one gets the holder's journal instead of a replay, and adds the saved
// pickers after it. A published picker answered
// elsewhere meanwhile still lists; answering it gets the gateway's
// not_found, "already answered" (ExitUnknownPicker).
//
// # Protocol extensions
//
// Two gaps of the wire protocol are closed by additive extensions that Iris
// defines (PROTOCOL-EXTENSIONS.md at the repository's root; the simulator
// implements both and announces them in hello.ack server_caps):
//
//   - picker_answered: every answer's picker.select carries "by" (this
//     device's name, and for iris approve the policy file's base name and
//     the rule), and a gateway with the cap tells every device with
//     picker.answered. The TUI's record then names the policy and rule;
//     iris tail prints it (--json: a picker event with status "answered",
//     value and by). Without the cap the TUI looks the answer up in the
//     local audit log, where iris answer and iris approve write the picker
//     id, device, policy and rule.
//   - turn_interrupted: the message.stop of a reply agent.stop cut short
//     (from any device) carries "interrupted": true, and send --wait exits
//     ExitTurnFailed with status "stopped". Without it a stop that came
//     while the reply streamed cannot be told from a finished reply, and
//     send --wait exits 0 with the partial text.
//
// The same profiles, token sources, TLS rules and insecure-URL refusal as the
// TUI apply: the caller passes the resolved config.Config, and the
// connection is a wsclient.Client like the TUI's, behind a devicelink.Link.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package headless
