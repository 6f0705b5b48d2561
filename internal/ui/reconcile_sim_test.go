package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

// Tests of the data flow across drops and gateway restarts, each over a
// real WebSocket on 127.0.0.1 to a scripted gateway, with a real wsclient,
// the store and the UI model.

// at is a gateway timestamp s seconds after the tests' fixed clock.
func at(s int) int64 { return fixedNow.Add(time.Duration(s) * time.Second).UnixMilli() }

// holdReconcile keeps the reconcile timer from firing by itself: the test
// fires it (fire) when the grace period is meant to be over. armed reports
// whether a reconnect's sync armed it; *grace is the period it was armed
// for.
func holdReconcile(e *simEnv, grace ...*time.Duration) (armed func() bool, fire func()) {
	var held []tea.Msg
	e.m.scr.tick = func(d time.Duration, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(reconcileMsg); ok {
			held = append(held, msg)
			for _, g := range grace {
				*g = d
			}
			return nil
		}
		return testTick(d, msg)
	}
	return func() bool { return len(held) > 0 }, func() {
		e.t.Helper()
		for _, msg := range held {
			e.send(msg)
		}
		held = nil
	}
}

// say types text in the composer and presses Enter.
func (e *simEnv) say(text string) {
	e.t.Helper()
	e.typeText(text)
	e.key(tea.KeyEnter, 0)
}

func (e *simEnv) busy() bool { return e.st.Lane(lane0).Busy }

func (e *simEnv) outgoingEmpty() bool { return len(e.st.Outgoing()) == 0 }

// turnMidTool has the user send question and the gateway echo it, start
// the turn, run a tool card and stream partial as answer a1; it returns
// the message.send.
func (g *scriptedGW) turnMidTool(e *simEnv, question, partial string) frame.Frame {
	e.t.Helper()
	e.say(question)
	req := g.Next(e, frame.TypeMessageSend)
	e.until("echoed", e.outgoingEmpty)
	g.Send(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"}),
		on(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "terminal", Preview: "pytest"}),
		on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a1", Role: frame.RoleAssistant}),
		on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a1", Text: partial}))
	e.until("the running card and the partial answer", func() bool {
		return strings.Contains(e.plain(), "running…") && strings.Contains(e.plain(), partial)
	})
	return req
}

func texts(fs []frame.Frame) []string {
	var out []string
	for _, f := range fs {
		switch p := f.Payload.(type) {
		case *frame.MessageSend:
			out = append(out, p.Text)
		case *frame.AgentSteer:
			out = append(out, p.Text)
		}
	}
	return out
}

