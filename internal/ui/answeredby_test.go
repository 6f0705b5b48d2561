package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// TestAnswerNamesThisDevice: the TUI's picker.select names the device
// ("by", extension picker_answered), so the other devices' records say who
// answered.
func TestAnswerNamesThisDevice(t *testing.T) {
	h := newHarness(t, 120, 40, func(o *Options) { o.DeviceName = "laptop" })
	h.online()
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf build/"))
	h.typeText("1")
	sel := h.requestsOf(frame.TypePickerSelect)
	if len(sel) != 1 {
		t.Fatalf("picker.select %v", sel)
	}
	if p := sel[0].Payload.(*frame.PickerSelect); p.Value != "once" || p.By == nil || *p.By != (frame.AnswerBy{DeviceName: "laptop"}) {
		t.Fatalf("picker.select %+v by %+v", p, p.By)
	}
}

// TestAnsweredRecordIsSanitised: the attribution of picker.answered comes
// from the wire (device name, policy, rule, value): the record shows it
// with no escape sequence of its own reaching the terminal.
func TestAnsweredRecordIsSanitised(t *testing.T) {
	h := newHarness(t, 120, 40)
	ack := hello()
	ack.Payload.(*frame.HelloAck).ServerCaps.PickerAnswered = frame.Ptr(true)
	h.frame(ack)
	h.send(inbound(&wsclient.StateEvent{State: wsclient.StateOnline}))
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf build/"))
	by := &frame.AnswerBy{DeviceName: "ci\x1b]0;pwned\x07host", Policy: "ci\x1b[2J.toml", Rule: "cache\u202e"}
	h.frame(on(frame.TypePickerAnswered, &frame.PickerAnswered{PickerID: "pa_1", Value: "once", By: by}))
	if v := h.view(); strings.Contains(v, "\x1b]0;pwned") || strings.Contains(v, "\x1b[2J") || strings.Contains(v, "\u202e") {
		t.Fatalf("an escape sequence from the wire reached the screen:\n%q", v)
	}
	h.mustShow("◆ approved once: rm -rf build/ · reported by the gateway as policy ci␛[2J.toml, rule", "ci␛]0;pwned␇host")
	if len(h.st.Pickers(lane0)) != 0 {
		t.Fatal("the answered picker is still pending")
	}
	h.key(tea.KeyEscape, 0) // the dialog kept the news up until now
	if h.m.DialogOpen() != "" {
		t.Fatalf("dialog %q still up", h.m.DialogOpen())
	}
}
