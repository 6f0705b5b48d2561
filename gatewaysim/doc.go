// Package gatewaysim is a conforming Hermes gateway simulator: the server
// side of the device protocol (04-wire-protocol.md plus PROTOCOL-NOTES.md).
// It powers `iris --demo` in-process, `iris gateway-sim` (a test peer for
// any client), and the integration tests of the other packages. Its manual
// is gatewaysim/README.md.
//
// Extensions to the spec, for testing clients:
//
//   - Faults, injected with commands (FaultCommands) from a script
//     (ParseScript, ScriptFormat), a loopback control socket (ServeControl,
//     ControlFormat) or Go (Exec and the methods it calls): any raw frame,
//     an error reply to the next request of a type, silence, a socket drop
//     or outage, a restart that loses state (Restart), a cursor reset
//     (ResetCursors), a status broadcast, and one-shot triggers that run a
//     command after the Nth frame of a type received or written.
//   - Config.ProtocolVersion makes a gateway of another major version;
//     StartTLS serves wss:// (NewSelfSigned makes a certificate and its
//     SHA-256 fingerprint).
//   - Received/WaitReceived record every frame clients sent, across
//     restarts.
//   - Iris's protocol extensions (PROTOCOL-EXTENSIONS.md; extensions.go),
//     announced in hello.ack server_caps: picker_answered (a picker.select
//     "by" is announced with picker.answered to every device whose hello
//     asked for it) and turn_interrupted (message.stop "interrupted" on a
//     reply agent.stop cut short).
//   - Two dialects (Config.Dialect, dialect.go): DialectRich, the default,
//     says more than the spec's examples where the spec or the protocol
//     notes allow it (reply_to and ts on turn frames, client_msg_id echoed,
//     acks of picker.select, agent.steer and fcm.register, a media.pull
//     header, the extensions); DialectSpec says only what the examples
//     show, and puts the lane into the payload on every other chat-scoped
//     frame.
//
// Behaviour where the spec is silent, as this simulator decides it:
//
//   - Devices are known by hello.device_id. Every device has its own outbox
//     with increasing cursors. A frame for a connected device is written
//     live (no cursor); for an offline device it is parked under the next
//     cursor. Frames queued on a socket that dies before they were written
//     are parked too, so nothing is lost across a drop. `sync {cursor:n}`
//     replays the parked frames with cursor > n, each carrying `cursor`,
//     then answers `sync.done {cursor}` with the device's head cursor.
//     hello.ack.sync_cursor is the cursor the device last synced to, so a
//     device without a stored cursor still gets what it missed.
//     last_pushed_cursor is the highest cursor parked for a device with a
//     push registration (fcm_token or ntfy_topic) that a push would have
//     woken it for (push.go).
//     A sync from above the head raises the head (so a client's cursor from
//     an earlier simulator is not skipped), except after a Restart or
//     ResetCursors: then it replays nothing and sync.done carries the
//     gateway's own lower head, as a restored gateway would. Message ids
//     are never reused.
//     Nothing is coalesced or dropped on the server side: every connection
//     has an unbounded write queue, so slow-consumer behaviour is entirely
//     the client's.
//   - Channel directory: the default channel is "iris:default" (name
//     "Default", kind "default"); user channels are "iris:chan_N" (kind
//     "channel"). A thread's entry has kind "thread", chat_id = the parent
//     channel's chat_id and thread_id = the thread's id ("t_N"), so its
//     lane is (chat_id, thread_id); lanes are keyed by that pair only. A
//     request that works on a lane and names none, or an unknown one, is
//     not_found (never served in the default channel). set_default moves
//     kind "default" and is_default.
//   - Responses: channel.create → channel.created, channel.rename →
//     channel.renamed, channel.set_default → channel.list, channel.delete →
//     channel.deleted (threads of a deleted channel first get their own
//     channel.deleted without id), message.send → the `message` echo (role
//     user), message.delete → message.deleted, ping → pong, agent.stop →
//     agent.idle once the turn has stopped. The origin gets the response
//     with its id; every other device gets the same frame without id
//     (parked if offline).
//   - Requests the spec gives no response: read.receipt is never answered
//     (a gateway's read.receipt means something else); in the rich dialect
//     picker.select and fcm.register with an id are acknowledged by echoing
//     the same type and payload with that id (a picker.select ack is
//     written before the agent continues) and agent.steer by a commentary.
//     picker.select for an unknown or already answered picker_id, and
//     agent.steer when no turn runs, are error not_found. A read.receipt
//     that does not move the device's read position is not broadcast
//     again.
//   - Unknown frame types are ignored (spec: forward compatibility).
//   - Client frames are read strictly (admit.go): a field of the wrong JSON
//     type is unsupported, except an integral number written as a float
//     (5.0) and a fractional ts; an id that is not an integral number is
//     unsupported, the error echoing the id as sent.
//   - Error codes: malformed frames, a second hello,
//     a hello whose caps.min_protocol is above 1 (then the socket closes),
//     missing required fields and protocol versions other than 1 answer
//     `unsupported`; unknown lanes, messages, pickers, media and uploads
//     `not_found`; a sha256 or size mismatch at media.upload.end `internal`.
//     An upload larger than MaxUploadSize is refused with media_too_large as
//     soon as it is known (at media.upload.start, or when the bytes exceed
//     it); a later media.upload.end with the same id gets no second answer.
//     A single WebSocket message over 4 MiB closes that connection (1009).
//   - The scripted agent answers every user message in the lane it was sent
//     to; turns of one lane run one after another. Keywords in the message
//     raise pickers: the word `rm` → picker.approval (not asked again once
//     answered "session" or "always"), `clarify` → picker.clarify, `confirm` → picker.confirm, `choose` or `/reasoning` →
//     picker.choice, `/model` without argument → picker.model. `image`,
//     `chart` or `screenshot` make the agent render a PNG, offer it with
//     media.offer and attach it to the reply's message.stop. A tool call is
//     framed by agent.busy {reason: tool} and {reason: processing}; a turn
//     ends with agent.idle then typing.stop. A cron post in a lane where no
//     turn runs is framed by agent.busy {reason: cron} and agent.idle.
//   - status online follows hello.ack, or degraded while SetStatus holds it;
//     status restarting precedes Close and Restart.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package gatewaysim
