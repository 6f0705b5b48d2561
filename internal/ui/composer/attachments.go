package composer

import (
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// attachments is the composer's list of chips and the selected one.
type attachments struct {
	list   []common.Attachment
	sel    int
	nextID int
	ver    int // bumped on every change, for the view cache
}

// Attach adds a chip for u, selects it and returns its id.
func (m *Model) Attach(u media.Upload) int {
	a := &m.att
	a.ver++
	a.nextID++
	a.list = append(a.list, common.Attachment{ID: a.nextID, Upload: u})
	a.sel = len(a.list) - 1
	return a.nextID
}

// Attachments returns a copy of the chips, in order.
func (m *Model) Attachments() []common.Attachment {
	return append([]common.Attachment(nil), m.att.list...)
}

// Attachment returns the chip with id.
func (m *Model) Attachment(id int) (common.Attachment, bool) {
	for _, at := range m.att.list {
		if at.ID == id {
			return at, true
		}
	}
	return common.Attachment{}, false
}

// UpdateAttachment applies f to the chip with id (a no-op when it is gone).
func (m *Model) UpdateAttachment(id int, f func(*common.Attachment)) {
	m.att.ver++
	for i := range m.att.list {
		if m.att.list[i].ID == id {
			f(&m.att.list[i])
		}
	}
}

// RemoveAttachment drops the chip with id.
func (m *Model) RemoveAttachment(id int) {
	a := &m.att
	a.ver++
	out := a.list[:0]
	for _, at := range a.list {
		if at.ID != id {
			out = append(out, at)
		}
	}
	a.list = out
	a.sel = min(a.sel, max(len(a.list)-1, 0))
}

// ClearAttachments drops every chip (after the message went out).
func (m *Model) ClearAttachments() { m.att.list, m.att.sel = nil, 0; m.att.ver++ }

// SelectedAttachment returns the selected chip; ok is false when there is
// none.
func (m *Model) SelectedAttachment() (common.Attachment, bool) {
	if m.att.sel >= len(m.att.list) {
		return common.Attachment{}, false
	}
	return m.att.list[m.att.sel], true
}

// SelectAttachment moves the chip selection by delta, clamped.
func (m *Model) SelectAttachment(delta int) {
	m.att.ver++
	m.att.sel = min(max(m.att.sel+delta, 0), max(len(m.att.list)-1, 0))
}

// attachmentsView renders one line per chip: "▣ image · cat.png · 12 KiB"
// with a progress bar while uploading and the error when it failed. The
// selected chip is marked when there is more than one.
func (m *Model) attachmentsView(width int) []string {
	st := m.com.Styles.Transcript
	lines := make([]string, 0, len(m.att.list))
	for i, at := range m.att.list {
		mark := "  "
		if i == m.att.sel && len(m.att.list) > 1 {
			mark = "▸ "
		}
		label := mark + common.ChipLabel(at.Upload.Kind, at.Upload.Filename, at.Upload.Size) + stateLabel(at)
		style := st.MediaChip
		if at.State == common.AttachFailed {
			style = m.com.Styles.Transcript.Failed
		}
		lines = append(lines, style.Render(ansi.Truncate(label, max(width-style.GetHorizontalFrameSize(), 1), "…")))
	}
	return lines
}

// stateLabel is what follows a chip's name for its state.
func stateLabel(at common.Attachment) string {
	switch at.State {
	case common.AttachQueued:
		return " · queued"
	case common.AttachWaiting:
		return " · waiting for connection"
	case common.AttachUploading:
		return " " + common.ProgressBar(at.Done, at.Total, 10)
	case common.AttachUploaded:
		return " · ✓ uploaded"
	case common.AttachFailed:
		return " · ✗ " + termsafe.Line(at.Err)
	}
	return ""
}
