package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// Model tests of pickers, the / drawer, agent control, channel
// management and search, driven through the root model.

var chan7 = frame.Lane{ChatID: "android:chan_7"}

func approvalFrame(l frame.Lane, id, cmd string) frame.Frame {
	return inLane(l, frame.TypePickerApproval, &frame.Picker{PickerID: id, Command: cmd, Description: "recursive delete",
		AllowPermanent: frame.Ptr(true), TimeoutS: frame.Ptr(300.0)})
}

// requestsOf returns the requests of type typ the gateway got.
func (h *harness) requestsOf(typ string) []frame.Frame {
	req, _ := h.gw.calls()
	var out []frame.Frame
	for _, f := range req {
		if f.Type == typ {
			out = append(out, f)
		}
	}
	return out
}

func (h *harness) press(k tea.KeyPressMsg) { h.t.Helper(); h.send(k) }

var (
	keyEnter = tea.KeyPressMsg{Code: tea.KeyEnter}
	keyEsc   = tea.KeyPressMsg{Code: tea.KeyEscape}
	keyTab   = tea.KeyPressMsg{Code: tea.KeyTab}
	keyDown  = tea.KeyPressMsg{Code: tea.KeyDown}
)

func TestPickerAnsweredFromKeyboard(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf build/"))
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatalf("dialog %q", h.m.DialogOpen())
	}
	h.mustShow("Approve command?", "rm -rf build/", "Always allow")
	h.mustShow("Channels", "Cron Reports", "● online") // the screen stays visible around the modal
	h.typeText("2")
	sel := h.requestsOf(frame.TypePickerSelect)
	if len(sel) != 1 || *sel[0].Payload.(*frame.PickerSelect) != (frame.PickerSelect{PickerID: "pa_1", Value: "session"}) {
		t.Fatalf("picker.select %v", sel)
	}
	if h.m.DialogOpen() != "" || len(h.st.Pickers(lane0)) != 0 {
		t.Fatal("the answered picker is still up")
	}
	h.mustShow("◆ approved for the session: rm -rf build/")
}

func TestPickersQueueHideAndReturn(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frames(approvalFrame(lane0, "pa_1", "rm -rf a"),
		inLane(lane0, frame.TypePickerChoice, &frame.Picker{PickerID: "pc_1", Title: "Reasoning effort",
			Choices: []frame.Choice{{Value: "low", Label: "Low"}, {Value: "high", Label: "High", IsCurrent: frame.Ptr(true)}}}))
	h.mustShow("Approve command?  1 of 2")
	h.press(keyEsc)
	if h.m.DialogOpen() != "" || len(h.st.Pickers(lane0)) != 2 {
		t.Fatalf("Esc: dialog %q, pending %d", h.m.DialogOpen(), len(h.st.Pickers(lane0)))
	}
	h.mustShow("picker hidden · alt+p brings it back")
	h.key('p', tea.ModAlt)
	h.mustShow("Approve command?  1 of 2")
	h.typeText("4")
	h.mustShow("Reasoning effort", "● High")
	h.press(keyEnter)
	sel := h.requestsOf(frame.TypePickerSelect)
	if len(sel) != 2 || sel[0].Payload.(*frame.PickerSelect).Value != "deny" || sel[1].Payload.(*frame.PickerSelect).Value != "high" {
		t.Fatalf("answers %v", sel)
	}
	h.mustShow("◆ denied: rm -rf a", "◆ chose High: Reasoning effort")
}

