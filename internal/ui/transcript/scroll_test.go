package transcript_test

import (
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/common"
)

// fill adds n one-line assistant messages "message 0" … "message n-1".
func (f *fixture) fill(n int) {
	f.t.Helper()
	for i := range n {
		f.message("m"+strconv.Itoa(i), frame.RoleAssistant, "message "+strconv.Itoa(i), n-i)
	}
}

// key presses one key on the transcript.
func (f *fixture) key(code rune) common.Action {
	f.t.Helper()
	act, _ := f.m.Update(tea.KeyPressMsg{Code: code})
	return act
}

// A short lane sits at the bottom of the transcript, next to the
// composer, with the padding above it.
func TestShortLaneSitsAtTheBottom(t *testing.T) {
	f := newFixture(t, 60, 12)
	f.message("a", frame.RoleAssistant, "only message", 0)
	rows := f.rows()
	if len(rows) != 12 {
		t.Fatalf("the view has %d rows, want the height 12", len(rows))
	}
	if rowOf(rows, "only message") != 10 || rows[11] != "" || strings.Join(rows[:9], "") != "" {
		t.Fatalf("want blank rows, the header, the text, the separator:\n%s", strings.Join(rows, "\n"))
	}
}

// In follow mode every new message shows at the bottom. Scrolled up, the
// view stays on what the user reads and a marker says new messages came;
// End goes back down and follows again.
func TestScrollingKeepsTheBottomOrThePlace(t *testing.T) {
	f := newFixture(t, 60, 10)
	f.fill(30)
	f.mustShow("message 29")
	f.message("n1", frame.RoleAssistant, "newest one", 0)
	f.mustNotShow("newest one", "message 26")
	if !f.m.Following() || f.m.NewBelow() {
		t.Fatal("not following at the bottom")
	}

	f.key(tea.KeyPgUp)
	if f.m.Following() {
		t.Fatal("paging up still follows")
	}
	before := f.rows()
	f.message("n2", frame.RoleAssistant, "arrived while reading", 0)
	after := f.rows()
	if !f.m.NewBelow() || !strings.Contains(after[len(after)-1], "↓ new messages below (") {
		t.Fatalf("no new-messages marker:\n%s", strings.Join(after, "\n"))
	}
	if strings.Join(before[:5], "\n") != strings.Join(after[:5], "\n") || strings.Contains(strings.Join(after, "\n"), "arrived while reading") {
		t.Fatalf("the view moved while scrolled up:\n%s\n--- now\n%s", strings.Join(before, "\n"), strings.Join(after, "\n"))
	}

	f.key(tea.KeyEnd)
	f.mustNotShow("arrived while reading", "new messages below")
	if !f.m.Following() || f.m.NewBelow() {
		t.Fatal("End did not follow again")
	}
}

// The mouse wheel scrolls three rows a notch; scrolling back to the end
// follows again.
func TestMouseWheelScrolls(t *testing.T) {
	f := newFixture(t, 60, 10)
	f.fill(30)
	bottom := f.rows()
	f.m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	up := f.rows()
	if up[3] != bottom[0] || f.m.Following() {
		t.Fatalf("one notch up did not move the view three rows:\n%s\n--- before\n%s", strings.Join(up, "\n"), strings.Join(bottom, "\n"))
	}
	f.m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if strings.Join(f.rows(), "\n") != strings.Join(bottom, "\n") || !f.m.Following() {
		t.Fatal("one notch down did not come back to the bottom and follow")
	}
}

// Home shows the first message held; with no older history it asks for
// nothing.
func TestHomeShowsTheOldest(t *testing.T) {
	f := newFixture(t, 60, 10)
	f.st.ApplyHistory(chat, "", frame.History{})
	f.fill(30)
	if act := f.key(tea.KeyHome); act != nil {
		t.Fatalf("Home without older history asked %#v", act)
	}
	rows := f.rows()
	if rowOf(rows, "message 0") != 1 {
		t.Fatalf("want the first message at the top:\n%s", strings.Join(rows, "\n"))
	}
}

