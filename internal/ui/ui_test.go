package ui

import (
	"fmt"
	"image/color"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
	"github.com/hermes/iris/wsclient"
)

func TestStartFocusAndSidebar(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	if h.m.Focus() != "composer" || h.m.Lane() != lane0 {
		t.Fatalf("focus %s lane %v", h.m.Focus(), h.m.Lane())
	}
	h.mustShow("Channels", "★ Default", "Cron Reports", "└ Nightly build", "● online", "# Default")
	req, _ := h.gw.calls()
	var history []frame.Frame
	for _, f := range req {
		if f.Type != frame.TypeCommandsCatalog { // the / drawer's catalog, fetched on connect
			history = append(history, f)
		}
	}
	if len(history) != 1 || history[0].Type != frame.TypeHistory {
		t.Fatalf("opening the lane should request history once, got %v", req)
	}
}

func TestComposerEnterSendsNewlineKeysInsert(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.typeText("hi")
	h.key(tea.KeyEnter, tea.ModAlt)
	h.typeText("there")
	h.key('j', tea.ModCtrl)
	h.typeText("x?")
	if got := h.m.Composer(); got != "hi\nthere\nx?" {
		t.Fatalf("composer = %q", got)
	}
	if h.m.DialogOpen() != "" {
		t.Fatal("? typed in the composer opened a dialog")
	}
	h.key(tea.KeyEnter, 0)
	if h.m.Composer() != "" {
		t.Fatalf("composer not cleared: %q", h.m.Composer())
	}
	req, _ := h.gw.calls()
	last := req[len(req)-1]
	p, ok := last.Payload.(*frame.MessageSend)
	if last.Type != frame.TypeMessageSend || !ok || p.Text != "hi\nthere\nx?" || p.ClientMsgID == "" {
		t.Fatalf("sent %+v", last)
	}
	h.mustShow("You", "hi", "there", "✓")
}

func TestComposerGrowsToMaxLines(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	base := h.m.scr.layout.composer
	for i := 0; i < 3; i++ {
		h.typeText("line")
		h.key('j', tea.ModCtrl)
	}
	if h.m.scr.layout.composer != base+3 {
		t.Fatalf("composer height %d, want %d", h.m.scr.layout.composer, base+3)
	}
	for i := 0; i < 10; i++ {
		h.key('j', tea.ModCtrl)
	}
	if h.m.scr.layout.composer > base+4 {
		t.Fatalf("composer grew past its cap: %d", h.m.scr.layout.composer)
	}
}

func TestUpdateDoesNoIO(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	before, _ := h.gw.calls()
	h.typeText("hello")
	_, cmd := h.m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if after, _ := h.gw.calls(); len(after) != len(before) {
		t.Fatal("Update talked to the gateway itself")
	}
	h.run(cmd)
	if after, _ := h.gw.calls(); len(after) != len(before)+1 {
		t.Fatalf("the command did not send: %d → %d", len(before), len(after))
	}
}

// streamTurn plays one assistant turn with reasoning and a tool call.
func streamTurn(h *harness, finish bool) {
	h.frames(
		msgFrame("m1", frame.RoleUser, "Can you run the tests?", ms(1, 0)),
		on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"}),
		on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "m2", Role: frame.RoleAssistant, TS: ms(1, 5)}),
		on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "m2", Reasoning: "The user wants the test suite run.",
			Text: "## Plan\n\nI will run **pytest** first.\n\n"}),
		on(frame.TypeCommentary, &frame.Commentary{MessageID: "c1", Text: "Let me inspect the repo first."}),
		on(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "terminal", Preview: "pytest -q", Args: map[string]any{"command": "pytest -q"}}),
		on(frame.TypeToolProgress, &frame.ToolProgress{Index: 1, Note: "collecting"}),
	)
	if !finish {
		return
	}
	h.frames(
		on(frame.TypeToolEnd, &frame.ToolEnd{Index: 1, OK: frame.Ptr(true), Duration: frame.Ptr(12.4), OutputPreview: "collected 12\n....\n12 passed"}),
		on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "m2", Reasoning: "The user wants the test suite run.",
			FinalText: "## Result\n\nAll **12** tests passed.\n\n```sh\npytest -q\n```",
			Runtime:   &frame.Runtime{Model: "qwen3-27b", ContextPct: frame.Ptr(38), Cwd: "~", Latency: frame.Ptr(22.5), Cost: frame.Ptr(0.0012)}}),
		on(frame.TypeAgentIdle, &frame.Empty{}),
	)
}

