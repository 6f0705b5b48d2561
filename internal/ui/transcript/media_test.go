package transcript_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
)

// withMedia adds an assistant message holding media, min minutes ago.
func (f *fixture) withMedia(id, text string, min int, ms ...frame.Media) {
	f.t.Helper()
	f.apply(frame.TypeMessage, &frame.Message{MessageID: id, Role: frame.RoleAssistant, Text: text, TS: at(min), Media: ms})
}

var (
	cat    = frame.Media{MediaID: "m-cat", Kind: frame.MediaImage, Filename: "cat.png", Size: 12 << 10}
	report = frame.Media{MediaID: "m-report", Kind: frame.MediaFile, Filename: "report.pdf", Size: 3 << 20}
)

// Media show as chips under the text: kind icon, kind, name and size. The
// selected chip is marked, a chip's status follows its label, and a
// preview is drawn under its chip.
func TestMediaChips(t *testing.T) {
	f := newFixture(t, 80, 16)
	f.withMedia("a", "Here you go.", 0, cat, report)
	rows := f.rows()
	text, c, r := rowOf(rows, "Here you go."), rowOf(rows, "▣ image · cat.png · 12 KiB"), rowOf(rows, "▤ file · report.pdf · 3.0 MiB")
	if text < 0 || c != text+1 || r != c+1 {
		t.Fatalf("want the two chips under the text:\n%s", strings.Join(rows, "\n"))
	}
	if got := f.m.Media(); len(got) != 2 || got[0].MediaID != cat.MediaID || got[1].MediaID != report.MediaID {
		t.Fatalf("Media() = %+v", got)
	}

	f.m.SelectMedia(report.MediaID)
	f.mustNotShow("▸ ▤ file · report.pdf", "▸ ▣")
	f.m.SetMediaStatus(report.MediaID, "saved to ~/Downloads/report.pdf")
	f.mustShow("report.pdf · 3.0 MiB · saved to ~/Downloads/report.pdf")
	f.m.SetMediaStatus(report.MediaID, "")
	f.mustNotShow("report.pdf · 3.0 MiB", "saved to")

	if f.m.HasPreview(cat.MediaID) {
		t.Fatal("a preview before any was set")
	}
	f.m.SetMediaPreview(cat.MediaID, "PREVIEW ROW 1\nPREVIEW ROW 2")
	rows = f.rows()
	c = rowOf(rows, "cat.png")
	if rowOf(rows, "PREVIEW ROW 1") != c+1 || rowOf(rows, "PREVIEW ROW 2") != c+2 || !f.m.HasPreview(cat.MediaID) {
		t.Fatalf("want the preview under its chip:\n%s", strings.Join(rows, "\n"))
	}
	if row, ok := f.m.PreviewRow(cat.MediaID); !ok || row != c+1 {
		t.Fatalf("PreviewRow = %d, %v; the preview is on row %d", row, ok, c+1)
	}
	f.m.SetMediaPreview(cat.MediaID, "")
	f.mustNotShow("cat.png", "PREVIEW ROW")
}

// The first media key picks the chip nearest to what is on screen, and a
// chip scrolled out of view is brought back.
func TestNearestMediaAndScrollToMedia(t *testing.T) {
	f := newFixture(t, 60, 8)
	f.withMedia("old", "old picture", 30, cat)
	for i := range 20 {
		f.message("t"+strconv.Itoa(i), frame.RoleAssistant, "filler "+strconv.Itoa(i), 29-i)
	}
	f.withMedia("new", "new document", 0, report)
	f.view()
	if got := f.m.NearestMedia(1); got != report.MediaID {
		t.Fatalf("nearest on screen = %q, want %q", got, report.MediaID)
	}
	f.m.Scroll(-20)
	f.view()
	if got := f.m.NearestMedia(-1); got != cat.MediaID {
		t.Fatalf("nearest above = %q, want %q", got, cat.MediaID)
	}
	f.m.ScrollToMedia(cat.MediaID)
	f.mustNotShow("old picture", "new document")
	f.m.SetMediaPreview(cat.MediaID, "PREVIEW")
	rows := f.rows()
	if row, ok := f.m.PreviewRow(cat.MediaID); !ok || row != rowOf(rows, "PREVIEW") || row != rowOf(rows, "cat.png")+1 {
		t.Fatalf("PreviewRow = %d, %v:\n%s", row, ok, strings.Join(rows, "\n"))
	}
	f.m.ToBottom()
	f.view()
	if row, ok := f.m.PreviewRow(cat.MediaID); ok {
		t.Fatalf("PreviewRow = %d for a preview scrolled out of view", row)
	}
}

// The media keys step through the lane's chips: the first step picks the
// chip nearest on screen, later ones go older or newer and stop at the
// ends; the selected chip is marked and scrolled into view.
func TestStepMedia(t *testing.T) {
	f := newFixture(t, 60, 8)
	if f.m.StepMedia(1); f.m.SelectedMedia() != "" {
		t.Fatal("a chip was selected in a lane without media")
	}
	f.withMedia("old", "old picture", 30, cat)
	for i := range 20 {
		f.message("t"+strconv.Itoa(i), frame.RoleAssistant, "filler "+strconv.Itoa(i), 29-i)
	}
	f.withMedia("new", "new document", 0, report)
	if _, ok := f.m.SelectedChip(); ok {
		t.Fatal("a chip is selected before any step")
	}
	f.view()
	f.m.StepMedia(-1)
	if x, ok := f.m.SelectedChip(); !ok || x.MediaID != report.MediaID {
		t.Fatalf("the first step selected %+v, want the chip on screen", x)
	}
	f.mustShow("▸ ▤ file · report.pdf")
	f.m.StepMedia(-1)
	if x, _ := f.m.SelectedChip(); x.MediaID != cat.MediaID {
		t.Fatalf("stepping older selected %+v", x)
	}
	f.mustNotShow("▸ ▣ image · cat.png", "report.pdf") // scrolled to the old chip
	f.m.StepMedia(-1)
	if x, _ := f.m.SelectedChip(); x.MediaID != cat.MediaID {
		t.Fatalf("stepping past the oldest selected %+v", x)
	}
}
