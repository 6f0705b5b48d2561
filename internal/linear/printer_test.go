package linear

import (
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// feed applies frames to st and returns the lines the printer says.
func feed(p *printer, st *store.State, fs ...frame.Frame) []string {
	var out []string
	for _, f := range fs {
		out = append(out, p.lanes(st.Apply(f, false).Lanes)...)
	}
	return out
}

func inLane(chat string, typ string, payload any) frame.Frame {
	return frame.Frame{Type: typ, ChatID: frame.Some(chat), ThreadID: frame.OrNull(""), Payload: payload}
}

func TestPrinterLines(t *testing.T) {
	st := store.New(store.Options{})
	st.Apply(frame.Frame{Type: frame.TypeChannelList, Payload: &frame.ChannelList{Channels: []frame.Channel{
		{ChatID: "main", Name: "Lobby", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)},
		{ChatID: "ops", Name: "Ops\x1b[31m", Kind: frame.KindChannel},
	}}}, false)
	st.Focus(frame.Lane{ChatID: "main"})
	p := newPrinter(st)
	p.skip()
	got := feed(p, st,
		inLane("main", frame.TypeToolStart, &frame.ToolStart{Index: 0, Name: "terminal", Preview: "pytest -q"}),
		inLane("main", frame.TypeToolEnd, &frame.ToolEnd{Index: 0, Name: "terminal", OK: frame.Ptr(true), Duration: frame.Ptr(12.4), OutputPreview: "12 passed\nmore"}),
		inLane("main", frame.TypeMessageStart, &frame.MessageStart{MessageID: "m1", Role: frame.RoleAssistant}),
		inLane("main", frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "m1", Text: "# Done\n\nAll tests"}),
		inLane("main", frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "m1", Text: "# Done\n\nAll tests pass.\n\n- one\n"}),
		inLane("main", frame.TypeMessageStop, &frame.MessageStop{MessageID: "m1", FinalText: "# Done\n\nAll tests pass.\n\n- one\n- two"}),
		inLane("ops", frame.TypeMessage, &frame.Message{MessageID: "m2", Role: frame.RoleCron, Text: "Backup \x1b]0;pwn\x07done"}),
	)
	want := []string{
		"Tool terminal started: pytest -q",
		"Tool terminal finished, ok, 12.4 s: 12 passed",
		"Assistant: Done",
		"All tests pass.",
		"- one",
		"- two",
		"Assistant finished.",
	}
	if len(got) != len(want)+1 || strings.Join(got[:len(want)], "\n") != strings.Join(want, "\n") {
		t.Fatalf("got:\n%s", strings.Join(got, "\n"))
	}
	other := got[len(want)]
	if !strings.HasPrefix(other, "In Ops") || !strings.Contains(other, "Cron: Backup") || strings.ContainsAny(other, "\x1b\x07") {
		t.Fatalf("the other lane's line must name the lane and be sanitised: %q", other)
	}
}

// Reasoning is off until asked for; on, it leads the reply with
// "Reasoning:" lines, each printed once.
func TestPrinterReasoning(t *testing.T) {
	for _, on := range []bool{false, true} {
		st := store.New(store.Options{})
		st.Apply(frame.Frame{Type: frame.TypeChannelList, Payload: &frame.ChannelList{Channels: []frame.Channel{
			{ChatID: "main", Name: "Lobby", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)}}}}, false)
		st.Focus(frame.Lane{ChatID: "main"})
		p := newPrinter(st)
		p.reasoning = on
		got := feed(p, st,
			inLane("main", frame.TypeMessageStart, &frame.MessageStart{MessageID: "m1", Role: frame.RoleAssistant}),
			inLane("main", frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "m1", Reasoning: "Look at the\nfiles first.\n\nThen"}),
			inLane("main", frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "m1", Reasoning: "Look at the\nfiles first.\n\nThen run.", Text: "Done.\n"}),
			inLane("main", frame.TypeMessageStop, &frame.MessageStop{MessageID: "m1", FinalText: "Done."}),
		)
		want := "Assistant: Done.|Assistant finished."
		if on {
			want = "Reasoning: Look at the files first.|Then run.|" + want
		}
		if strings.Join(got, "|") != want {
			t.Fatalf("reasoning %v: got %q", on, strings.Join(got, "|"))
		}
	}
}
