package mediactl

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/common"
)

// pullClient serves the bytes of the media ids it knows and counts pulls.
type pullClient struct {
	fakeClient
	data  map[string]string
	pulls *int
}

func (p pullClient) Pull(_ context.Context, m frame.Media, w io.Writer, progress func(done, total int64)) error {
	*p.pulls++
	d, ok := p.data[m.MediaID]
	if !ok {
		return errors.New("no such media")
	}
	_, err := io.WriteString(w, d)
	progress(int64(len(d)), int64(len(d)))
	return err
}

// receivedRoot is a root whose transcript has chip m selected, served
// with data by a pullClient.
func receivedRoot(t *testing.T, o Options, m frame.Media, data string) (*root, *int) {
	t.Helper()
	r := newRoot(t, o)
	pulls := new(int)
	r.m.client = pullClient{data: map[string]string{m.MediaID: data}, pulls: pulls}
	r.f.Chip, r.f.HasChip = m, true
	return r, pulls
}

// statuses are the statuses the root was asked to show after chip id.
func (r *root) statuses(id string) []string {
	var out []string
	for _, a := range r.acts {
		if a, ok := a.(common.ActionMediaStatus); ok && a.MediaID == id {
			out = append(out, a.Status)
		}
	}
	return out
}

var pdf = frame.Media{MediaID: "md_pdf", Kind: "file", Filename: "report.pdf", Mime: "application/pdf", Size: 16}

const pdfBytes = "%PDF-1.4\nminimal"

// TestSaveDownloadsOnceThenCopies: saving a chip not in the cache pulls
// it (queued, then progress, on the chip), copies it to the download
// directory and says where; saving it again copies from the cache without
// pulling.
func TestSaveDownloadsOnceThenCopies(t *testing.T) {
	dl := t.TempDir()
	r, pulls := receivedRoot(t, Options{DownloadDir: dl}, pdf, pdfBytes)
	r.update(Command{op: opSave})
	if *pulls != 1 {
		t.Fatalf("%d pulls", *pulls)
	}
	saved := filepath.Join(dl, "report.pdf")
	if b, err := os.ReadFile(saved); err != nil || string(b) != pdfBytes {
		t.Fatalf("saved file: %q, %v", b, err)
	}
	st := r.statuses(pdf.MediaID)
	if len(st) < 3 || st[0] != "queued" || !strings.HasPrefix(st[1], "⇣ ▕") || st[len(st)-1] != "saved to "+saved {
		t.Fatalf("chip statuses %q", st)
	}
	if got := r.infos[len(r.infos)-1]; got.Level != common.LevelInfo || got.Text != "saved to "+saved {
		t.Fatalf("status line %+v", got)
	}
	r.acts, r.infos = nil, nil
	r.update(Command{op: opSave})
	if *pulls != 1 {
		t.Fatalf("saved again with %d pulls: the cache was not used", *pulls)
	}
	if got := r.infos[len(r.infos)-1].Text; !strings.HasPrefix(got, "saved to "+dl) {
		t.Fatalf("second save: %q", got)
	}
}

// TestOpenHandsKnownTypesToTheOpenerAndAsksForOthers: a PDF goes straight
// to the opener; a program does not: the root is asked to ask the user,
// with the kind named, and the chip says it was not opened.
func TestOpenHandsKnownTypesToTheOpenerAndAsksForOthers(t *testing.T) {
	var opened []string
	o := Options{Open: func(path string) error { opened = append(opened, path); return nil }}
	r, _ := receivedRoot(t, o, pdf, pdfBytes)
	r.update(Command{op: opOpen})
	if len(opened) != 1 || filepath.Ext(opened[0]) != ".pdf" {
		t.Fatalf("opened %q", opened)
	}
	if st := r.statuses(pdf.MediaID); st[len(st)-1] != "opened" {
		t.Fatalf("chip statuses %q", st)
	}

	elf := frame.Media{MediaID: "md_elf", Kind: "file", Filename: "tool.pdf", Size: 8}
	r, _ = receivedRoot(t, o, elf, "\x7fELF\x02\x01\x01\x00")
	r.update(Command{op: opOpen})
	if len(opened) != 1 {
		t.Fatalf("a program reached the opener: %q", opened)
	}
	var ask *common.ActionAskOpen
	for _, a := range r.acts {
		if a, ok := a.(common.ActionAskOpen); ok {
			ask = &a
		}
	}
	if ask == nil || ask.Name != "tool.pdf" || !strings.Contains(ask.Kind, "ELF") || ask.Save == nil || ask.Open == nil {
		t.Fatalf("ask %+v", ask)
	}
	if st := r.statuses(elf.MediaID); !slices.Contains(st, "not opened: "+ask.Kind) {
		t.Fatalf("chip statuses %q", st)
	}
}

// TestMediaKeysSayWhatIsMissing: with no chip selected the keys say how to
// select one; cancelling with nothing in flight says so; with media off
// on the gateway nothing is pulled; a failed pull is on the chip and the
// status line.
func TestMediaKeysSayWhatIsMissing(t *testing.T) {
	r := newRoot(t, Options{})
	r.update(Command{op: opSave})
	if got := r.infos[len(r.infos)-1].Text; !strings.HasPrefix(got, "select a media chip first (") {
		t.Fatalf("no chip: %q", got)
	}

	r, pulls := receivedRoot(t, Options{}, pdf, pdfBytes)
	r.update(Command{op: opCancel})
	if got := r.infos[len(r.infos)-1].Text; got != "no transfer of report.pdf to cancel" {
		t.Fatalf("cancel: %q", got)
	}
	r.f.MediaOff = true
	r.update(Command{op: opOpen})
	if *pulls != 0 || !slices.Contains(r.statuses(pdf.MediaID), "✗ media is off on this gateway") || r.lastError() == "" {
		t.Fatalf("media off: %d pulls, statuses %q, error %q", *pulls, r.statuses(pdf.MediaID), r.lastError())
	}

	gone := frame.Media{MediaID: "md_gone", Kind: "file", Filename: "gone.txt", Size: 3}
	r, _ = receivedRoot(t, Options{}, gone, "")
	delete(r.m.client.(pullClient).data, gone.MediaID) // the gateway no longer has it
	r.update(Command{op: opSave})
	st := r.statuses(gone.MediaID)
	if len(st) == 0 || !strings.HasPrefix(st[len(st)-1], "✗ ") {
		t.Fatalf("failed pull: chip statuses %q", st)
	}
	if got := r.lastError(); !strings.HasPrefix(got, "gone.txt: ") || !strings.Contains(got, "no such media") {
		t.Fatalf("failed pull: error %q", got)
	}
}
