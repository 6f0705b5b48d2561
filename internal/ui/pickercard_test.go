package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/dialog"
	"github.com/hermes/iris/wsclient"
)

// Model tests of the picker card: a picker never takes keys the
// user meant for the composer.

// clockHarness is a harness whose clock the test moves.
func clockHarness(t *testing.T, opts ...harnessOpt) (*harness, *time.Time) {
	now := fixedNow
	h := newHarness(t, 120, 40, append(opts, func(o *Options) { o.Now = func() time.Time { return now } })...)
	h.online()
	return h, &now
}

// noSelect fails when any picker.select was sent.
func (h *harness) noSelect() {
	h.t.Helper()
	if sel := h.requestsOf(frame.TypePickerSelect); len(sel) != 0 {
		h.t.Fatalf("picker.select sent: %v", sel)
	}
}

func TestPickerArrivingWhileTypingWaitsAsCard(t *testing.T) {
	h, now := clockHarness(t)
	h.typeText("also")
	*now = now.Add(800 * time.Millisecond) // a pause in typing
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./tmp3"))
	if h.m.DialogOpen() != "" {
		t.Fatal("the approval took the keyboard from a typing user")
	}
	h.mustShow("◆ Approval waiting · alt+p to answer · rm -rf ./tmp3 · 4:59 left")
	h.typeText(" check logs for 3 days")
	*now = now.Add(5 * time.Second) // a long pause is no deliberate act
	h.typeText(" please")
	h.noSelect()
	if got := h.m.Composer(); got != "also check logs for 3 days please" {
		t.Fatalf("composer %q", got)
	}
	// The time left on the card counts down with the clock.
	h.send(clockMsg{})
	h.mustShow("4:54 left")
	// The picker key is the deliberate act.
	h.key('p', tea.ModAlt)
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("alt+p did not give the approval the keyboard")
	}
	h.mustNotShow("Approval waiting")
	h.typeText("1")
	if sel := h.requestsOf(frame.TypePickerSelect); len(sel) != 1 || sel[0].Payload.(*frame.PickerSelect).Value != "once" {
		t.Fatalf("picker.select %v", sel)
	}
	if got := h.m.Composer(); got != "also check logs for 3 days please" {
		t.Fatalf("composer %q", got)
	}
}

func TestPickerArrivingWhileIdleTakesTheKeyboard(t *testing.T) {
	h, now := clockHarness(t)
	h.typeText("x")
	h.key(tea.KeyBackspace, 0)
	*now = now.Add(2100 * time.Millisecond)
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf a"))
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("an approval arriving while idle did not take the keyboard")
	}
	// A draft the user was last working on counts as typing, however old.
	h.typeText("2")
	h.typeText("draft")
	*now = now.Add(time.Minute)
	h.frame(approvalFrame(lane0, "pa_2", "rm -rf b"))
	if h.m.DialogOpen() != "" {
		t.Fatal("an approval took the keyboard over a draft")
	}
	h.mustShow("◆ Approval waiting")
}

func TestPickerChainKeepsTheKeyboard(t *testing.T) {
	h, now := clockHarness(t)
	h.typeText("draft")
	*now = now.Add(3 * time.Second)
	h.frames(approvalFrame(lane0, "pa_1", "rm -rf a"), approvalFrame(lane0, "pa_2", "rm -rf b"))
	h.key('p', tea.ModAlt)
	h.typeText("4")
	// The next picker follows a deliberate answer: it has the keyboard.
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("the second picker waits although the user is answering pickers")
	}
	h.typeText("4")
	h.answeredKeeping(2, "draft")
	// Long after the last answer, the draft counts again.
	*now = now.Add(time.Minute)
	h.frame(approvalFrame(lane0, "pa_3", "rm -rf c"))
	if h.m.DialogOpen() != "" {
		t.Fatal("an approval took the keyboard over a draft a minute after the last answer")
	}
}

