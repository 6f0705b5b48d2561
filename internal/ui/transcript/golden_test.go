package transcript_test

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
)

// conversation plays one turn of every kind of item: the user's question
// (read), a commentary beat, a finished tool card, an answer with
// reasoning, markdown, a media chip and the runtime footer, then a reply
// still streaming while the agent runs a tool.
func conversation(f *fixture) {
	msg := f.st.AddOutgoing(chat, "Why do the tests fail on CI?", "cm1", "", nil)
	f.st.SetDelivery(msg.ClientMsgID, store.DeliveryRead)
	f.apply(frame.TypeCommentary, &frame.Commentary{MessageID: "c1", Text: "Let me run them first."})
	ok, d := true, 3.2
	f.apply(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "bash", Preview: "go test ./...",
		Args: map[string]any{"command": "go test ./..."}})
	f.apply(frame.TypeToolEnd, &frame.ToolEnd{Index: 1, OK: &ok, Duration: &d,
		OutputPreview: "ok  iris/store\nok  iris/ui\nFAIL iris/e2e\nexec: tmux not found\n"})
	pct, lat, cost := 38, 22.5, 0.0012
	f.apply(frame.TypeMessage, &frame.Message{MessageID: "a1", Role: frame.RoleAssistant, TS: at(2),
		Reasoning: "The e2e package needs tmux.",
		Text:      "The **e2e** tests need `tmux`:\n\n- install it\n- or skip the package",
		Media:     []frame.Media{{MediaID: "m1", Kind: frame.MediaFile, Filename: "ci.log", Size: 2048}},
		Runtime:   &frame.Runtime{Model: "qwen3-27b", ContextPct: &pct, Cwd: "~/src/iris", Latency: &lat, Cost: &cost}})
	f.apply(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"})
	f.apply(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a2", Role: frame.RoleAssistant, TS: at(0)})
	f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a2", Text: "Checking the CI script"})
}

// TestTranscriptGolden pins the transcript's drawing of each scenario, in
// dark and light. Regenerate with: go test ./ui/transcript -run TestTranscriptGolden -update
func TestTranscriptGolden(t *testing.T) {
	scenarios := []struct {
		name string
		w, h int
		play func(f *fixture)
	}{
		{"conversation", 80, 36, conversation},
		{"narrow", 44, 30, conversation},
		{"scrolled", 60, 14, func(f *fixture) {
			f.fill(20)
			f.key(tea.KeyPgUp)
			f.m.SetFocused(true)
			f.view() // the root draws after every message
			f.key(tea.KeyUp)
			f.view()
			f.message("late", frame.RoleAssistant, "arrived while reading", 0)
		}},
	}
	for _, sc := range scenarios {
		for _, theme := range []themes.Name{themes.Dark, themes.Light} {
			t.Run(fmt.Sprintf("%s/%s", sc.name, theme), func(t *testing.T) {
				f := newThemedFixture(t, sc.w, sc.h, theme)
				sc.play(f)
				golden.RequireEqual(t, f.view())
			})
		}
	}
}
