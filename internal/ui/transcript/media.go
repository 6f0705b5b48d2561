package transcript

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

// mediaState is what the root tells the transcript about received media:
// the chip selected for the media keys, a status per media_id (transfer
// progress, "saved to …", errors) and image previews shown under chips.
type mediaState struct {
	selected string
	status   map[string]string
	previews map[string]string
	// offsets is where each rendered preview starts inside its item's
	// lines (for placing an iTerm2 image over it).
	offsets map[string]int
}

func (s *mediaState) init() {
	if s.status == nil {
		s.status, s.previews, s.offsets = map[string]string{}, map[string]string{}, map[string]int{}
	}
}

// SelectMedia marks the chip of mediaID as selected ("" selects none).
func (m *Model) SelectMedia(mediaID string) {
	old := m.media.selected
	m.media.selected = mediaID
	m.invalidateMedia(old, mediaID)
}

// SelectedMedia is the selected chip's media_id, or "".
func (m *Model) SelectedMedia() string { return m.media.selected }

// SetMediaStatus shows status (plain text, already sanitised) after the
// chip of mediaID; "" clears it.
func (m *Model) SetMediaStatus(mediaID, status string) {
	m.media.init()
	if m.media.status[mediaID] == status {
		return
	}
	if status == "" {
		delete(m.media.status, mediaID)
	} else {
		m.media.status[mediaID] = status
	}
	m.invalidateMedia(mediaID)
}

// SetMediaPreview shows cells (a preview.Preview's Cells) under the chip of
// mediaID; "" removes the preview.
func (m *Model) SetMediaPreview(mediaID, cells string) {
	m.media.init()
	if cells == "" {
		delete(m.media.previews, mediaID)
		delete(m.media.offsets, mediaID)
	} else {
		m.media.previews[mediaID] = cells
	}
	m.invalidateMedia(mediaID)
}

// HasPreview reports whether a preview of mediaID is shown.
func (m *Model) HasPreview(mediaID string) bool { _, ok := m.media.previews[mediaID]; return ok }

// PreviewWidth is the widest preview that fits in a message bubble.
func (m *Model) PreviewWidth() int {
	return max(m.width-m.com.Styles.Transcript.AssistantBubble.GetHorizontalFrameSize(), 1)
}

// Media lists the media of the lane's messages, oldest first.
func (m *Model) Media() []frame.Media {
	src := m.src()
	var out []frame.Media
	for i := 0; i < src.Len(); i++ {
		if it := src.lane.Item(i); it.Kind == store.KindMessage && it.Msg != nil {
			out = append(out, it.Msg.Media...)
		}
	}
	return out
}

// PreviewRow returns the row, from the transcript's top, where the preview
// of mediaID starts on screen; ok is false when that row is not visible.
// It reads the layout of the last View (the rows above the first item
// included).
func (m *Model) PreviewRow(mediaID string) (row int, ok bool) {
	src := m.src()
	row = -m.vp.off
	for i := m.vp.top; i < src.Len() && row < m.vp.height; i++ {
		it := src.lane.Item(i)
		if it.Kind == store.KindMessage && it.Msg != nil && hasMedia(it.Msg.Media, mediaID) {
			off, shown := m.media.offsets[mediaID]
			r := row + off
			return m.lead + r, shown && r >= 0 && r < m.vp.height
		}
		row += len(m.lines(it))
	}
	return 0, false
}

// ScrollToMedia brings the message holding mediaID into view when it is
// not on screen.
func (m *Model) ScrollToMedia(mediaID string) {
	src := m.src()
	for i := 0; i < src.Len(); i++ {
		if it := src.lane.Item(i); it.Kind == store.KindMessage && it.Msg != nil && hasMedia(it.Msg.Media, mediaID) {
			if _, visible := m.itemRow(i); !visible {
				m.vp.top, m.vp.off, m.vp.follow = i, 0, false
				m.topItem = it
			}
			return
		}
	}
}

// itemRow reports where item i starts on screen and whether any of it is
// visible.
func (m *Model) itemRow(i int) (row int, visible bool) {
	if i < m.vp.top {
		return 0, false
	}
	row = -m.vp.off
	for j := m.vp.top; j < i; j++ {
		row += len(m.lines(m.src().lane.Item(j)))
	}
	return row, row < m.vp.height
}

// invalidateMedia drops the cached lines of items showing any of ids.
func (m *Model) invalidateMedia(ids ...string) {
	for it := range m.cache {
		if it.Kind == store.KindMessage && it.Msg != nil && slices.ContainsFunc(ids, func(id string) bool {
			return id != "" && hasMedia(it.Msg.Media, id)
		}) {
			delete(m.cache, it)
		}
	}
}

func hasMedia(ms []frame.Media, id string) bool {
	return slices.ContainsFunc(ms, func(x frame.Media) bool { return x.MediaID == id })
}

// mediaChips lists attachments as "▣ image · name · size" chips (names
// through media.DisplayName), the selected one highlighted, each followed
// by its status and its preview. at is the line of the item where the
// chips start (for PreviewRow).
func (r *renderer) mediaChips(ms []frame.Media, width, at int) string {
	if len(ms) == 0 {
		return ""
	}
	st := r.com.Styles.Transcript
	var lines []string
	for _, x := range ms {
		label := common.ChipLabel(x.Kind, x.Filename, x.Size)
		if s := r.media.status[x.MediaID]; s != "" {
			label += " · " + s
		}
		style := st.MediaChip
		if x.MediaID != "" && x.MediaID == r.media.selected {
			style = style.Reverse(true)
			label = "▸ " + label
		}
		lines = append(lines, style.Render(ansi.Truncate(label, max(width-style.GetHorizontalFrameSize(), 1), "…")))
		if p := r.media.previews[x.MediaID]; p != "" {
			r.media.offsets[x.MediaID] = at + len(lines)
			for _, l := range strings.Split(p, "\n") {
				lines = append(lines, ansi.Truncate(l, width, "")) // made for a wider transcript
			}
		}
	}
	return strings.Join(lines, "\n")
}
