package ui

import (
	"fmt"
	"image"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/media"
	"github.com/hermes/iris/media/preview"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/ui/common"
)

// Inline previews live from the first render until hidden with the preview
// key or until their message goes away. The decoded image is kept, so a
// change of the transcript's size renders it again (in a command) without
// pulling or decoding; renders are cached per size.

// iterm2Redraw is how often visible iTerm2 images are checked for having
// moved (scrolling) and drawn again where their cells now are.
const iterm2Redraw = 250 * time.Millisecond

// iterm2Settle is how long after a dialog closed or the layout changed the
// iTerm2 images are drawn again: long enough for the renderer to have
// painted that frame (raw output goes out before the frame of its tick).
const iterm2Settle = 50 * time.Millisecond

// maxPreviewRows caps an inline preview's height in cells.
const maxPreviewRows = 20

// maxRenders caps the renders kept per preview (a window being dragged
// wider passes through many sizes).
const maxRenders = 4

// previewSize is the cell box a preview is rendered for.
type previewSize struct{ cols, rows int }

// shownPrev is a preview on screen.
type shownPrev struct {
	lane    frame.Lane // where its message is
	img     image.Image
	proto   preview.Protocol
	kitty   uint32
	size    previewSize // the render on screen
	renders map[previewSize]preview.Preview
	pending map[previewSize]bool // renders asked for
	row     int                  // screen row an iTerm2 image was last drawn at (-1: none)
}

// previewMsg carries a rendered preview: the first one (s is nil, img the
// decoded image) or a re-render of s for a new size.
type previewMsg struct {
	mediaID string
	s       *shownPrev
	img     image.Image
	proto   preview.Protocol
	kitty   uint32
	size    previewSize
	p       preview.Preview
	err     error
}

// iterm2DrawMsg is the periodic check for moved iTerm2 images.
type iterm2DrawMsg struct{}

// iterm2RepaintMsg redraws every visible iTerm2 image after the frame of a
// closed dialog or a new layout; gen drops superseded ones.
type iterm2RepaintMsg struct{ gen int }

func (previewMsg) isMediaMsg()       {}
func (iterm2DrawMsg) isMediaMsg()    {}
func (iterm2RepaintMsg) isMediaMsg() {}

// previewSizeNow is the box previews get in the current layout.
func (m *Model) previewSizeNow() previewSize {
	return previewSize{cols: m.transcript.PreviewWidth(), rows: min(max(m.layout.transcript-4, 4), maxPreviewRows)}
}

// togglePreview hides the selected image's preview, or shows it.
func (m *Model) togglePreview() tea.Cmd {
	x, ok := m.selectedMedia()
	if ok && m.transcript.HasPreview(x.MediaID) {
		return m.dropPreview(x.MediaID)
	}
	if ok && media.NormalizeKind(x.Kind) != frame.MediaImage {
		return common.ReportInfo("only images can be previewed")
	}
	return m.actOnMedia(actPreview)
}

// dropPreview removes a preview from the transcript and, for kitty, frees
// its image in the terminal.
func (m *Model) dropPreview(mediaID string) tea.Cmd {
	m.transcript.SetMediaPreview(mediaID, "")
	m.invalidate()
	s := m.media.shown[mediaID]
	delete(m.media.shown, mediaID)
	if s != nil && s.proto == preview.Kitty {
		return tea.Raw(preview.KittyDelete(s.kitty))
	}
	return nil
}

// prunePreviews drops the previews whose message is gone from a lane chg
// touched (message.deleted) or whose lane is gone (channel.deleted).
func (m *Model) prunePreviews(chg store.Change) tea.Cmd {
	var cmds []tea.Cmd
	for id, s := range m.media.shown {
		if slices.Contains(chg.Removed, s.lane) || chg.Has(s.lane) && !laneHasMedia(m.st.Lane(s.lane), id) {
			cmds = append(cmds, m.dropPreview(id))
		}
	}
	return tea.Batch(cmds...)
}

// laneHasMedia reports whether a message of ln carries mediaID.
func laneHasMedia(ln *store.Lane, mediaID string) bool {
	for i := ln.Len() - 1; i >= 0; i-- {
		if it := ln.Item(i); it.Kind == store.KindMessage && it.Msg != nil && hasMediaID(it.Msg.Media, mediaID) {
			return true
		}
	}
	return false
}

func hasMediaID(ms []frame.Media, id string) bool {
	return slices.ContainsFunc(ms, func(x frame.Media) bool { return x.MediaID == id })
}

// previewCmd decodes and renders the cached image at path for the
// terminal's protocol, sized to the transcript.
func (m *Model) previewCmd(x frame.Media, path string) tea.Cmd {
	proto, size := m.protocol(), m.previewSizeNow()
	var kitty uint32
	if proto == preview.Kitty {
		m.media.nextImage++
		kitty = m.media.nextImage
	}
	return func() tea.Msg {
		img, _, err := preview.DecodeFile(path, preview.DefaultLimits)
		if err != nil {
			return previewMsg{mediaID: x.MediaID, err: err}
		}
		p, err := preview.Render(img, proto, size.cols, size.rows, kitty)
		return previewMsg{mediaID: x.MediaID, img: img, proto: proto, kitty: kitty, size: size, p: p, err: err}
	}
}

// renderCmd renders s's image again at size.
func renderCmd(mediaID string, s *shownPrev, size previewSize) tea.Cmd {
	s.pending[size] = true
	img, proto, kitty := s.img, s.proto, s.kitty
	return func() tea.Msg {
		p, err := preview.Render(img, proto, size.cols, size.rows, kitty)
		return previewMsg{mediaID: mediaID, s: s, proto: proto, kitty: kitty, size: size, p: p, err: err}
	}
}

