package frame

// PeekUpdate reads a message.update sent by the server up to its payload:
// the envelope, the lane (top level or payload, as Lane reads it) and the
// payload's message_id, without unescaping or validating the rest of the
// payload (its text). A client that may drop the update unseen, when a
// newer one for the same message supersedes it, then pays the full Decode
// only for the update it shows.
//
// head carries the envelope and lane but no Payload. ok is false for any
// other frame and for an update that needs Decode's full treatment: one
// with a request id, an envelope field Decode would convert or ignore, a
// message_id that is not a non-empty string, a key that differs from
// message_id only in case (encoding/json would read it), or invalid JSON
// in what was read. Decode of the same bytes then reads the same
// envelope, lane and message id, or fails on the payload.
func PeekUpdate(data []byte) (head Frame, messageID string, ok bool) {
	env, err := splitEnvelope(data)
	if err != nil || env.fill(&head) != nil || len(head.Issues) > 0 {
		return Frame{}, "", false
	}
	if head.V == 0 {
		head.V = Version
	}
	if head.V != Version || head.Type != TypeMessageUpdate || head.ID != 0 || env.payload == nil {
		return Frame{}, "", false
	}
	ph, err := scanPayload(env.payload)
	if err != nil || !ph.exactID || ph.messageID == "" {
		return Frame{}, "", false
	}
	head.inPayload = ph.lane
	return head, ph.messageID, true
}
