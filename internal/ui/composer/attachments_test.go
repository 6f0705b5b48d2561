package composer_test

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/ui/common"
)

var (
	photo = media.Upload{Path: "/tmp/cat.png", Filename: "cat.png", Kind: "image", MIME: "image/png", Size: 12 << 10}
	notes = media.Upload{Path: "/tmp/notes.txt", Filename: "notes.txt", Kind: "file", MIME: "text/plain", Size: 300}
)

// Attached files show as one chip row each above the input, each adding a
// row to the composer's height; with more than one, the selected chip is
// marked and the selection moves.
func TestAttachmentChips(t *testing.T) {
	f := newFixture(t, 60)
	h := f.m.Height()
	f.typeText("see these")
	a := f.m.Attach(photo)
	f.mustShow("▣ image · cat.png · 12 KiB")
	f.mustNotShow("cat.png", "▸")
	b := f.m.Attach(notes)
	if f.m.Height() != h+2 {
		t.Fatalf("height %d with two chips, want %d", f.m.Height(), h+2)
	}
	rows := f.inner()
	if strings.Join(rows, "|") != "▣ image · cat.png · 12 KiB|▸ ▤ file · notes.txt · 300 B|› see these" {
		t.Fatalf("rows %q", rows)
	}
	f.m.SelectAttachment(-1)
	if sel, ok := f.m.SelectedAttachment(); !ok || sel.ID != a {
		t.Fatalf("selected %+v, want the first chip", sel)
	}
	f.mustShow("▸ ▣ image · cat.png")
	f.m.SelectAttachment(-5) // clamped
	f.m.RemoveAttachment(a)
	if got := f.m.Attachments(); len(got) != 1 || got[0].ID != b {
		t.Fatalf("attachments %+v", got)
	}
	f.mustNotShow("notes.txt", "cat.png", "▸")
	f.m.ClearAttachments()
	f.mustNotShow("see these", "notes.txt")
	if f.m.Height() != h {
		t.Fatalf("height %d without chips, want %d", f.m.Height(), h)
	}
}

// A chip says where its upload is; a failed one says why, sanitised.
func TestAttachmentStates(t *testing.T) {
	cases := []struct {
		set  func(*common.Attachment)
		want string
	}{
		{func(a *common.Attachment) { a.State = common.AttachQueued }, "cat.png · 12 KiB · queued"},
		{func(a *common.Attachment) { a.State = common.AttachWaiting }, "cat.png · 12 KiB · waiting for connection"},
		{func(a *common.Attachment) {
			a.State, a.Done, a.Total = common.AttachUploading, 4<<10, 10<<10
		}, "cat.png · 12 KiB ▕████░░░░░░▏ 40%"},
		{func(a *common.Attachment) { a.State, a.Ref = common.AttachUploaded, "ref1" }, "cat.png · 12 KiB · ✓ uploaded"},
		{func(a *common.Attachment) {
			a.State, a.Err = common.AttachFailed, "too large\x1b]0;pwned\x07 for the gateway"
		}, "cat.png · 12 KiB · ✗ too large"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			f := newFixture(t, 80)
			id := f.m.Attach(photo)
			f.m.UpdateAttachment(id, c.set)
			v := f.mustShow(c.want)
			if strings.Contains(c.want, "too large") && !strings.Contains(v, "for the gateway") {
				t.Fatalf("the error is not shown whole:\n%s", v)
			}
		})
	}
}

// With attachments Enter sends even an empty text, and the text stays
// until the root clears it once the uploads succeeded.
func TestSendWithAttachments(t *testing.T) {
	f := newFixture(t, 60)
	f.m.Attach(photo)
	if act := f.press(tea.KeyPressMsg{Code: tea.KeyEnter}); act != (common.ActionSend{Text: ""}) {
		t.Fatalf("enter with only a chip gave %#v", act)
	}
	f.typeText("caption")
	if act := f.press(tea.KeyPressMsg{Code: tea.KeyEnter}); act != (common.ActionSend{Text: "caption"}) {
		t.Fatalf("enter gave %#v", act)
	}
	f.mustShow("› caption", "cat.png")
}

// A chip's name is cut to the width, never wrapped (view checks the
// widths).
func TestAttachmentChipFitsTheWidth(t *testing.T) {
	f := newFixture(t, 30)
	f.m.Attach(media.Upload{Filename: strings.Repeat("long-name-", 10) + ".png", Kind: "image", Size: 1 << 20})
	rows := f.inner()
	if len(rows) != 2 || !strings.HasPrefix(rows[0], "▣ image · long-name") || !strings.HasSuffix(rows[0], "…") {
		t.Fatalf("rows %q", rows)
	}
}