func TestStreamingReasoningToolCardFooter(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	streamTurn(h, false)
	h.mustShow("▾ Reasoning", "The user wants the test suite run.", "Plan", "pytest first", "terminal", "pytest -q", "collecting", "running a tool (esc to stop)")
	p := h.plain()
	if strings.Index(p, "The user wants") > strings.Index(p, "pytest first") {
		t.Fatal("reasoning must render above the text")
	}
	h.mustNotShow("**")
	streamTurn(h, true)
	h.mustShow("✓ terminal", "12.4s", "12 passed", "Result", "All 12 tests passed.", "qwen3-27b · ctx 38% · ~ · 22.5s · $0.0012",
		"› Let me inspect the repo first.")
	h.mustNotShow("```", "**", "working")
	if st := h.st.Lane(lane0); st.Runtime == nil {
		t.Fatal("lane runtime not recorded")
	}
	h.mustShow("qwen3-27b · ctx 38%") // status bar
}

func TestToolFailedCard(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.frames(on(frame.TypeToolStart, &frame.ToolStart{Index: 2, Name: "patch"}),
		on(frame.TypeToolEnd, &frame.ToolEnd{Index: 2, OK: frame.Ptr(false), Duration: frame.Ptr(0.4), OutputPreview: "hunk failed"}))
	h.mustShow("✗ patch", "0.4s", "hunk failed")
}

func TestSettingsTogglesAreRemembered(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.m.com.Settings.Gen = 0
	h.online()
	streamTurn(h, true)
	h.key('r', tea.ModCtrl)
	h.mustShow("▸ Reasoning · 1 line (")
	h.mustNotShow("The user wants the test suite run.")
	h.key('f', tea.ModAlt)
	h.mustNotShow("qwen3-27b · ctx 38% · ~")
	h.key('o', tea.ModCtrl) // truncated → none
	h.mustNotShow("pytest -q\n", "12.4s")
	h.key('o', tea.ModCtrl) // none → all
	h.mustShow("command: pytest -q", "collected 12")
	if v, _ := h.st.Setting(settingReasoning); v != "false" {
		t.Fatalf("reasoning setting stored as %q", v)
	}
	m2 := New(Options{State: h.st, Theme: themes.Dark})
	if s := m2.Settings(); s.ShowReasoning || s.RuntimeFooter || s.Tools != common.ToolsAll {
		t.Fatalf("settings not remembered: %+v", s)
	}
}

func TestTruncatedToolOutput(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	out := "l1\nl2\nl3\nl4\nl5\nl6"
	h.frames(on(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "ls"}),
		on(frame.TypeToolEnd, &frame.ToolEnd{Index: 1, OK: frame.Ptr(true), OutputPreview: out}))
	h.mustShow("… 3 more lines", "l4", "l6")
	h.mustNotShow("l1\n", "l2 ")
}

func TestSteerVersusQueue(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	h.mustShow("STEER", "enter steers the running turn")
	h.typeText("focus on errors")
	h.key(tea.KeyEnter, 0)
	req, _ := h.gw.calls()
	if last := req[len(req)-1]; last.Type != frame.TypeAgentSteer || last.Payload.(*frame.AgentSteer).Text != "focus on errors" {
		t.Fatalf("steer sent %+v", last)
	}
	h.mustShow("You ↪ steered", "focus on errors")

	h.key('t', tea.ModCtrl)
	h.mustShow("QUEUE", "enter waits for the next turn")
	h.typeText("next question")
	h.key(tea.KeyEnter, 0)
	n := len(req)
	if req, _ = h.gw.calls(); len(req) != n {
		t.Fatalf("queued text was sent while busy: %+v", req[len(req)-1])
	}
	h.mustShow("◷ queued", "1 message queued")
	h.frame(on(frame.TypeAgentIdle, &frame.Empty{}))
	req, _ = h.gw.calls()
	if last := req[len(req)-1]; last.Type != frame.TypeMessageSend || last.Payload.(*frame.MessageSend).Text != "next question" {
		t.Fatalf("after idle sent %+v", last)
	}
}

