package gatewaysim

import "github.com/hermes/iris/frame"

// Iris's protocol extensions (PROTOCOL-EXTENSIONS.md at the repository's
// root), which the simulator implements as their reference peer unless
// in the spec dialect:
//
//   - picker_answered: a picker.select may name who answered ("by":
//     device_name, policy, rule); the gateway then tells every device
//     whose hello asked for it (caps.picker_answered) with a
//     picker.answered frame in the picker's lane, live or parked in its
//     outbox, before the turn goes on. A "by" without device_name gets the
//     answering device's hello name.
//   - turn_interrupted: the message.stop of a reply that agent.stop cut
//     short (from any device) carries "interrupted": true.

// serverCaps are the caps hello.ack announces.
func (s *Server) serverCaps() frame.ServerCaps {
	caps := frame.ServerCaps{
		Streaming: frame.Ptr(true), Reasoning: frame.Ptr(true), Tools: frame.Ptr(true),
		Media: frame.Ptr(true), Search: frame.Ptr(true), Push: "none", Pickers: frame.Ptr(true),
	}
	if s.rich() {
		caps.PickerAnswered, caps.TurnInterrupted = frame.Ptr(true), frame.Ptr(true)
	}
	return caps
}

// announceAnswer sends picker.answered for the answer sel, given on c, to
// every device that asked for it (also c's own, after its ack).
func (c *conn) announceAnswer(l frame.Lane, sel *frame.PickerSelect) {
	s := c.s
	if !s.rich() {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	by := frame.AnswerBy{}
	if sel.By != nil {
		by = *sel.By
	}
	if by.DeviceName == "" && c.dev != nil {
		by.DeviceName = c.dev.name
	}
	f := laneFrame(0, frame.TypePickerAnswered, l, &frame.PickerAnswered{PickerID: sel.PickerID, Value: sel.Value, By: &by})
	data, ok := s.encode(f)
	if !ok {
		return
	}
	for _, d := range s.devices {
		if d.wantsAnswered {
			s.deliverLocked(d, f, data)
		}
	}
}

// interrupted is message.stop's "interrupted" for this turn: true when
// agent.stop ended it, absent otherwise and in the spec dialect.
func (t *turn) interrupted() *bool {
	if !t.s.rich() || !t.stopped.Load() {
		return nil
	}
	return frame.Ptr(true)
}
