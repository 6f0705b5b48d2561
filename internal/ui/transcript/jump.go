package transcript

// JumpTo scrolls the view so the message with messageID is at its top and
// marks it with a bar until another lane is shown. It reports false when the
// message is not loaded (the caller pages history in and tries again).
func (m *Model) JumpTo(messageID string) bool {
	ln := m.laneRef()
	if ln == nil {
		return false
	}
	idx, ok := ln.IndexOf(messageID)
	if !ok {
		return false
	}
	m.marked = ln.Item(idx)
	m.vp.top, m.vp.off, m.vp.follow = idx, 0, false
	m.topItem = m.marked
	return true
}

// Marked returns the message id of the marked (jumped-to) message, or "".
func (m *Model) Marked() string {
	if m.marked == nil || m.marked.Msg == nil {
		return ""
	}
	return m.marked.Msg.ID
}