func TestPickerClosesOnIdleAndExpiresOnTimeout(t *testing.T) {
	now := fixedNow
	h := newHarness(t, 120, 40, func(o *Options) { o.Now = func() time.Time { return now } })
	h.online()
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf x"))
	h.frame(on(frame.TypeAgentIdle, &frame.Empty{}))
	if h.m.DialogOpen() != "" {
		t.Fatal("agent.idle left the picker up")
	}
	h.mustShow("closed without an answer from here (the agent went on): rm -rf x")
	h.mustNotShow("expired: rm -rf x")

	h.frame(approvalFrame(lane0, "pa_2", "rm -rf y"))
	now = now.Add(299 * time.Second)
	h.send(pickerExpiryMsg{})
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("expired before its timeout")
	}
	now = now.Add(2 * time.Second)
	h.send(pickerExpiryMsg{})
	if h.m.DialogOpen() != "" || len(h.st.Pickers(lane0)) != 0 {
		t.Fatal("not expired after timeout_s")
	}
	h.mustShow("expired: rm -rf y")
}

func TestPickerAnsweredElsewhere(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
		if f.Type == frame.TypePickerSelect {
			return frame.Frame{Type: frame.TypeError, Payload: &frame.Error{Code: frame.CodeNotFound, Message: "no pending picker"}}, nil
		}
		return frame.Frame{Type: f.Type, Payload: &frame.Empty{}}, nil
	}
	h.online()
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf z"))
	h.typeText("1")
	h.mustShow("◆ your answer “approve once” was not used: answered on another device: rm -rf z", "your answer was not used")
	h.mustNotShow("approved")
	if h.m.DialogOpen() != "" || len(h.st.AllPickers()) != 0 {
		t.Fatal("picker still up")
	}
}

func TestPickerOffScreenLaneMarksBannerAndNotifies(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.send(tea.BlurMsg{})
	h.frame(inLane(chan7, frame.TypePickerApproval, &frame.Picker{PickerID: "pa_9", Command: "rm -rf \x1b]0;evil\x07/tmp"}))
	if h.m.DialogOpen() != "" {
		t.Fatal("a picker of another lane took the screen")
	}
	h.mustShow("◉ Cron Reports — rm -rf ␛]0;evil␇/tmp") // the banner, sanitised
	marked := false
	for _, line := range strings.Split(h.plain(), "\n") {
		marked = marked || strings.Contains(line, "  Cron Reports") && strings.Contains(line, "◆")
	}
	if !marked {
		t.Fatalf("the sidebar does not mark the lane:\n%s", h.plain())
	}
	if len(h.raws) != 1 {
		t.Fatalf("notifications %q", h.raws)
	}
	n := h.raws[0]
	if !strings.HasPrefix(n, "\a\x1b]9;Iris · Cron Reports: rm -rf ") || !strings.Contains(n, "\x1b]777;notify;Iris · Cron Reports;") {
		t.Fatalf("notification %q", n)
	}
	if strings.Count(n, "\x1b") != 2 || strings.Count(n, "\x07") != 3 {
		t.Fatalf("wire text reached the terminal raw: %q", n)
	}
	// Focused again: no notification, but the sidebar mark opens the picker.
	h.send(tea.FocusMsg{})
	h.frame(approvalFrame(chan7, "pa_10", "rm b"))
	if len(h.raws) != 1 {
		t.Fatal("notified while focused")
	}
	h.handleOpen(chan7)
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("opening the marked lane did not show its picker")
	}
}

// handleOpen opens lane l as the sidebar would.
func (h *harness) handleOpen(l frame.Lane) {
	h.t.Helper()
	h.run(h.m.handleAction(common.ActionOpenLane{Lane: l}))
}

func TestDrawerCompletesAndSends(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.gw.answer = catalogAnswer
	h.online()
	if len(h.st.Catalog()) == 0 {
		t.Fatal("the catalog was not fetched and cached on connect")
	}
	h.typeText("/mod")
	h.mustShow("/model", "tab complete")
	h.press(keyTab)
	if h.m.Composer() != "/model " || h.m.Focus() != "composer" {
		t.Fatalf("composer %q focus %s", h.m.Composer(), h.m.Focus())
	}
	h.press(keyEnter)
	sent := h.requestsOf(frame.TypeMessageSend)
	if len(sent) != 1 || sent[0].Payload.(*frame.MessageSend).Text != "/model" {
		t.Fatalf("sent %v", sent)
	}
	h.mustNotShow("tab complete")
}

