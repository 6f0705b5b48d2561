// Package sshserve serves Iris over SSH (iris serve --ssh): every SSH
// session gets its own bubbletea program, sized to and drawn on the
// client's pty, built by the App the caller supplies.
//
// # Security model
//
//   - Public keys only. The authorized keys file is read again at every
//     attempt, so removing a line locks its key out without a restart; a
//     missing or empty file refuses to start. Lines with options
//     (from=, command=, restrict, ...) are skipped: they cannot be honoured,
//     so they are not trusted.
//   - The ed25519 host key is created on first start (mode 0600) and its
//     fingerprint is printed so clients can check it.
//   - A key in the file is never refused: nothing another client does can
//     lock it out. Failed authentications (keys not in the file,
//     passwords) are counted per address and per key fingerprint, failed
//     handshakes (a bare TCP connect, a bad signature) per address; the
//     counts only limit logging, to MaxFailures lines per source within
//     FailureWindow and one saying the rest go unlogged. Logs carry the
//     address, the user name and the public key's fingerprint, never a
//     secret.
//   - Only an interactive session with a pty is served. Exec, subsystems
//     (sftp, ...), local and remote port forwarding, agent and X11
//     forwarding are all refused.
//   - Sessions end after an idle time without input, and their number is
//     capped. Window sizes are clamped to MaxWidth × MaxHeight as the
//     requests arrive, so a session's screen buffers stay bounded; the
//     program is let go when its session ends.
//
// # Stores: one per key and concurrent slot
//
// Each authorized key is its own device to the gateway, named after the
// key's comment. Its store (drafts, read state, cursor, device id) lives in
// DataDir/ssh-keys/<key fingerprint>/<slot>. The store is single-process and a
// gateway device is single-connection (a second hello with the same device
// id drops the first), so two sessions with the same key at the same time
// cannot share one: the first session takes slot 1, a second concurrent one
// slot 2 (its own directory, device id and name "comment (2)"), and so on.
// A slot is freed when its session ends and reused by the next one, so a
// key that only ever has one session open has exactly one store and one
// device, and nothing is ever written by two sessions at once.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package sshserve