// Reaching the top of a lane with older history asks for it once, shows
// that it is loading, and may ask again when the page came.
func TestTopAsksForOlderHistoryOnce(t *testing.T) {
	f := newFixture(t, 60, 10)
	var page []frame.Message
	for i := range 10 {
		page = append(page, frame.Message{MessageID: "h" + strconv.Itoa(i), Role: frame.RoleAssistant,
			Text: "history " + strconv.Itoa(i), TS: at(100 - i)})
	}
	f.st.ApplyHistory(chat, "", frame.History{Messages: page, HasMore: true})
	f.m.Refresh()
	f.mustShow("history 9")
	var asks []common.Action
	for range 20 {
		if act := f.key(tea.KeyUp); act != nil {
			asks = append(asks, act)
		}
		f.view()
	}
	if len(asks) != 1 || asks[0] != (common.ActionLoadOlder{Lane: chat}) {
		t.Fatalf("asked %#v, want one ActionLoadOlder for the lane", asks)
	}
	f.mustShow("↑ loading older…", "history 0")
	f.m.PageDone()
	if act := f.key(tea.KeyUp); act != (common.ActionLoadOlder{Lane: chat}) {
		t.Fatalf("after the page came the top asked %#v", act)
	}
}

// Up and Down select messages, skipping tool cards, and the selected one
// is marked with a bar; a jump marks and shows the message it went to.
func TestSelectionAndJump(t *testing.T) {
	f := newFixture(t, 60, 12)
	f.fill(20)
	toolTurn(f)
	f.key(tea.KeyUp)
	if sel := f.m.Selected(); sel == nil || sel.Msg.ID != "m19" {
		t.Fatalf("selected %+v, want the newest message m19", sel)
	}
	f.key(tea.KeyUp)
	if sel := f.m.Selected(); sel == nil || sel.Msg.ID != "m18" {
		t.Fatalf("selected %+v, want m18", sel)
	}
	rows := f.rows()
	if r := rows[rowOf(rows, "message 18")]; !strings.HasPrefix(r, "▌") {
		t.Fatalf("the selected message is not marked: %q", r)
	}
	if r := rows[rowOf(rows, "message 19")]; strings.HasPrefix(r, "▌") {
		t.Fatalf("another message is marked: %q", r)
	}

	if f.m.JumpTo("nope") {
		t.Fatal("jumped to a message that is not loaded")
	}
	if !f.m.JumpTo("m3") || f.m.Marked() != "m3" {
		t.Fatal("the jump did not mark m3")
	}
	rows = f.rows()
	if i := rowOf(rows, "Assistant"); i != 0 || !strings.Contains(rows[i+1], "message 3") || !strings.HasPrefix(rows[i], "▌") {
		t.Fatalf("want the marked m3 at the top:\n%s", strings.Join(rows, "\n"))
	}
}

// With keyboard focus, a line under the transcript says so and how to
// get back to typing.
func TestFocusMark(t *testing.T) {
	f := newFixture(t, 120, 8)
	f.message("a", frame.RoleAssistant, "hello", 0)
	f.m.SetFocused(true)
	rows := f.rows()
	if last := rows[len(rows)-1]; !strings.HasPrefix(strings.TrimSpace(last), "TRANSCRIPT") || !strings.Contains(last, ": type a message") {
		t.Fatalf("no focus line: %q", last)
	}
	f.m.SetFocused(false)
	f.mustNotShow("hello", "TRANSCRIPT")
}

// While the agent works a line says what it does and which keys act on
// it; a question waiting for the user names the answer key.
func TestBusyIndicator(t *testing.T) {
	for reason, want := range map[string]string{
		"tool":          "⠋ running a tool (esc to stop)",
		"processing":    "⠋ thinking (esc to stop)",
		"waiting_input": "⠋ waiting for your answer (",
		"":              "⠋ working (esc to stop)",
		"compacting":    "⠋ working · compacting (esc to stop)",
	} {
		t.Run(want, func(t *testing.T) {
			f := newFixture(t, 80, 8)
			f.message("a", frame.RoleAssistant, "hello", 0)
			f.apply(frame.TypeAgentBusy, &frame.AgentBusy{Reason: reason})
			rows := f.rows()
			if last := rows[len(rows)-1]; !strings.HasPrefix(last, want) {
				t.Fatalf("busy line %q, want %q", last, want)
			}
			f.apply(frame.TypeAgentIdle, &frame.Empty{})
			f.mustNotShow("hello", "esc to stop")
		})
	}
}
