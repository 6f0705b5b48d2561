package ui

import (
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/composer"
	"github.com/hermes/iris/internal/ui/dialog"
)

// A paste over the limit is never dropped silently: Iris says so and
// offers to attach it as a file; yes attaches a file holding every byte,
// no leaves the draft as it was.
func TestOversizedPasteOfferedAsFile(t *testing.T) {
	h := newHarness(t, 120, 30)
	h.online()
	text := strings.Repeat("log line that goes on\n", 2*composer.PasteLimit/22)
	h.send(tea.PasteMsg{Content: text})
	c, ok := h.m.dialogs.Top().(*dialog.Confirm)
	if !ok {
		t.Fatal("an oversized paste raised no question")
	}
	if c.Question() != "This paste is 2.0 MiB, over the 1 MiB paste limit: attach it as a file?" {
		t.Fatalf("asked %q", c.Question())
	}
	h.key('n', 0)
	if h.m.DialogOpen() != "" || h.m.Composer() != "" || len(h.m.composer.Attachments()) != 0 {
		t.Fatal("n did not leave the draft as it was")
	}

	h.send(tea.PasteMsg{Content: text})
	h.key('y', 0)
	atts := h.m.composer.Attachments()
	if len(atts) != 1 {
		t.Fatalf("%d attachments", len(atts))
	}
	t.Cleanup(func() { os.Remove(atts[0].Upload.Path) })
	got, err := os.ReadFile(atts[0].Upload.Path)
	if err != nil || string(got) != text {
		t.Fatalf("attached file holds %d bytes (%v), want %d", len(got), err, len(text))
	}
	h.mustShow("iris-paste-")
}