// TestReplayInGatewayOrderAfterDrop: U4 is echoed, U5 goes out
// before agent.busy arrives, the socket drops while U6 waits queued, and
// sync replays [echo U4, echo U5, message.stop a4, agent.idle,
// message.stop a5, agent.idle]. The replayed idles apply in cursor order:
// the lane ends idle and U6 goes out, without waiting for reconciliation.
func TestReplayInGatewayOrderAfterDrop(t *testing.T) {
	g := newScriptedGW(t)
	e := g.dial()
	armed, _ := holdReconcile(e)
	e.m.com.Settings.BusyInput = common.BusyQueue

	e.say("U4")
	u4 := g.Next(e, frame.TypeMessageSend)
	e.until("U4 echoed", e.outgoingEmpty)
	// U5 gets no answer: agent.busy (for U4) comes, then the socket drops,
	// and the next sync replays in the gateway's order.
	g.On(frame.TypeMessageSend, func(u5 frame.Frame) {
		g.Replay(
			on(frame.TypeMessage, &frame.Message{MessageID: "e1", Role: frame.RoleUser, Text: "U4",
				ClientMsgID: u4.Payload.(*frame.MessageSend).ClientMsgID, TS: at(-40)}),
			on(frame.TypeMessage, &frame.Message{MessageID: "u5", Role: frame.RoleUser, Text: "U5",
				ClientMsgID: u5.Payload.(*frame.MessageSend).ClientMsgID, TS: at(-30)}),
			on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "a4", FinalText: "answer four", TS: at(-20)}),
			on(frame.TypeAgentIdle, &frame.Empty{}),
			on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "a5", FinalText: "answer five", TS: at(-10)}),
			on(frame.TypeAgentIdle, &frame.Empty{}),
		)
		g.On(frame.TypeMessageSend, g.Echo)
		g.Send(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
		g.Drop()
	})
	e.say("U5")
	e.until("busy", e.busy) // the model has not seen the drop yet
	e.say("U6")
	e.mustShow("◷ queued")

	e.until("U6 sent and echoed", func() bool {
		return slices.Contains(texts(g.Sent(frame.TypeMessageSend)), "U6") && e.outgoingEmpty()
	})
	if e.busy() || armed() {
		t.Fatalf("lane busy %v, reconciliation needed %v after a replay that ended both turns", e.busy(), armed())
	}
	e.mustShow("answer four", "answer five")
	e.mustNotShow("queued", "thinking")
	if p := e.plain(); strings.Index(p, "answer four") > strings.Index(p, "U6") {
		t.Fatalf("the replayed answer is drawn after the message typed since:\n%s", p)
	}
	if got := texts(g.Sent(frame.TypeMessageSend)); strings.Join(got, ",") != "U4,U5,U6" {
		t.Fatalf("message.send texts %q", got)
	}
	held := map[string]int{}
	for i := range e.st.Lane(lane0).Len() {
		if m := e.st.Lane(lane0).Item(i).Msg; m != nil {
			held[m.Text]++
		}
	}
	for _, text := range []string{"U4", "U5", "U6", "answer four", "answer five"} {
		if held[text] != 1 {
			t.Fatalf("%q held %d times: %v", text, held[text], held)
		}
	}
}

// TestReplayedIdleBeforeStopKeepsFinalText: a bubble streaming
// when the socket drops gets its final text from a replay that puts
// agent.idle before message.stop.
func TestReplayedIdleBeforeStopKeepsFinalText(t *testing.T) {
	g := newScriptedGW(t)
	e := g.dial()
	e.say("question")
	e.until("echoed", e.outgoingEmpty)
	g.Send(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}),
		on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a1", Role: frame.RoleAssistant}),
		on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a1", Text: "partial ans"}))
	e.until("the partial text", e.shows("partial ans"))

	g.Replay(on(frame.TypeAgentIdle, &frame.Empty{}),
		on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "a1", FinalText: "the whole final answer", TS: at(5)}))
	g.Drop()
	e.until("the final text", e.shows("the whole final answer"))
	e.mustNotShow("partial ans")
	if e.busy() {
		t.Fatal("lane still busy")
	}
}