func TestPickerGivesCharactersBackInOrder(t *testing.T) {
	h, now := clockHarness(t)
	h.m.scr.tick = holdArming // arming never completes: every key lands during it
	*now = now.Add(3 * time.Second)
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf a"))
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("no dialog")
	}
	h.press(keyEnter) // Enter while arming restarts it and answers nothing
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("enter during arming closed the picker")
	}
	h.typeText("def") // the user starts typing as it appears
	if h.m.DialogOpen() != "" || h.m.Composer() != "def" {
		t.Fatalf("dialog %q, composer %q", h.m.DialogOpen(), h.m.Composer())
	}
	h.mustShow("◆ Approval waiting")
	h.press(keyEnter) // sends the message, not an answer
	h.noSelect()
	if sent := h.requestsOf(frame.TypeMessageSend); len(sent) != 1 || sent[0].Payload.(*frame.MessageSend).Text != "def" {
		t.Fatalf("message.send %v", sent)
	}
}

func TestPickerLettersGoBackFromAnArmedApproval(t *testing.T) {
	h, now := clockHarness(t)
	*now = now.Add(3 * time.Second)
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf a"))
	h.send(tea.PasteMsg{Content: "pasted "})
	h.typeText("ok 3")
	h.noSelect()
	if h.m.DialogOpen() != "" || h.m.Composer() != "pasted ok 3" {
		t.Fatalf("dialog %q, composer %q", h.m.DialogOpen(), h.m.Composer())
	}
}

func TestPickerCardClickGivesTheKeyboard(t *testing.T) {
	h, _ := clockHarness(t)
	h.typeText("hi")
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf a"))
	y := h.m.scr.layout.top + h.m.scr.layout.banner + h.m.scr.layout.transcript
	h.send(tea.MouseClickMsg{X: h.m.scr.layout.sidebar + 3, Y: y - 1, Button: tea.MouseLeft})
	if h.m.DialogOpen() != "" {
		t.Fatal("a click beside the card opened the picker")
	}
	h.send(tea.MouseClickMsg{X: h.m.scr.layout.sidebar + 3, Y: y, Button: tea.MouseLeft})
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("a click on the card did not open the picker")
	}
}

func TestPickerFocusFromAnotherLane(t *testing.T) {
	h, _ := clockHarness(t)
	h.frame(inLane(chan7, frame.TypePickerClarify, &frame.Picker{PickerID: "pq_1", Question: "How long?"}))
	h.run(h.m.focusPicker(chan7, "pq_1"))
	if h.m.Lane() != chan7 || h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatalf("lane %v dialog %q", h.m.Lane(), h.m.DialogOpen())
	}
	h.typeText("3 days")
	h.press(keyEnter)
	sel := h.requestsOf(frame.TypePickerSelect)
	if len(sel) != 1 || *sel[0].Payload.(*frame.PickerSelect) != (frame.PickerSelect{PickerID: "pq_1", Value: "3 days"}) {
		t.Fatalf("picker.select %v", sel)
	}
	h.mustShow("◆ answered “3 days”: How long?")
}

func TestPickerDenyReasonOnTheWire(t *testing.T) {
	h, _ := clockHarness(t)
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf a"))
	h.typeText("5")
	h.typeText("use the trash")
	h.press(keyEnter)
	sel := h.requestsOf(frame.TypePickerSelect)
	if len(sel) != 1 || *sel[0].Payload.(*frame.PickerSelect) != (frame.PickerSelect{PickerID: "pa_1", Value: "deny", Reason: "use the trash"}) {
		t.Fatalf("picker.select %v", sel)
	}
	h.mustShow("◆ denied: rm -rf a · reason: “use the trash”")
}

// holdArming is testTick without arming: pickers stay unarmed.
func holdArming(d time.Duration, msg tea.Msg) tea.Cmd {
	if _, ok := msg.(dialog.PickerArmedMsg); ok {
		return nil
	}
	return testTick(d, msg)
}

func TestPickerAskedForBySlashCommandTakesTheKeyboard(t *testing.T) {
	modelPicker := func(id string) frame.Frame {
		return on(frame.TypePickerModel, &frame.Picker{PickerID: id, Providers: []frame.Provider{{ID: "local", Models: []frame.Model{{ID: "m1"}}}}})
	}
	h, now := clockHarness(t)
	h.typeText("/model")
	h.press(keyEnter)
	*now = now.Add(300 * time.Millisecond)
	h.frame(modelPicker("pm_1"))
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("the model picker /model asked for waits as a card")
	}
	h.press(keyEsc)
	// A key typed after the command: the user moved on, the picker waits.
	h.typeText("/model")
	h.press(keyEnter)
	h.typeText("n")
	h.frame(modelPicker("pm_2"))
	if h.m.DialogOpen() != "" {
		t.Fatal("the model picker took the keyboard from a typing user")
	}
}

