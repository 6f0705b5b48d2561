package dialog

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestHitWindowShowsTheMatch: a hit past the dialog's width is shown with
// the text around it instead of being cut off.
func TestHitWindowShowsTheMatch(t *testing.T) {
	long := strings.Repeat("filler words ", 20) + "the deploy token lives in the vault " + strings.Repeat("tail ", 20)
	got := hitWindow(long, []string{"deploy"}, 60)
	if !strings.Contains(got, "the deploy token") || !strings.HasPrefix(got, "…") || !strings.HasSuffix(got, "…") {
		t.Fatalf("window %q", got)
	}
	if w := ansi.StringWidth(got); w > 60 {
		t.Fatalf("width %d", w)
	}
	if got := hitWindow("deploy early "+strings.Repeat("x", 100), []string{"deploy"}, 40); !strings.HasPrefix(got, "deploy early") {
		t.Fatalf("an early hit moved the start: %q", got)
	}
	if got := hitWindow("short", []string{"deploy"}, 40); got != "short" {
		t.Fatalf("%q", got)
	}
}