// TestSteerWithNoTurnRunningIsSentAsMessage: the gateway
// refuses a steer with not_found; the text goes out as a message.send,
// exactly once, and the lane is idle.
func TestSteerWithNoTurnRunningIsSentAsMessage(t *testing.T) {
	g := newScriptedGW(t)
	e := g.dial()
	g.On(frame.TypeAgentSteer, func(req frame.Frame) {
		g.Refuse(req, frame.CodeNotFound, `no agent turn is running in "`+chat+`"`)
	})
	g.Send(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	e.until("busy", e.busy)
	e.mustShow("STEER")

	e.say("focus on errors")
	sent := g.Next(e, frame.TypeMessageSend)
	if got := sent.Payload.(*frame.MessageSend).Text; got != "focus on errors" {
		t.Fatalf("sent %q", got)
	}
	e.until("echoed", e.outgoingEmpty)
	e.say("later") // the lane is idle now: a plain message, after the first
	g.Next(e, frame.TypeMessageSend)
	if got := texts(g.Sent(frame.TypeMessageSend)); strings.Join(got, ",") != "focus on errors,later" {
		t.Fatalf("message.send texts %q", got)
	}
	if got := texts(g.Sent(frame.TypeAgentSteer)); len(got) != 1 {
		t.Fatalf("steers %q", got)
	}
	if e.busy() {
		t.Fatal("the lane stays busy after the gateway said no turn runs")
	}
}

// TestSteerLostToDropIsKept: the socket drops before the gateway
// answers a steer. The text is kept, shown of unknown delivery (history
// holds no steers, so its newest page cannot settle one), and the resend
// key sends it, as a message since the turn was settled by reconciliation
// meanwhile.
func TestSteerLostToDropIsKept(t *testing.T) {
	g := newScriptedGW(t)
	e := g.dial()
	armed, fire := holdReconcile(e)
	g.On(frame.TypeAgentSteer, func(frame.Frame) { g.Drop() })
	g.Send(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	e.until("busy", e.busy)

	e.say("steer me")
	e.until("the steer shown of unknown delivery", e.shows("? delivery unknown"))
	e.mustShow("steer me")
	e.until("reconciliation armed", armed)
	fire()
	if e.busy() {
		t.Fatal("lane still busy after reconciliation")
	}
	e.key('g', tea.ModCtrl)
	sent := g.Next(e, frame.TypeMessageSend)
	if got := sent.Payload.(*frame.MessageSend).Text; got != "steer me" {
		t.Fatalf("resent %q", got)
	}
	e.until("echoed", e.outgoingEmpty)
}

// TestGatewayRestartMidToolIsReconciled: the gateway announces a
// restart and drops while a tool runs and an answer streams; it comes back
// without the turn. Within the grace period nothing changes; then the lane
// is idle, the card and the bubble are marked "interrupted (gateway
// restarted)", and the message queued meanwhile goes out. The card's mark
// is stored and survives an Iris restart.
func TestGatewayRestartMidToolIsReconciled(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(dir, store.Options{Now: func() time.Time { return fixedNow }})
	if err != nil {
		t.Fatal(err)
	}
	g := newScriptedGW(t)
	e := g.dial(func(o *Options) { o.State = st })
	var grace time.Duration
	armed, fire := holdReconcile(e, &grace)
	e.m.com.Settings.BusyInput = common.BusyQueue

	g.turnMidTool(e, "run the tests", "so far so")
	e.say("and then lint")
	e.mustShow("◷ queued")

	g.Send(frame.Frame{Type: frame.TypeStatus, Payload: &frame.Status{State: frame.StateRestarting}})
	e.until("the restart notice", e.shows("Gateway restarting"))
	g.Drop()
	e.until("reconciliation armed", armed)
	if !e.busy() || len(g.Sent(frame.TypeMessageSend)) != 1 {
		t.Fatal("settled before the grace period was over")
	}
	if grace != store.ReconcileGrace {
		t.Fatalf("grace after an announced restart %v", grace)
	}
	fire()
	lint := g.Next(e, frame.TypeMessageSend)
	if got := lint.Payload.(*frame.MessageSend).Text; got != "and then lint" {
		t.Fatalf("sent %q", got)
	}
	if e.busy() {
		t.Fatal("lane still busy")
	}
	e.mustShow("⚠ terminal", "interrupted (gateway restarted)", "so far so")
	e.mustNotShow("running…", "thinking")
	e.until("echoed", e.outgoingEmpty)
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	st2, err := store.Open(dir, store.Options{Now: func() time.Time { return fixedNow }})
	if err != nil {
		t.Fatal(err)
	}
	defer st2.Close()
	if got := st2.Unsettled(); len(got) != 0 {
		t.Fatalf("lanes still unsettled after a restart: %v", got)
	}
	h := newHarness(t, 120, 40, func(o *Options) { o.State = st2 })
	h.mustShow("⚠ terminal", "interrupted (gateway restarted)")
	h.mustNotShow("running…")
}

// TestLiveTurnAfterReconnectIsNotSettled: a turn the gateway still
// runs shows itself after the reconnect (tool.progress); reconciliation
// leaves it running, and its own end settles it.
func TestLiveTurnAfterReconnectIsNotSettled(t *testing.T) {
	g := newScriptedGW(t)
	e := g.dial()
	var grace time.Duration
	armed, fire := holdReconcile(e, &grace)
	g.Send(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"}),
		on(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "terminal", Preview: "make"}))
	e.until("the running card", e.shows("running…"))
	g.Drop()
	e.until("reconciliation armed", armed)
	if grace != store.ReconcileGraceDrop {
		t.Fatalf("grace after a plain drop %v", grace)
	}
	g.Send(on(frame.TypeToolProgress, &frame.ToolProgress{Index: 1, Note: "still compiling"}))
	e.until("the progress", e.shows("still compiling"))
	fire()
	if !e.busy() {
		t.Fatal("a turn the gateway showed alive was settled")
	}
	e.mustNotShow("interrupted")
	g.Send(on(frame.TypeToolEnd, &frame.ToolEnd{Index: 1, OK: frame.Ptr(true)}), on(frame.TypeAgentIdle, &frame.Empty{}))
	e.until("idle", func() bool { return !e.busy() })
	e.mustNotShow("interrupted", "running…")
}

// TestTurnWaitingForAnswerIsNotSettled: after a plain drop, a turn
// blocked on the user's answer to a picker sends nothing; it is not
// settled, and the picker stays answerable.
func TestTurnWaitingForAnswerIsNotSettled(t *testing.T) {
	g := newScriptedGW(t)
	e := g.dial()
	_, fire := holdReconcile(e)
	g.Send(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "waiting_input"}),
		on(frame.TypePickerClarify, &frame.Picker{PickerID: "p1", Question: "Which branch?"}))
	e.until("the picker", e.shows("Which branch?"))
	gen := e.m.eng.Recon().Gen()
	g.Drop()
	e.until("the reconnect's sync", func() bool { return e.m.eng.Recon().Gen() > gen+1 && e.m.eng.Recon().IsSynced() })
	fire()
	if !e.busy() || len(e.st.Pickers(lane0)) != 1 {
		t.Fatalf("busy %v, pickers %d after reconciling a turn waiting for an answer", e.busy(), len(e.st.Pickers(lane0)))
	}
	e.mustShow("Which branch?")
}