// A picker that follows the user's own message takes the keyboard: the
// Enter that sent it, and the keys before, are not typing; only keys typed
// after the send are.
func TestPickerFollowingYourOwnMessageTakesTheKeyboard(t *testing.T) {
	h, now := clockHarness(t)
	h.typeText("please rm -rf ./out")
	h.press(keyEnter)
	*now = now.Add(300 * time.Millisecond)
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./out"))
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("the approval the user's own message asked for waits as a card")
	}
	h.typeText("4")
	h.answeredKeeping(1, "")
	// Keys after the send count: the user moved on, the picker waits.
	h.typeText("please rm b")
	h.press(keyEnter)
	h.typeText("and")
	*now = now.Add(300 * time.Millisecond)
	h.frame(approvalFrame(lane0, "pa_2", "rm b"))
	if h.m.DialogOpen() != "" {
		t.Fatal("an approval took the keyboard from a user typing after the send")
	}
	h.mustShow("◆ Approval waiting")
}

func TestPickerAskedForFromTheDrawerTakesTheKeyboard(t *testing.T) {
	now := fixedNow
	tick := func() time.Time { now = now.Add(time.Millisecond); return now } // every reading is later
	h := newHarness(t, 120, 40, func(o *Options) { o.Now = tick })
	h.gw.answer = catalogAnswer
	h.online()
	h.typeText("/mod")
	h.press(keyTab)
	h.press(keyEnter)
	if sent := h.requestsOf(frame.TypeMessageSend); len(sent) != 1 {
		t.Fatalf("sent %v", sent)
	}
	h.frame(on(frame.TypePickerModel, &frame.Picker{PickerID: "pm_1", Providers: []frame.Provider{{ID: "local", Models: []frame.Model{{ID: "m1"}}}}}))
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("the model picker asked for from the drawer waits as a card")
	}
}

