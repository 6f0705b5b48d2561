package ui

import (
	"testing"
	"time"

	"github.com/hermes/iris/internal/ui/common"
)

// A status message goes when the user's next action starts (a key, once it
// has been read for a moment) or after a few seconds, whatever reported it.
func TestStatusMessageGoesOnNextActionOrInTime(t *testing.T) {
	now := fixedNow
	h := newHarness(t, 100, 24, func(o *Options) { o.Now = func() time.Time { return now } })
	h.online()

	h.run(common.ReportInfo("attached note.txt"))
	h.typeText("a") // typed on at once: still shown
	h.mustShow("attached note.txt")
	now = now.Add(2 * time.Second)
	h.typeText("b")
	h.mustNotShow("attached note.txt")

	h.run(common.ReportInfo("only images can be previewed"))
	h.mustShow("only images can be previewed")
	now = now.Add(10 * time.Second)
	h.send(clockMsg{})
	h.mustNotShow("only images can be previewed")
}