// TestDrawerEnterSendsTheHighlightedCommand: Enter on "/mo" sends the
// highlighted /model, not the typed "/mo".
func TestDrawerEnterSendsTheHighlightedCommand(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.gw.answer = catalogAnswer
	h.online()
	h.typeText("/mo")
	h.press(keyEnter)
	sent := h.requestsOf(frame.TypeMessageSend)
	if len(sent) != 1 || sent[0].Payload.(*frame.MessageSend).Text != "/model" {
		t.Fatalf("sent %v", sent)
	}
	if h.m.Composer() != "" {
		t.Fatalf("composer kept %q", h.m.Composer())
	}
	h.mustNotShow("tab complete")
}

func TestDrawerEscClosesWithoutStopping(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.gw.answer = catalogAnswer
	h.online()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"}))
	h.typeText("/st")
	h.press(keyEsc)
	h.mustNotShow("tab complete")
	if len(h.requestsOf(frame.TypeAgentStop)) != 0 || h.m.Composer() != "/st" {
		t.Fatal("Esc on the drawer stopped the agent or lost the text")
	}
}

func TestClientCommandsAndCollisions(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.gw.answer = catalogAnswer // has /stop
	h.online()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"}))
	h.m.com.Settings.BusyInput = common.BusyQueue
	h.typeText("/stop")
	h.press(keyEnter)
	if len(h.requestsOf(frame.TypeAgentStop)) != 0 {
		t.Fatal("/stop ran Iris's command although the gateway has /stop")
	}
	h.typeText("//stop")
	h.press(keyEnter)
	if len(h.requestsOf(frame.TypeAgentStop)) != 1 {
		t.Fatal("//stop did not stop the agent")
	}
	h.typeText("/search deploy")
	h.press(keyEnter)
	if h.m.DialogOpen() != dialog.SearchID || len(h.requestsOf(frame.TypeSearch)) != 1 {
		t.Fatalf("dialog %q", h.m.DialogOpen())
	}
}

func TestCatalogUnavailableFallsBackToComplete(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
		if f.Type == frame.TypeCommandsComplete {
			return frame.Frame{Type: f.Type, Payload: &frame.CommandsCompleteResult{Prefix: "/mo",
				Matches: []frame.Command{{Name: "/model", Description: "Switch model"}}}}, nil
		}
		return frame.Frame{Type: frame.TypeError, Payload: &frame.Error{Code: "unsupported"}}, nil
	}
	h.online()
	h.typeText("/mo")
	if c := h.requestsOf(frame.TypeCommandsComplete); len(c) == 0 || c[len(c)-1].Payload.(*frame.CommandsComplete).Prefix != "/mo" {
		t.Fatalf("commands.complete %v", c)
	}
	h.mustShow("/model", "Switch model")
}

func TestStopKeyAndAutoThread(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.key('x', tea.ModCtrl)
	if len(h.requestsOf(frame.TypeAgentStop)) != 0 {
		t.Fatal("stopped an idle lane")
	}
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{}))
	h.key('x', tea.ModCtrl)
	if len(h.requestsOf(frame.TypeAgentStop)) != 1 {
		t.Fatal("ctrl+x did not stop the busy lane")
	}
	h.frame(on(frame.TypeAgentIdle, &frame.Empty{}))
	h.key('t', tea.ModAlt)
	h.mustShow("NEW THREAD")
	h.typeText("start fresh")
	h.press(keyEnter)
	h.typeText("then this")
	h.press(keyEnter)
	sent := h.requestsOf(frame.TypeMessageSend)
	if len(sent) < 1 || sent[0].Payload.(*frame.MessageSend).AutoThread == nil {
		t.Fatalf("the first message did not ask for a thread: %v", sent)
	}
	for _, f := range sent[1:] {
		if f.Payload.(*frame.MessageSend).AutoThread != nil {
			t.Fatal("auto_thread stuck after one message")
		}
	}
	h.mustNotShow("NEW THREAD")
}