func TestEscapeStopsBusyLaneOrClosesOverlay(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	h.key(tea.KeyF1, 0)
	if h.m.DialogOpen() != dialog.HelpID {
		t.Fatal("F1 did not open help")
	}
	h.key(tea.KeyEscape, 0)
	req, _ := h.gw.calls()
	if h.m.DialogOpen() != "" || req[len(req)-1].Type == frame.TypeAgentStop {
		t.Fatal("esc with an overlay must only close it")
	}
	h.key(tea.KeyEscape, 0)
	if len(h.requestsOf(frame.TypeAgentStop)) != 0 {
		t.Fatal("the esc right after one that closed the help stopped the agent")
	}
	h.key(tea.KeyEscape, 0)
	req, _ = h.gw.calls()
	if last := req[len(req)-1]; last.Type != frame.TypeAgentStop || last.ChatID.Val != chat {
		t.Fatalf("esc on a busy lane sent %+v", last)
	}
}

// TestEscapeNeverStopsOverADraft: "/", Esc (closes the drawer), Esc again
// keeps the agent running and the "/" in the composer; the stopped reply
// is marked stopped.
func TestEscapeNeverStopsOverADraft(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.gw.answer = catalogAnswer
	h.online()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "llm"}))
	h.frame(on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "m1", Role: frame.RoleAssistant}))
	h.frame(on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "m1", Text: "half an answer"}))
	h.typeText("/")
	h.key(tea.KeyEscape, 0)
	h.key(tea.KeyEscape, 0)
	h.key(tea.KeyEscape, 0)
	if len(h.requestsOf(frame.TypeAgentStop)) != 0 || h.m.Composer() != "/" {
		t.Fatalf("esc over a draft stopped the agent (composer %q)", h.m.Composer())
	}
	h.mustShow("esc stops the agent from an empty composer")
	h.key(tea.KeyBackspace, 0)
	h.key(tea.KeyEscape, 0)
	if len(h.requestsOf(frame.TypeAgentStop)) != 1 {
		t.Fatal("esc from an empty composer did not stop the busy agent")
	}
	h.frame(on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "m1", FinalText: "half an answer"}))
	h.frame(on(frame.TypeAgentIdle, &frame.Empty{}))
	h.mustShow("half an answer", "■ stopped")
}

func TestCtrlCClearsThenQuits(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.typeText("draft")
	_, cmd := h.m.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	if h.m.Composer() != "" || cmd != nil {
		t.Fatalf("ctrl+c on a draft: composer %q", h.m.Composer())
	}
	_, cmd = h.m.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	mustQuit(t, cmd, "ctrl+c on an empty composer")
}

// Before any channel is known, Ctrl+C does not clear the text typed (it
// cannot be sent yet, and would be lost): it asks once, saying the text is
// kept for the next start, and quits on the next press.
func TestCtrlCWithoutAChannelKeepsTheText(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.typeText("first words")
	h.mustNotQuit(h.ctrlC(), "the first ctrl+c with text and no channel")
	if h.m.Composer() != "first words" {
		t.Fatalf("composer %q after ctrl+c", h.m.Composer())
	}
	h.mustShow("kept for the next start")
	mustQuit(t, h.ctrlC(), "the second ctrl+c")
	h.m.SaveTyped()
	if d := h.st.Draft(frame.Lane{}); d != "first words" {
		t.Fatalf("stored draft %q", d)
	}
}

