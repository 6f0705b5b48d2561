package ui

import (
	"testing"

	"github.com/hermes/iris/frame"
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
