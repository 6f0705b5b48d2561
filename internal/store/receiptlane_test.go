package store

import "testing"

// TestReadReceiptStaysInItsLane: message ids are per lane, so a receipt
// applies in the lane it names only: the same id held in another lane is
// not marked, and a receipt for an id deleted in its lane hands that id to
// no waiting placeholder (nothing revives a deleted message). Before, a
// receipt searched every lane (whichever map order found first) and gave a
// deleted id to the next placeholder.
func TestReadReceiptStaysInItsLane(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck,
		`{"type":"message","chat_id":"c7","payload":{"message_id":"u1","role":"user","text":"in c7"}}`,
		`{"type":"message","chat_id":"d","payload":{"message_id":"u1","role":"user","text":"in d"}}`,
		`{"type":"message.deleted","chat_id":"d","payload":{"message_ids":["u1"]}}`)
	s.AddOutgoing(def, "next", "c1", "", nil)
	s.SetDelivery("c1", DeliverySending)
	apply(t, s, `{"type":"read.receipt","chat_id":"d","payload":{"message_id":"u1"}}`)
	want(t, s, def, `user  "next" sending`)
	want(t, s, chan7, `user u1 "in c7" sent`)
	apply(t, s, `{"type":"read.receipt","chat_id":"c7","payload":{"message_id":"u1"}}`)
	want(t, s, chan7, `user u1 "in c7" read`)
}