// TestHelpIsContextual opens the help overlay from each pane: it shows that
// pane's keys, whole, and the keys that work everywhere, and not the keys of
// the panes elsewhere or of the dialogs (their own hint lines show those).
func TestHelpIsContextual(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	km := h.m.com.KeyMap
	group := func(title string) keymap.Group {
		g, ok := km.Group(title)
		if !ok {
			t.Fatalf("no %s group", title)
		}
		return g
	}
	showsGroup := func(title string) {
		t.Helper()
		h.mustShow(title)
		for _, b := range group(title).Bindings {
			h.mustShow(b.Help().Desc)
		}
	}
	cases := []struct {
		focus      func()
		here, away string
		awayKey    key.Binding
	}{
		{func() {}, "Composer", "Transcript", km.Transcript.Copy},
		{func() { h.key(tea.KeyTab, 0) }, "Transcript", "Composer", km.Composer.Editor},
		{func() { h.key(tea.KeyTab, 0); h.key(tea.KeyTab, 0) }, "Channels", "Transcript", km.Transcript.Copy},
	}
	for _, c := range cases {
		c.focus()
		h.key(tea.KeyF1, 0)
		if h.m.DialogOpen() != dialog.HelpID {
			t.Fatalf("f1 did not open help from the %s", c.here)
		}
		h.mustShow("● online") // the screen stays visible around the overlay
		showsGroup(c.here)
		showsGroup("Global")
		showsGroup("Media")
		if v := h.plain(); strings.Contains(v, c.away) || strings.Contains(v, c.awayKey.Help().Desc) || strings.Contains(v, "Lists") {
			t.Fatalf("help from the %s shows the keys of elsewhere:\n%s", c.here, v)
		}
		h.key(tea.KeyF1, 0)
		if h.m.DialogOpen() != "" {
			t.Fatal("f1 did not close help")
		}
		h.key(tea.KeyEscape, 0) // back to the composer
	}
	h.typeText("/keys")
	h.key(tea.KeyEnter, 0)
	if h.m.DialogOpen() != dialog.HelpID {
		t.Fatal("/keys did not open help")
	}
	showsGroup("Composer")
	h.key(tea.KeyF1, 0)
	h.key(tea.KeyTab, 0) // transcript: ? is not text for the composer
	h.send(tea.KeyPressMsg{Code: '?', Text: "?"})
	if h.m.DialogOpen() != dialog.HelpID {
		t.Fatal("? did not open help outside the composer")
	}
	h.key('c', tea.ModCtrl)
	if h.m.DialogOpen() != "" {
		t.Fatal("ctrl+c did not close help")
	}
}

// TestHelpFollowsRebinding checks that the help overlay names the keys as
// [keys] rebound them.
func TestHelpFollowsRebinding(t *testing.T) {
	km, errs := keymap.Apply(map[string][]string{"composer.editor": {"ctrl+y"}, "global.search": {"alt+/"}})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	h := newHarness(t, 120, 40, func(o *Options) { o.KeyMap = &km })
	h.online()
	h.key(tea.KeyF1, 0)
	h.mustShow("ctrl+y")
	h.mustShow("alt+/")
	if v := h.plain(); strings.Contains(v, "ctrl+e ") || strings.Contains(v, "ctrl+f ") {
		t.Fatalf("help still names the default keys:\n%s", v)
	}
}

func TestSwitcherFuzzyUnreadFirst(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(inLane(frame.Lane{ChatID: "android:chan_7"}, frame.TypeMessage,
		&frame.Message{MessageID: "x1", Role: frame.RoleCron, Text: "nightly ok"}))
	h.key('k', tea.ModCtrl)
	sw, ok := h.m.dialogs.Top().(*dialog.Switcher)
	if !ok {
		t.Fatal("ctrl+k did not open the switcher")
	}
	if got := sw.Matches(); got[0] != "Cron Reports" {
		t.Fatalf("unread lane not first: %v", got)
	}
	h.typeText("nightly")
	if got := sw.Matches(); len(got) != 1 || got[0] != "Cron Reports › Nightly build" {
		t.Fatalf("fuzzy matches %v", got)
	}
	h.key(tea.KeyEnter, 0)
	if want := (frame.Lane{ChatID: "android:chan_7", ThreadID: "t_1"}); h.m.Lane() != want || h.m.DialogOpen() != "" {
		t.Fatalf("lane %v dialog %q", h.m.Lane(), h.m.DialogOpen())
	}
	h.mustShow("# Cron Reports › Nightly build")
}

