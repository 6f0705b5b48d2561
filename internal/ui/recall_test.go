package ui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/dialog"
)

// TestRecallWalksSentMessages: ↑ in an empty composer recalls the newest
// own message, ↑ again the one before, ↓ comes back and past the newest
// empties the composer; a typed draft keeps ↑ for the cursor.
func TestRecallWalksSentMessages(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.frames(msgFrame("u1", "user", "first question", ms(1, 0)),
		msgFrame("m1", "assistant", "an answer", ms(1, 5)),
		msgFrame("u2", "user", "second question", ms(2, 0)))
	steps := []struct {
		code rune
		want string
	}{
		{tea.KeyUp, "second question"},
		{tea.KeyUp, "first question"},
		{tea.KeyUp, "first question"}, // nothing older
		{tea.KeyDown, "second question"},
		{tea.KeyDown, ""},
	}
	for i, s := range steps {
		h.key(s.code, 0)
		if h.m.Composer() != s.want {
			t.Fatalf("step %d: composer %q, want %q", i, h.m.Composer(), s.want)
		}
	}
	h.typeText("my draft")
	h.key(tea.KeyUp, 0)
	if h.m.Composer() != "my draft" {
		t.Fatalf("↑ over a draft replaced it: %q", h.m.Composer())
	}
	// Recalled, edited, sent: a new message; the delivered one stays.
	h.send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	h.key(tea.KeyUp, 0)
	h.typeText(" again")
	h.key(tea.KeyEnter, 0)
	sent := h.requestsOf(frame.TypeMessageSend)
	if len(sent) != 1 || sent[0].Payload.(*frame.MessageSend).Text != "second question again" {
		t.Fatalf("sent %v", sent)
	}
}

// TestDeleteOwnMessageAsksThenSendsDelete: d on the user's own selected
// message asks, and yes sends message.delete; the answer removes it, also
// when it names no lane (it is about the request's). d on the agent's
// message is refused.
func TestDeleteOwnMessageAsksThenSendsDelete(t *testing.T) {
	for _, laned := range []bool{true, false} {
		t.Run(fmt.Sprint("answer names its lane: ", laned), func(t *testing.T) { deleteOwnMessage(t, laned) })
	}
}

// deleteOwnMessage is TestDeleteOwnMessageAsksThenSendsDelete with the
// gateway's message.deleted answer naming the lane or (as the spec
// allows for a response, whose request named it) not.
func deleteOwnMessage(t *testing.T, laned bool) {
	h := newHarness(t, 100, 30)
	h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
		if f.Type == frame.TypeMessageDelete {
			resp := frame.Frame{Type: frame.TypeMessageDeleted, Payload: &frame.MessageDeleted{MessageIDs: f.Payload.(*frame.MessageDelete).MessageIDs}}
			if laned {
				resp.ChatID, resp.ThreadID = f.ChatID, f.ThreadID
			}
			return resp, nil
		}
		return frame.Frame{Type: f.Type, Payload: &frame.Empty{}}, nil
	}
	h.online()
	h.frames(msgFrame("u1", "user", "delete me please", ms(1, 0)),
		msgFrame("m1", "assistant", "an answer", ms(1, 5)))
	h.key(tea.KeyTab, 0)
	h.key(tea.KeyUp, 0) // m1
	h.send(tea.KeyPressMsg{Code: 'd', Text: "d"})
	h.mustShow("only your own messages can be deleted")
	h.key(tea.KeyUp, 0) // u1
	h.send(tea.KeyPressMsg{Code: 'd', Text: "d"})
	if h.m.DialogOpen() != dialog.ConfirmID {
		t.Fatal("no confirmation")
	}
	h.mustShow("Delete this message on every device?", "“delete me please”")
	if len(h.requestsOf(frame.TypeMessageDelete)) != 0 {
		t.Fatal("deleted before the confirmation")
	}
	h.send(tea.KeyPressMsg{Code: 'y', Text: "y"})
	del := h.requestsOf(frame.TypeMessageDelete)
	if len(del) != 1 || del[0].Payload.(*frame.MessageDelete).MessageIDs[0] != "u1" {
		t.Fatalf("sent %v", del)
	}
	h.mustNotShow("delete me please")
}
