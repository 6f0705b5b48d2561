// Package conformance is the gateway conformance kit behind
// `iris conformance`: it drives any gateway that speaks the Hermes device
// protocol through the rules of 04-wire-protocol.md (and, where the spec is
// silent, PROTOCOL-NOTES.md) over real WebSockets, and reports one PASS or
// FAIL line per rule.
//
// The kit talks raw frames (it is a client that checks, not Iris's client):
// each rule opens the connections it needs (wsclient.DialRaw, so the plain
// ws:// refusal and the CA file apply as for Iris), sends what the spec
// shows, and judges what comes back with the tolerance the spec allows
// (lanes at the top level or in the payload, integral JSON numbers, an
// optional header before media.pull bytes). It creates its own channels,
// named "conformance-<random> ...", deletes only those, and puts the
// default channel back when a rule moved it. No rule waits for an agent
// reply: messages it sends are only looked up in history.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package conformance