func (m *Model) handlePreview(msg previewMsg) tea.Cmd {
	if msg.err != nil {
		m.setMediaStatus(msg.mediaID, "✗ no preview: "+msg.err.Error())
		return common.ReportError(fmt.Errorf("preview: %w", msg.err))
	}
	s := msg.s
	var cmds []tea.Cmd
	switch {
	case s == nil: // the first render
		if old := m.media.shown[msg.mediaID]; old != nil {
			cmds = append(cmds, m.dropPreview(msg.mediaID))
		}
		s = &shownPrev{lane: m.lane, img: msg.img, proto: msg.proto, kitty: msg.kitty, row: -1,
			renders: map[previewSize]preview.Preview{}, pending: map[previewSize]bool{}}
		m.media.shown[msg.mediaID] = s
		m.transcript.ScrollToMedia(msg.mediaID)
	case m.media.shown[msg.mediaID] != s:
		return nil // hidden or deleted meanwhile
	}
	delete(s.pending, msg.size)
	s.keep(msg.size, msg.p)
	if msg.s == nil || msg.size == m.previewSizeNow() {
		cmds = append(cmds, m.showRender(msg.mediaID, s, msg.size, msg.s == nil))
	}
	return tea.Batch(append(cmds, m.fitPreviews())...)
}

// keep caches a render, evicting others beyond maxRenders (never the one
// on screen).
func (s *shownPrev) keep(size previewSize, p preview.Preview) {
	for k := range s.renders {
		if len(s.renders) < maxRenders {
			break
		}
		if k != s.size {
			delete(s.renders, k)
		}
	}
	s.renders[size] = p
}

// showRender puts s's render for size on screen: kitty needs the image
// sent again (the terminal holds one render per image id), iTerm2 a redraw.
func (m *Model) showRender(mediaID string, s *shownPrev, size previewSize, first bool) tea.Cmd {
	p, old := s.renders[size], s.renders[s.size]
	s.size = size
	if !first && p == old {
		return nil // an image smaller than both boxes renders the same
	}
	m.transcript.SetMediaPreview(mediaID, p.Cells)
	m.invalidate()
	switch s.proto {
	case preview.Kitty:
		if first {
			return tea.Raw(p.Raw)
		}
		return tea.Raw(preview.KittyDelete(s.kitty) + p.Raw)
	case preview.ITerm2:
		s.row = -1
		return m.scheduleITerm2()
	}
	return nil
}

// fitPreviews shows every preview at the current size: from the cache, or
// by rendering it again.
func (m *Model) fitPreviews() tea.Cmd {
	want := m.previewSizeNow()
	var cmds []tea.Cmd
	for id, s := range m.media.shown {
		switch _, ok := s.renders[want]; {
		case s.size == want || s.pending[want]:
		case ok:
			cmds = append(cmds, m.showRender(id, s, want, false))
		default:
			cmds = append(cmds, renderCmd(id, s, want))
		}
	}
	return tea.Batch(cmds...)
}

// mediaAfterUpdate runs after every Update: a new layout re-fits the
// previews, and a new layout or a closed dialog or drawer (whose cells the
// renderer repaints blank over an iTerm2 image) redraws the iTerm2 images
// once that frame is out.
func (m *Model) mediaAfterUpdate() tea.Cmd {
	r := &m.media
	overlays := m.dialogs.Len()
	if m.isDrawerOpen() {
		overlays++
	}
	relaid, closed := m.layout != r.seenLayout, overlays < r.seenOverlays
	r.seenLayout, r.seenOverlays = m.layout, overlays
	if len(r.shown) == 0 || !relaid && !closed {
		return nil
	}
	var cmds []tea.Cmd
	if relaid {
		cmds = append(cmds, m.fitPreviews())
	}
	for _, s := range r.shown {
		if s.proto == preview.ITerm2 {
			r.repaintGen++
			cmds = append(cmds, m.tick(iterm2Settle, iterm2RepaintMsg{gen: r.repaintGen}))
			break
		}
	}
	return tea.Batch(cmds...)
}

// repaintITerm2 draws every visible iTerm2 image again, wherever it is.
func (m *Model) repaintITerm2(msg iterm2RepaintMsg) tea.Cmd {
	if msg.gen != m.media.repaintGen {
		return nil
	}
	for _, s := range m.media.shown {
		s.row = -1
	}
	return m.drawITerm2()
}

// scheduleITerm2 arms the redraw tick (the image is drawn after a frame
// showing its reserved cells).
func (m *Model) scheduleITerm2() tea.Cmd {
	if m.media.drawing {
		return nil
	}
	m.media.drawing = true
	return m.tick(iterm2Redraw, iterm2DrawMsg{})
}

// drawITerm2 draws every visible iTerm2 image that is not yet drawn where
// its cells are, and keeps the tick going while any is shown.
func (m *Model) drawITerm2() tea.Cmd {
	var out string
	active := false
	x := m.layout.sidebar + m.com.Styles.Transcript.AssistantBubble.GetHorizontalFrameSize()
	for id, s := range m.media.shown {
		if s.proto != preview.ITerm2 {
			continue
		}
		active = true
		row, ok := m.transcript.PreviewRow(id)
		switch {
		case !ok || m.dialogs.Len() > 0:
			s.row = -1
		case row != s.row:
			s.row = row
			out += preview.AtCell(x, m.layout.top+m.layout.banner+row, s.renders[s.size].Raw)
		}
	}
	var cmds []tea.Cmd
	if out != "" {
		cmds = append(cmds, tea.Raw(out))
	}
	if active {
		cmds = append(cmds, m.scheduleITerm2())
	}
	return tea.Batch(cmds...)
}
