// Package wsclient is Iris's side of the Hermes device protocol: it dials
// the gateway (ws:// or wss://), says hello, syncs, keeps the connection
// alive, reconnects with backoff, correlates requests and responses, runs
// media transfers, and hands everything it receives to the caller as typed
// events through a bounded, coalescing queue. It knows nothing of the UI or
// the store; main.go bridges its events into bubbletea.
//
// Typical use:
//
//	c, err := wsclient.New(wsclient.Config{URL: u, Token: t, DeviceID: id, Cursor: st.Cursor})
//	go c.Run(ctx)
//	for {
//		ev, err := c.Next(ctx) // FrameEvent, StateEvent, HelloEvent, CursorEvent, ProtocolErrorEvent
//		...
//	}
//	resp, err := c.Request(ctx, frame.Frame{Type: frame.TypeHistory, ...})
//
// Decisions where the spec leaves room (see also PROTOCOL-NOTES):
//
//   - Connection: hello.ack must come within Timing.HelloTimeout (dial
//     included). An `error` with code auth before it is final: Run returns
//     *AuthError and reports StateAuthFailed. A hello.ack in another protocol
//     version is final too (StateProtocolMismatch), and so is an answer to
//     hello that cannot be used: a hello.ack whose payload is not an object,
//     nothing but unreadable frames until the timeout, or an `error` with
//     code unsupported (StateHandshakeFailed, *HandshakeError saying
//     why). Every other failure
//     reconnects after a delay drawn uniformly from [0, min(30 s, 0.5 s·2^(n-1)))
//     for attempt n; a connection that stayed online for 60 s resets n; after
//     `status {state:"restarting"}` or a close with code 1012 the next
//     attempt waits 1 s, and while the gateway stays away (up to 2 min)
//     each further attempt waits [0, 1 s) instead of the growing backoff.
//   - Closing: the end of Run's ctx closes the socket at once, or, with
//     Config.Drain, sends a WebSocket close and still reads and queues what
//     the gateway wrote before answering it (for up to Drain), so that the
//     device's next connection misses nothing (devicelink's handover).
//   - Keepalive: a JSON ping every 15 s; any frame, ping or pong received
//     keeps the connection alive; a ping unanswered for 5 s is reported at
//     once (SilenceEvent), and 40 s of silence ends the connection
//     (ErrDead), which catches half-open TCP.
//   - Sync: after every hello.ack the client sends sync from Config.Cursor()
//     (else the cursor reached earlier in this process, 0 included, else
//     hello.ack.sync_cursor). sync.done becomes a CursorEvent queued after
//     the replayed frames. Replayed frames that repeat what this process
//     already delivered are dropped (see dedupe.go; messages are keyed by
//     lane and message id). A sync answered with `error` is reported
//     (SyncFailedEvent) and sent again with the reconnect backoff, on the
//     same connection. A hello.ack.sync_cursor below the stored cursor means
//     the gateway went back (reset or restore): the client logs it, reports
//     a CursorResetEvent and syncs from the gateway's cursor instead.
//   - Responses: see FrameEvent for which responses also become events.
//   - Event queue: bounded (Config.QueueSize); message.update (by lane and
//     message id, queued undecoded and decoded only when taken) and
//     tool.progress coalesce, nothing else is dropped or reordered, and a
//     full queue blocks the reader (see queue.go). While it is blocked,
//     responses wait behind the queued events too, the socket is not read
//     (TCP pushes back on the gateway, whose outbox keeps what it cannot
//     send), pings still go out, and the time does not count as silence.
//   - Bad input: a field of the wrong JSON type costs that field only: it is
//     converted or zeroed by frame.Decode (Frame.Issues) and logged as a
//     protocol warning at most once per frame type and field per
//     Timing.FieldWarnEvery (see fieldwarn.go). Malformed JSON, a payload
//     that is not an object, another protocol version, a frame above
//     MaxFrameSize and a binary frame outside a transfer are skipped with one
//     ProtocolErrorEvent per kind and connection; the connection stays up.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package wsclient
