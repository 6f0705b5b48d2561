package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/common"
)

func TestCreatedChannelIsOpened(t *testing.T) {
	created := frame.Lane{ChatID: "android:chan_9"}
	for _, fail := range []bool{false, true} {
		t.Run(onOff(fail, "rejected", "created"), func(t *testing.T) {
			h := newHarness(t, 120, 40)
			h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
				switch {
				case f.Type == frame.TypeChannelCreate && fail:
					return frame.Frame{Type: frame.TypeError, Payload: &frame.Error{Code: "bad_request", Message: "name taken"}}, nil
				case f.Type == frame.TypeChannelCreate:
					return frame.Frame{Type: frame.TypeChannelCreated, Payload: &frame.Channel{ChatID: created.ChatID, Name: "Builds", Kind: frame.KindChannel}}, nil
				}
				return frame.Frame{Type: f.Type, Payload: &frame.History{}}, nil
			}
			h.online()
			h.key('c', tea.ModAlt)
			h.typeText("1")
			h.typeText("Builds")
			h.key(tea.KeyEnter, 0)
			if fail {
				if h.m.Lane() != lane0 {
					t.Fatalf("switched to %v after a rejected create", h.m.Lane())
				}
				h.mustShow("channel.create failed", "name taken", `(you typed "Builds")`)
				return
			}
			if h.m.Lane() != created || h.m.Focus() != "composer" {
				t.Fatalf("lane %v focus %s, want the new channel", h.m.Lane(), h.m.Focus())
			}
			h.mustShow("# Builds", "Builds")
		})
	}
}

// TestDeletingTheOpenChannelSwitchesTheTranscript: the deleted channel's
// messages leave the screen at once; the default channel's show.
func TestDeletingTheOpenChannelSwitchesTheTranscript(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(msgFrame("d1", "assistant", "default channel words", ms(1, 0)))
	other := frame.Lane{ChatID: "android:chan_7"}
	h.run(h.m.handleAction(common.ActionOpenLane{Lane: other}))
	h.frame(inLane(other, frame.TypeMessage, &frame.Message{MessageID: "c1", Role: "assistant", Text: "doomed channel words", TS: ms(2, 0)}))
	h.mustShow("doomed channel words")
	h.frame(frame.Frame{Type: frame.TypeChannelDeleted, Payload: &frame.Channel{ChatID: "android:chan_7", Kind: frame.KindChannel}})
	h.mustNotShow("doomed channel words")
	h.mustShow("# Default", "default channel words")
}
