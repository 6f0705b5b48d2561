package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// TestReplayedFinalOfAReplyShedFromALaneLeft: over a real socket, a reply
// cut off by a dropped connection is marked interrupted with its partial
// text; the user goes on in the lane, then leaves it, and the lane left is
// shed from memory down to its newest items, the reply among those
// dropped. The next reconnect's sync replays the reply's message.stop: the
// lane, opened again, shows the final text, no longer interrupted, with
// nothing read on the UI goroutine.
func TestReplayedFinalOfAReplyShedFromALaneLeft(t *testing.T) {
	st, reads := openWatched(t, t.TempDir())
	g := newScriptedGW(t)
	e := g.dial(func(o *Options) { o.State = st })
	armed, fire := holdReconcile(e)
	g.AddChannel(frame.Channel{ChatID: "android:chan_9", Name: "Elsewhere", Kind: frame.KindChannel})
	e.until("the other channel", e.shows("Elsewhere"))

	e.say("question")
	e.until("echoed", e.outgoingEmpty)
	g.Send(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}),
		on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a1", Role: frame.RoleAssistant}),
		on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a1", Text: "partial ans"}))
	e.until("the partial text", e.shows("partial ans"))
	g.Drop()
	e.until("reconciliation armed", armed)
	fire()
	e.until("the reply marked interrupted", e.shows("interrupted (connection lost)"))
	for _, text := range []string{"two", "three", "four", "five"} {
		e.say(text)
		e.until("echoed", e.outgoingEmpty)
	}

	st.SaveNow() // everything written, so leaving the lane sheds it
	e.key('k', tea.ModCtrl)
	e.typeText("Elsewhere")
	e.key(tea.KeyEnter, 0)
	e.mustShow("# Elsewhere")
	if st.Lane(lane0).Message("a1") != nil || st.Lane(lane0).Len() != store.IdleItems {
		t.Fatalf("the lane left was not shed: it holds %d items", st.Lane(lane0).Len())
	}

	g.Replay(on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "a1", FinalText: "the whole final answer", TS: at(2)}))
	g.mu.Lock()
	head := g.cursor
	g.mu.Unlock()
	g.Drop()
	e.until("the replay applied", func() bool { return st.Cursor() >= head && e.m.held.Idle() })

	e.key('k', tea.ModCtrl)
	e.typeText("Default")
	e.key(tea.KeyEnter, 0)
	e.until("the final text", e.shows("the whole final answer"))
	e.mustNotShow("partial ans", "interrupted")
	reads.none(t)
}
