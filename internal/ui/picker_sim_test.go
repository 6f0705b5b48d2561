package ui

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/dialog"
	"github.com/hermes/iris/wsclient"
)

// TestPickerSelectTimeoutOverRealSocketStaysAnswerable: on a real
// connection to the simulator, a picker.select followed by silence (no
// reply, and a gateway that stalls, so the agent does not go on) is "sent,
// not confirmed", never "not delivered"; the picker stays on screen and
// answerable, and answered again once the gateway talks, it goes through.
func TestPickerSelectTimeoutOverRealSocketStaysAnswerable(t *testing.T) {
	e := newSimEnv(t, 0, withTimeout(300*time.Millisecond))
	now := fixedNow
	e.m.com.Now = func() time.Time { return now }
	e.typeText("please rm -rf ./dist2")
	e.key(tea.KeyEnter, 0)
	e.until("the approval", func() bool { return len(e.st.AllPickers()) == 1 })
	e.key('p', tea.ModAlt) // it came while typing: it waits until asked for
	if e.m.DialogOpen() != dialog.PickerDialogID {
		t.Fatalf("alt+p opened %q", e.m.DialogOpen())
	}

	now = now.Add(5 * time.Second) // the user reads the question before answering
	e.sim.SetSilent(true)          // the connection stays up; the gateway answers nothing
	e.typeText("1")
	if e.m.DialogOpen() != dialog.PickerDialogID || len(e.st.AllPickers()) != 1 {
		t.Fatalf("the picker was dropped after the timeout: dialog %q", e.m.DialogOpen())
	}
	e.mustShow("your answer was sent, not confirmed yet", "◆ answer sent, not confirmed: rm -rf ./dist2")
	e.mustNotShow("approved", "not delivered", "failed")

	e.sim.SetSilent(false)
	e.typeText("4")
	e.until("the deny to be accepted", e.shows("◆ denied: rm -rf ./dist2"))
	e.until("the agent's reply", e.shows("you denied it"))
	var values []string
	for _, f := range e.sim.Received() {
		if f.Type == frame.TypePickerSelect {
			values = append(values, f.Payload.(*frame.PickerSelect).Value)
		}
	}
	// The first select reached the simulator while it was silent and was
	// never handled; the second is the one the agent acted on.
	if len(values) != 2 || values[0] != "once" || values[1] != "deny" {
		t.Fatalf("picker.select values %v", values)
	}
	e.mustNotShow("approved")
}

// TestLateAnswerOverRealSocketIsNotUsed: another device denies first; this
// device, not yet told, answers "Allow once"; the simulator refuses it as
// not_found and the record says it was not used. No "approved" line ever
// shows, before or after the agent's reply arrives.
func TestLateAnswerOverRealSocketIsNotUsed(t *testing.T) {
	e := newSimEnv(t, 0)
	now := fixedNow
	e.m.com.Now = func() time.Time { return now }
	e.typeText("please rm -rf ./dist2")
	e.key(tea.KeyEnter, 0)
	e.until("the approval", func() bool { return len(e.st.AllPickers()) == 1 })
	e.key('p', tea.ModAlt)
	id := e.st.AllPickers()[0].PickerID

	other := onlineDevice(t, e.url, "dev_other")
	sel := frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: id, Value: "deny"}}
	if _, err := other.Request(context.Background(), sel); err != nil {
		t.Fatalf("the other device's deny: %v", err)
	}

	now = now.Add(5 * time.Second)
	e.typeText("1") // this device's events are not fed yet: its dialog is still up
	e.mustShow("◆ your answer “approve once” was not used: answered on another device: rm -rf ./dist2")
	e.mustNotShow("approved")
	e.until("the agent's reply", e.shows("you denied it"))
	e.mustNotShow("approved")
	if e.m.DialogOpen() != "" || len(e.st.AllPickers()) != 0 {
		t.Fatalf("still pending: dialog %q", e.m.DialogOpen())
	}
}

// onlineDevice connects another device to the simulator at url and
// returns it once it is online; its events are drained and dropped.
func onlineDevice(t *testing.T, url, id string) *wsclient.Client {
	t.Helper()
	c, err := wsclient.New(wsclient.Config{URL: url, Token: "tok", DeviceID: id, DeviceName: id})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = c.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	online := make(chan struct{})
	go func() {
		signalled := false
		for {
			ev, err := c.Next(ctx)
			if err != nil {
				return
			}
			if s, ok := ev.(*wsclient.StateEvent); ok && s.State == wsclient.StateOnline && !signalled {
				close(online)
				signalled = true
			}
		}
	}()
	select {
	case <-online:
	case <-time.After(10 * time.Second):
		t.Fatal("the other device never came online")
	}
	return c
}
