package ui

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/ui/dialog"
	"github.com/hermes/iris/wsclient/frame"
)

// TestPickerSelectTimeoutOverRealSocketStaysAnswerable: on a real
// connection to the simulator, a picker.select the gateway never answers
// times out and leaves the picker on screen and answerable; answered again
// once the gateway talks, it goes through.
func TestPickerSelectTimeoutOverRealSocketStaysAnswerable(t *testing.T) {
	e := newSimEnv(t, 0)
	e.m.opts.RequestTimeout = 300 * time.Millisecond
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
	e.mustShow("your answer was not delivered (no reply from the gateway)")
	e.mustNotShow("approved")

	e.sim.SetSilent(false)
	e.m.opts.RequestTimeout = 10 * time.Second
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
