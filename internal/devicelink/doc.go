// Package devicelink lets any number of Iris processes of one profile
// share one gateway device, as ssh's ControlMaster shares one connection:
// the gateway keeps one connection per device, and a second connection
// under the same device id takes the first one's away, with the events
// in between.
//
// The first process that needs the device takes its lock (Name.lock in the
// profile's data dir), connects with a wsclient.Client and serves the
// profile's Unix socket (Name.sock, mode 0600). Every other process
// attaches to that socket: it gets a snapshot first (the hello.acks and
// frames the holder has seen, as a replay, so that its own state knows the
// pickers raised before it came), then every event as the holder gets it,
// and it sends its requests (message.send, picker.select, history,
// uploads) through the holder, whose Client gives each a fresh request id
// and whose reply comes back under the attacher's own id.
//
// When the holder ends, it first passes on every event it read, removes
// the socket, closes the attached processes' sockets and frees the lock.
// One of them takes the lock and connects, syncing from the cursor it
// reached with the wsclient.Dedupe it relayed its events through, so the
// gateway's replay of what came meanwhile reaches each process once; the
// others attach to it. A socket whose holder crashed refuses connections
// and its lock is free: the next process replaces it. A socket that is not
// a socket, belongs to another user, has a mode other users can connect
// with, or whose peer runs as another user is refused (*ForeignError),
// and so is a holder connected to another gateway URL or with another
// token.
//
// Link gives its caller the same calls as a wsclient.Client (Conn), so the
// headless commands dial through it alike whichever role they have.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package devicelink