func TestSidebarKeysAndClick(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.typeText("draft for default")
	h.send(tea.MouseClickMsg{X: 3, Y: 2, Button: tea.MouseLeft})
	if want := (frame.Lane{ChatID: "android:chan_7"}); h.m.Lane() != want {
		t.Fatalf("click opened %v", h.m.Lane())
	}
	if h.m.Composer() != "" {
		t.Fatal("draft leaked into another lane")
	}
	h.key(tea.KeyTab, shiftTab())
	if h.m.Focus() != "sidebar" {
		t.Fatalf("shift+tab focus = %s", h.m.Focus())
	}
	h.key(tea.KeyUp, 0)
	h.key(tea.KeyUp, 0)
	h.key(tea.KeyEnter, 0)
	if h.m.Lane() != lane0 || h.m.Composer() != "draft for default" {
		t.Fatalf("lane %v draft %q", h.m.Lane(), h.m.Composer())
	}
}

func shiftTab() tea.KeyMod { return tea.ModShift }

func TestSidebarMarks(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	other := frame.Lane{ChatID: "android:chan_7"}
	h.frames(
		inLane(other, frame.TypeMessage, &frame.Message{MessageID: "a", Role: frame.RoleAssistant, Text: "one"}),
		inLane(other, frame.TypeMessage, &frame.Message{MessageID: "b", Role: frame.RoleAssistant, Text: "two"}),
		inLane(other, frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}),
		inLane(other, frame.TypePickerChoice, &frame.Picker{PickerID: "p1", Title: "Effort", Choices: []frame.Choice{{Value: "low"}}}),
	)
	line := lineWith(h.plain(), "Cron Reports")
	for _, mark := range []string{"◆", "2", spinnerFrames[0]} {
		if !strings.Contains(line, mark) {
			t.Errorf("sidebar row %q lacks %q", line, mark)
		}
	}
}

func lineWith(screen, sub string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, sub) && !strings.Contains(l, "◉") {
			return l
		}
	}
	return ""
}

func TestNarrowLayoutCollapsesSidebar(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.online()
	h.mustNotShow("Channels")
	h.key('b', tea.ModCtrl)
	h.mustShow("Channels")
	h.key('b', tea.ModCtrl)
	h.mustNotShow("Channels")
	h.send(tea.WindowSizeMsg{Width: 130, Height: 30})
	h.mustShow("Channels")
}

// history answers history requests from a fake lane of n messages.
func historyAnswer(n int) func(frame.Frame) (frame.Frame, error) {
	return func(f frame.Frame) (frame.Frame, error) {
		req, ok := f.Payload.(*frame.HistoryRequest)
		if f.Type != frame.TypeHistory || !ok {
			return frame.Frame{Type: f.Type, Payload: &frame.Empty{}}, nil
		}
		end := n
		if req.BeforeMessageID != "" {
			fmt.Sscanf(req.BeforeMessageID, "h%d", &end)
		}
		start := max(end-req.Limit, 0)
		var page frame.History
		for i := start; i < end; i++ {
			role := frame.RoleUser
			if i%2 == 1 {
				role = frame.RoleAssistant
			}
			page.Messages = append(page.Messages, frame.Message{MessageID: fmt.Sprintf("h%d", i), Role: role,
				Text: fmt.Sprintf("history message %d", i), TS: fixedNow.Add(time.Duration(i-n) * time.Minute).UnixMilli()})
		}
		page.HasMore = start > 0
		if len(page.Messages) > 0 {
			page.OldestMessageID = page.Messages[0].MessageID
		}
		return frame.Frame{Type: frame.TypeHistory, ID: f.ID, ChatID: f.ChatID, Payload: &page}, nil
	}
}

