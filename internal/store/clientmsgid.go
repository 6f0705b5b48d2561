package store

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
)

// ClientMsgIDs mints the client_msg_id of the user's messages
// (PROTOCOL-NOTES, "Outgoing messages"): a random prefix per minter, then
// a counter, so ids do not repeat across runs and devices. The TUI and
// `iris send` both mint theirs here. Not safe for concurrent use.
type ClientMsgIDs struct {
	prefix string
	n      int
}

// NewClientMsgIDs returns a minter with a fresh random prefix.
func NewClientMsgIDs() *ClientMsgIDs {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return &ClientMsgIDs{prefix: "c_" + hex.EncodeToString(b[:]) + "_"}
}

// Next returns a new id.
func (c *ClientMsgIDs) Next() string {
	c.n++
	return c.prefix + strconv.Itoa(c.n)
}