// TestPickerCardIsSanitised: wire text on the waiting card (the picker's
// summary) never reaches the terminal raw, and shows sanitised.
func TestPickerCardIsSanitised(t *testing.T) {
	for name, c := range hostile {
		t.Run(name, func(t *testing.T) {
			h, _ := clockHarness(t)
			h.typeText("busy typing")
			h.frame(inLane(lane0, frame.TypePickerClarify, &frame.Picker{PickerID: "pq_1", Question: c.wire, Choices: []frame.Choice{{Value: c.wire, Label: c.wire}}}))
			h.mustShow("◆ Question waiting", c.shown)
			if err := termsafe.Verify(h.view()); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// A picker that armed while the terminal was unfocused arms again when the
// terminal gets the focus back: a user coming back to the window and typing
// at once ("1 more thing") cannot answer what they have not seen yet.
func TestPickerArmsAgainWhenTheTerminalGetsTheFocusBack(t *testing.T) {
	h, now := clockHarness(t)
	hold := false
	h.m.scr.tick = func(d time.Duration, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(dialog.PickerArmedMsg); ok && hold {
			return nil
		}
		return testTick(d, msg)
	}
	h.send(tea.BlurMsg{})
	*now = now.Add(3 * time.Second)
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf a"))
	if h.m.DialogOpen() != dialog.PickerDialogID || !h.m.pick.shown.Armed() {
		t.Fatal("the approval did not open armed while the user was away")
	}
	hold = true // the user types before the arming delay has passed
	h.send(tea.FocusMsg{})
	h.typeText("1 more thing")
	h.keptTyping("1 more thing")
}

// keptTyping fails unless no picker.select was sent, the composer holds
// want and the approval waits as a card.
func (h *harness) keptTyping(want string) {
	h.t.Helper()
	h.noSelect()
	if h.m.Composer() != want {
		h.t.Fatalf("composer %q, want %q", h.m.Composer(), want)
	}
	h.mustShow("◆ Approval waiting")
}

// An answer given after Alt+P that the gateway never confirms brings the
// picker back; a user who went on typing meanwhile keeps the keyboard and
// the picker waits as a card (the deliberate act was used by the answer).
func TestUndeliveredAnswerComesBackAsACardWhileTyping(t *testing.T) {
	h, now := clockHarness(t)
	answerSelect(h, frame.Frame{}, wsclient.ErrTimeout)
	h.typeText("hi")
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf a"))
	h.key('p', tea.ModAlt)
	_, cmd := h.m.Update(tea.KeyPressMsg{Code: '1', Text: "1"})
	*now = now.Add(20 * time.Second)
	h.typeText(" there")
	*now = now.Add(10 * time.Second)
	h.run(cmd) // no reply: the answer is not delivered
	if h.m.DialogOpen() != "" {
		t.Fatal("the undelivered picker took the keyboard from a typing user")
	}
	h.mustShow("◆ Approval waiting")
	*now = now.Add(600 * time.Millisecond) // a pause, then typing goes on
	h.typeText("2 more")
	h.answeredKeeping(1, "hi there2 more")
}

// answeredKeeping fails unless exactly n picker.select were sent and the
// composer holds composer.
func (h *harness) answeredKeeping(n int, composer string) {
	h.t.Helper()
	if sel := h.requestsOf(frame.TypePickerSelect); len(sel) != n {
		h.t.Fatalf("picker.select %v, want %d", sel, n)
	}
	if h.m.Composer() != composer {
		h.t.Fatalf("composer %q, want %q", h.m.Composer(), composer)
	}
}

// A typed clarify answer survives Esc: the picker is hidden, not answered,
// and the text is still in its field when Alt+P brings it back.
func TestPickerTypedAnswerSurvivesHiding(t *testing.T) {
	h, now := clockHarness(t)
	*now = now.Add(3 * time.Second)
	h.frame(inLane(lane0, frame.TypePickerClarify, &frame.Picker{PickerID: "pq_1", Question: "How should I roll out?"}))
	h.typeText("canary rollout")
	h.press(keyEsc)
	if h.m.DialogOpen() != "" {
		t.Fatal("esc did not hide the picker")
	}
	h.key('p', tea.ModAlt)
	h.mustShow("canary rollout")
	h.press(keyEnter)
	sel := h.requestsOf(frame.TypePickerSelect)
	if len(sel) != 1 || sel[0].Payload.(*frame.PickerSelect).Value != "canary rollout" {
		t.Fatalf("picker.select %v", sel)
	}
}

// Ctrl+C on a picker hides it like Esc: the picker opened with Alt+P does
// not jump back over the composer at the next frame while the user types.
func TestPickerCtrlCHidesIt(t *testing.T) {
	h, now := clockHarness(t)
	h.typeText("hi")
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf a"))
	h.key('p', tea.ModAlt)
	h.key('c', tea.ModCtrl)
	if h.m.DialogOpen() != "" {
		t.Fatal("ctrl+c left the picker open")
	}
	h.typeText(" hello")
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"}))
	*now = now.Add(time.Second) // a pause in typing
	h.typeText("2 items")
	h.keptTyping("hi hello2 items")
}

// Esc hides a picker opened with Alt+P too.
func TestPickerOpenedWithAltPHidesWithEsc(t *testing.T) {
	h, _ := clockHarness(t)
	h.typeText("hi")
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf a"))
	h.key('p', tea.ModAlt)
	h.press(keyEsc)
	if h.m.DialogOpen() != "" {
		t.Fatal("esc left the picker open")
	}
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"}))
	if h.m.DialogOpen() != "" {
		t.Fatal("the hidden picker came back at the next frame")
	}
}

// TestPickerHeldAtStartWaitsAsCard: a picker the store holds when the TUI
// starts (restored from its last run) waits as a card, so the first keys
// the user types go to the composer; alt+p answers it.
func TestPickerHeldAtStartWaitsAsCard(t *testing.T) {
	h, _ := clockHarness(t, func(o *Options) { o.State.Apply(approvalFrame(lane0, "pa_1", "rm -rf ./old"), false) })
	if h.m.DialogOpen() != "" {
		t.Fatal("a picker restored at start took the keyboard")
	}
	h.mustShow("◆ Approval waiting · alt+p to answer · rm -rf ./old")
	h.typeText("hello 1")
	h.noSelect()
	if got := h.m.Composer(); got != "hello 1" {
		t.Fatalf("composer %q", got)
	}
	h.key('p', tea.ModAlt)
	if h.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatal("alt+p did not give the approval the keyboard")
	}
}