func TestHistoryPagingOnScrollTop(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.gw.answer = historyAnswer(120)
	h.online()
	h.mustShow("history message 119")
	if n := h.st.Lane(lane0).Len(); n != session.HistoryPage {
		t.Fatalf("first page holds %d", n)
	}
	for i := 0; i < 200 && h.st.Lane(lane0).Len() == session.HistoryPage; i++ {
		h.send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	}
	req, _ := h.gw.calls()
	last := req[len(req)-1].Payload.(*frame.HistoryRequest)
	if last.BeforeMessageID != "h70" || h.st.Lane(lane0).Len() != 2*session.HistoryPage {
		t.Fatalf("older page: before %q, len %d", last.BeforeMessageID, h.st.Lane(lane0).Len())
	}
	h.mustShow("history message 70") // the view stayed on the same message
	h.mustNotShow("history message 69")
}

func TestFollowModeAndNewBelowMarker(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.gw.answer = historyAnswer(40)
	h.online()
	if !h.m.transcript.Following() {
		t.Fatal("not following at start")
	}
	h.send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if h.m.transcript.Following() {
		t.Fatal("scrolling up must leave follow mode")
	}
	h.frame(msgFrame("new1", frame.RoleAssistant, "fresh reply", ms(20, 0)))
	h.mustShow("new messages below")
	h.mustNotShow("fresh reply")
	h.key(tea.KeyEnd, tea.ModCtrl)
	h.mustShow("fresh reply")
	h.mustNotShow("new messages below")
	_, sent := h.gw.calls()
	if last := sent[len(sent)-1]; last.Type != frame.TypeReadReceipt || last.Payload.(*frame.ReadReceipt).MessageID != "new1" {
		t.Fatalf("returning to the bottom reported %+v", last)
	}
	h.key(tea.KeyPgUp, 0)
	h.key(tea.KeyPgDown, 0)
	h.key(tea.KeyPgDown, 0)
	if !h.m.transcript.Following() {
		t.Fatal("paging back to the bottom must follow again")
	}
}

func TestDeletedMessageDisappears(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.frames(msgFrame("d1", frame.RoleAssistant, "to be deleted", ms(2, 0)), msgFrame("d2", frame.RoleAssistant, "stays", ms(2, 1)))
	h.mustShow("to be deleted")
	h.frame(on(frame.TypeMessageDeleted, &frame.MessageDeleted{MessageIDs: []string{"d1"}}))
	h.mustNotShow("to be deleted")
	h.mustShow("stays")
}

func TestReceiptsTicks(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.typeText("ping")
	h.key(tea.KeyEnter, 0)
	h.mustShow("✓")
	req, _ := h.gw.calls()
	id := req[len(req)-1].Payload.(*frame.MessageSend).ClientMsgID
	h.frame(on(frame.TypeMessage, &frame.Message{MessageID: "u1", Role: frame.RoleUser, Text: "ping", ClientMsgID: id, TS: ms(3, 0)}))
	h.frame(on(frame.TypeReadReceipt, &frame.ReadReceipt{MessageID: "u1"}))
	h.mustShow("✓✓")
}

func TestMediaChipsAndReplyQuote(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.frame(msgFrame("q1", frame.RoleUser, "what is in this clip?\nsecond line", ms(4, 0)))
	h.frame(on(frame.TypeMessage, &frame.Message{MessageID: "q2", Role: frame.RoleAssistant, Text: "A cat.", ReplyTo: frame.Some("q1"),
		Media: []frame.Media{{MediaID: "md5", Kind: "video", Filename: "clip.mp4", Size: 123456}}}))
	h.mustShow("↪ what is in this clip? …", "▶ video · clip.mp4 · 121 KiB", "A cat.")
}

func TestGatewayRestartingNoticeAndBanner(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.frame(frame.Frame{Type: frame.TypeStatus, Payload: &frame.Status{State: frame.StateRestarting}})
	h.mustShow("Gateway restarting", "gateway restarting")
	h.frame(on(frame.TypeNotification, &frame.Notification{Kind: "cron", Title: "ARIA", Body: "Nightly report ready"}))
	h.mustShow("◉ ARIA — Nightly report ready")
}