func TestAutoThreadFollowsTheNewThread(t *testing.T) {
	h := newHarness(t, 120, 40)
	thread := frame.Lane{ChatID: chat, ThreadID: "t_9"}
	h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
		if p, ok := f.Payload.(*frame.MessageSend); ok {
			return inLane(thread, frame.TypeMessage, &frame.Message{MessageID: "m_1", Role: frame.RoleUser, Text: p.Text,
				ClientMsgID: p.ClientMsgID, TS: ms(1, 0)}), nil
		}
		return frame.Frame{Type: f.Type, Payload: &frame.History{}}, nil
	}
	h.online()
	h.typeText("/thread auto")
	h.press(keyEnter)
	h.mustShow("NEW THREAD")
	h.typeText("plan the release")
	h.press(keyEnter)
	if h.m.Lane() != thread {
		t.Fatalf("lane %v, want the new thread", h.m.Lane())
	}
}

func TestChannelMenuCreates(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.key('c', tea.ModAlt)
	if h.m.DialogOpen() != dialog.ChannelsID {
		t.Fatalf("dialog %q", h.m.DialogOpen())
	}
	h.mustNotShow("Delete “Default”") // the default channel is never offered for deletion
	h.typeText("1")
	h.typeText("Cron")
	h.press(keyEnter)
	c := h.requestsOf(frame.TypeChannelCreate)
	if len(c) != 1 || c[0].Payload.(*frame.ChannelCreate).Name != "Cron" || h.m.DialogOpen() != "" {
		t.Fatalf("create %v, dialog %q", c, h.m.DialogOpen())
	}
}

func TestSearchJumpsPagingHistory(t *testing.T) {
	h := newHarness(t, 120, 40)
	answerSearchOverHistory(h)
	h.online()
	h.key('f', tea.ModCtrl)
	h.typeText("message 10")
	h.press(keyEnter)
	h.mustShow("1 found", "Default · user")
	h.press(keyEnter)
	if h.m.DialogOpen() != "" || h.m.transcript.Marked() != "h10" {
		t.Fatalf("dialog %q marked %q", h.m.DialogOpen(), h.m.transcript.Marked())
	}
	if n := len(h.requestsOf(frame.TypeHistory)); n != 3 {
		t.Fatalf("history requests %d, want 3 (newest page, then two older)", n)
	}
	h.mustShow("▌", "history message 10")
	if s := h.requestsOf(frame.TypeSearch)[0].Payload.(*frame.Search); s.Scope != "all" || s.ChatID.Present {
		t.Fatalf("search %+v", s)
	}
}

// catalogAnswer answers commands.catalog with the simulator's catalog.
func catalogAnswer(f frame.Frame) (frame.Frame, error) {
	switch f.Type {
	case frame.TypeCommandsCatalog:
		return frame.Frame{Type: f.Type, Payload: &frame.CommandsCatalog{Commands: gatewaysim.DefaultCatalog()}}, nil
	case frame.TypeHistory:
		return frame.Frame{Type: f.Type, Payload: &frame.History{}}, nil
	}
	return frame.Frame{Type: f.Type, Payload: &frame.Empty{}}, nil
}

func TestAutoThreadRenameShowsBetterTitle(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(frame.Frame{Type: frame.TypeChannelCreated, Payload: &frame.Channel{ChatID: chat, ThreadID: frame.Some("t_5"),
		ParentChatID: frame.Some(chat), Name: "plan the release", Kind: frame.KindThread, Auto: frame.Ptr(true)}})
	h.mustShow("└ plan the release")
	h.frame(frame.Frame{Type: frame.TypeChannelRenamed, Payload: &frame.Channel{ChatID: chat, ThreadID: frame.Some("t_5"),
		ParentChatID: frame.Some(chat), Name: "Release planning", Kind: frame.KindThread}})
	h.mustShow("└ Release planning")
	h.mustNotShow("plan the release")
}
