package ui

import (
	"testing"

	"github.com/hermes/iris/frame"
)

// TestPickerRecordsSayTheirOutcomeOnce: each record line names how the
// picker ended once, with what it was about.
func TestPickerRecordsSayTheirOutcomeOnce(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf build/"))
	h.typeText("1")
	h.mustShow("◆ approved once: rm -rf build/")
	h.frame(approvalFrame(lane0, "pa_2", "rm -rf dist/"))
	h.frame(on(frame.TypeAgentIdle, &frame.Empty{}))
	h.mustShow("◆ closed without an answer from here (the agent went on): rm -rf dist/")
	h.mustNotShow("· answered", "· expired")
}