func TestConnectionStates(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.mustShow("◌ connecting…")
	h.send(inbound(&wsclient.StateEvent{State: wsclient.StateReconnecting, Attempt: 2, RetryAt: fixedNow.Add(4500 * time.Millisecond)}))
	h.mustShow("↻ reconnecting in 5s (attempt 2)")
	h.send(inbound(&wsclient.StateEvent{State: wsclient.StateAuthFailed, Err: fmt.Errorf("the gateway rejected the token")}))
	h.mustShow("✗ token rejected", "the gateway rejected the token")
}

func TestTypingIndicator(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.frame(on(frame.TypeTyping, &frame.Typing{On: frame.Ptr(true)}))
	h.mustShow("typing…")
	h.frame(on(frame.TypeTypingStop, &frame.Empty{}))
	h.mustNotShow("typing…")
}

func TestThemeFollowsBackground(t *testing.T) {
	h := newHarness(t, 100, 30, withTheme(themes.Auto))
	if h.m.com.Theme.Name != themes.Dark {
		t.Fatal("default theme should be dark before the terminal answers")
	}
	gen := h.m.com.ThemeGen
	h.send(tea.BackgroundColorMsg{Color: color.White})
	if h.m.com.Theme.Name != themes.Light || h.m.com.ThemeGen == gen {
		t.Fatal("a light background did not switch to the light theme")
	}
	forced := newHarness(t, 100, 30, withTheme(themes.Dark))
	forced.send(tea.BackgroundColorMsg{Color: color.White})
	if forced.m.com.Theme.Name != themes.Dark {
		t.Fatal("an explicit theme must win over the background")
	}
}

func TestNoColorHasNoColours(t *testing.T) {
	h := newHarness(t, 100, 30, func(o *Options) { o.NoColor = true })
	h.online()
	streamTurn(h, true)
	if v := h.view(); strings.Contains(v, "38;2;") || strings.Contains(v, "48;2;") {
		t.Fatal("NO_COLOR view contains colours")
	}
}

func TestChannelDeletedLeavesLane(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	other := frame.Lane{ChatID: "android:chan_7"}
	h.m.handleAction(common.ActionOpenLane{Lane: other})
	h.frame(frame.Frame{Type: frame.TypeChannelDeleted, Payload: &frame.Channel{ChatID: "android:chan_7", Kind: frame.KindChannel}})
	if h.m.Lane() != lane0 {
		t.Fatalf("still on %v after delete", h.m.Lane())
	}
	h.mustNotShow("Cron Reports")
}

// Text typed into a channel that another device deletes while it is open
// comes along into the default channel's composer, after its draft.
func TestChannelDeletedWhileTypingKeepsTheText(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.typeText("the default's draft")
	other := frame.Lane{ChatID: "android:chan_7"}
	h.m.handleAction(common.ActionOpenLane{Lane: other})
	h.typeText("typed as it was deleted")
	h.frame(frame.Frame{Type: frame.TypeChannelDeleted, Payload: &frame.Channel{ChatID: "android:chan_7", Kind: frame.KindChannel}})
	if h.m.Lane() != lane0 {
		t.Fatalf("still on %v after delete", h.m.Lane())
	}
	if got, want := h.m.Composer(), "typed as it was deleted\nthe default's draft"; got != want {
		t.Fatalf("composer %q, want %q", got, want)
	}
}

func TestOfflineSendIsQueuedThenSent(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.frame(hello())
	h.typeText("typed offline")
	h.key(tea.KeyEnter, 0)
	if req, _ := h.gw.calls(); len(req) != 0 {
		t.Fatalf("sent while offline: %v", req)
	}
	h.mustShow("◷ queued")
	h.send(inbound(&wsclient.StateEvent{State: wsclient.StateOnline}))
	req, _ := h.gw.calls()
	found := false
	for _, f := range req {
		if p, ok := f.Payload.(*frame.MessageSend); ok && p.Text == "typed offline" {
			found = true
		}
	}
	if !found {
		t.Fatal("queued message not sent once online")
	}
	if o := h.st.Outgoing(); len(o) != 1 || o[0].Delivery != store.DeliverySent {
		t.Fatalf("outgoing %+v", o)
	}
}