// TestSteerDuringReconciliation: right after a gateway restart,
// before the grace period is over, a message typed in STEER mode is
// refused as a steer (no turn runs); it goes out as a message, and the
// card is marked interrupted by the restart.
func TestSteerDuringReconciliation(t *testing.T) {
	g := newScriptedGW(t)
	e := g.dial()
	armed, _ := holdReconcile(e)
	g.On(frame.TypeAgentSteer, func(req frame.Frame) { g.Refuse(req, frame.CodeNotFound, "no agent turn is running") })
	g.Send(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"}),
		on(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "terminal", Preview: "pytest"}))
	e.until("the running card", e.shows("running…"))
	g.Send(frame.Frame{Type: frame.TypeStatus, Payload: &frame.Status{State: frame.StateRestarting}})
	g.Drop()
	e.until("reconciliation armed", armed)

	e.say("are you there?")
	sent := g.Next(e, frame.TypeMessageSend)
	if got := sent.Payload.(*frame.MessageSend).Text; got != "are you there?" {
		t.Fatalf("sent %q", got)
	}
	if e.busy() {
		t.Fatal("lane still busy")
	}
	e.mustShow("⚠ terminal", "interrupted (gateway restarted)")
}

// TestHistoryConfirmsFinishedTurn: the turn finished while the
// socket was down and its end was lost with the restarted gateway's
// outbox; the newest history page holds the answer. The bubble gets the
// final text, and nothing is marked interrupted (the card whose end was
// lost is merely closed).
func TestHistoryConfirmsFinishedTurn(t *testing.T) {
	g := newScriptedGW(t)
	e := g.dial()
	armed, fire := holdReconcile(e)
	echo := g.turnMidTool(e, "summarise", "In short")
	g.SetHistory(frame.Message{MessageID: "e1", Role: frame.RoleUser, Text: "summarise", TS: at(0),
		ClientMsgID: echo.Payload.(*frame.MessageSend).ClientMsgID},
		frame.Message{MessageID: "a1", Role: frame.RoleAssistant, Text: "In short: all good.", TS: at(1)})
	g.Send(frame.Frame{Type: frame.TypeStatus, Payload: &frame.Status{State: frame.StateRestarting}})
	g.Drop()
	e.until("reconciliation armed", armed)
	e.until("the history's final text", e.shows("In short: all good."))
	fire()
	if e.busy() {
		t.Fatal("lane still busy")
	}
	e.mustNotShow("interrupted", "running…")
}
