package ui

import (
	"testing"

	"github.com/hermes/iris/internal/ui/common"
)

// TestPickerBannerClearsInItsLane: the banner announcing another lane's
// question goes when that lane is opened.
func TestPickerBannerClearsInItsLane(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(approvalFrame(chan7, "pa_7", "rm -rf ./build"))
	h.mustShow("Cron Reports — ")
	h.run(h.m.handleAction(common.ActionOpenLane{Lane: chan7}))
	h.mustNotShow("Cron Reports — ")
}