func TestSixteenColourProfile(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	streamTurn(h, true)
	gen := h.m.com.ThemeGen
	h.send(tea.ColorProfileMsg{Profile: colorprofile.ANSI})
	if h.m.com.ThemeGen == gen {
		t.Fatal("a 16-colour terminal did not switch to the 16-colour palette")
	}
	h.mustShow("All 12 tests passed.")
}

func TestFailedSendResendsOnKey(t *testing.T) {
	h := newHarness(t, 100, 30)
	fail := true
	h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
		if f.Type == frame.TypeMessageSend && fail {
			return frame.Frame{Type: frame.TypeError, Payload: &frame.Error{Code: frame.CodeRateLimited, Message: "slow down"}}, nil
		}
		return frame.Frame{Type: f.Type, Payload: &frame.History{}}, nil
	}
	h.online()
	h.typeText("try me")
	h.key(tea.KeyEnter, 0)
	h.mustShow("✗ not sent: rate_limited: slow down (ctrl+g resend)", "message not sent: rate_limited: slow down")
	fail = false
	h.key('g', tea.ModCtrl)
	h.mustNotShow("✗ not sent")
	req, _ := h.gw.calls()
	sends := 0
	for _, f := range req {
		if f.Type == frame.TypeMessageSend {
			sends++
		}
	}
	if sends != 2 {
		t.Fatalf("message.send went %d times, want 2", sends)
	}
}

func TestFramesAreCoalescedIntoOneRender(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.m.scr.tick = func(time.Duration, tea.Msg) tea.Cmd { return nil } // the flush tick never fires by itself
	h.frame(on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "c1", Role: frame.RoleAssistant}))
	before := h.plain()
	for i := 1; i <= 50; i++ {
		h.frame(on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "c1", Text: fmt.Sprintf("update number %d", i)}))
	}
	if h.plain() != before {
		t.Fatal("the transcript re-rendered before the flush tick")
	}
	if !h.m.scr.flushing {
		t.Fatal("no flush was scheduled")
	}
	h.send(flushMsg{})
	h.mustShow("update number 50")
	h.mustNotShow("update number 49")
	h.typeText("x") // a key press re-renders the composer, not the transcript
	h.mustShow("› x")
}

func TestShortPagesFillTheScreen(t *testing.T) {
	h := newHarness(t, 100, 40)
	answer := historyAnswer(12)
	h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
		if r, ok := f.Payload.(*frame.HistoryRequest); ok {
			r.Limit = 3 // a gateway that pages in threes
		}
		return answer(f)
	}
	h.online()
	if n := h.st.Lane(lane0).Len(); n < 9 {
		t.Fatalf("only %d messages loaded; the screen has room for more", n)
	}
	h.mustShow("history message 11")
}

func TestTinyTerminalsNeverPanic(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {5, 3}, {12, 5}, {20, 8}, {40, 10}} {
		h := newHarness(t, size[0], size[1])
		h.online()
		streamTurn(h, true)
		h.frame(on(frame.TypeNotification, &frame.Notification{Title: "t", Body: "b"}))
		for _, k := range []tea.KeyPressMsg{{Code: tea.KeyF1}, {Code: tea.KeyEscape}, {Code: 'k', Mod: tea.ModCtrl}, {Code: tea.KeyEscape},
			{Code: 'b', Mod: tea.ModCtrl}, {Code: tea.KeyPgUp}, {Code: tea.KeyTab}} {
			h.send(k)
			if v := h.view(); strings.Count(v, "\n") >= size[1] {
				t.Errorf("%dx%d after %s: view has %d rows", size[0], size[1], k, strings.Count(v, "\n")+1)
			}
		}
		h.send(tea.MouseClickMsg{X: 0, Y: 0, Button: tea.MouseLeft})
		h.send(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
		if v := h.view(); strings.Count(v, "\n") >= size[1] {
			t.Errorf("%dx%d: view has %d rows", size[0], size[1], strings.Count(v, "\n")+1)
		}
	}
}
