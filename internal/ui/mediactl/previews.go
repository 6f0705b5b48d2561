package mediactl

import (
	"fmt"
	"image"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/colorprofile"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/media/preview"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
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

// ITerm2Draw is the periodic check for moved iTerm2 images, scheduled
// through the root's Tick while one is shown.
type ITerm2Draw struct{}

// ITerm2Repaint redraws every visible iTerm2 image after the frame of a
// closed overlay or a new layout (Layout schedules it); a newer one
// supersedes it.
type ITerm2Repaint struct{ gen int }

func (previewMsg) isMediaMsg()    {}
func (ITerm2Draw) isMediaMsg()    {}
func (ITerm2Repaint) isMediaMsg() {}

// moved reports whether the transcript moved or changed size from s to t.
func (s Screen) moved(t Screen) bool {
	return s.X != t.X || s.Y != t.Y || s.Cols != t.Cols || s.Rows != t.Rows
}

// previewSize is the box previews get on s.
func (s Screen) previewSize() previewSize {
	return previewSize{cols: s.Cols, rows: min(max(s.Rows-4, 4), maxPreviewRows)}
}

// protocol is the image protocol previews use. Kitty needs true colour:
// its placeholder cells carry the image id as a 24-bit colour that a lower
// profile would corrupt.
func (c *call) protocol() preview.Protocol {
	p, ok := preview.ParseProtocol(c.opts.Protocol)
	if !ok {
		p = preview.Detect(c.opts.Getenv)
	}
	if p == preview.Kitty && c.f.Profile != colorprofile.Unknown && c.f.Profile < colorprofile.TrueColor {
		return preview.HalfBlocks
	}
	return p
}

// togglePreview hides the selected image's preview, or shows it.
func (c *call) togglePreview() tea.Cmd {
	x, ok := c.f.Chip, c.f.HasChip
	if ok && c.shown[x.MediaID] != nil {
		return c.dropPreview(x.MediaID)
	}
	if ok && media.NormalizeKind(x.Kind) != frame.MediaImage {
		return common.ReportInfo("only images can be previewed")
	}
	return c.actOnMedia(actPreview)
}

// dropPreview removes a preview from the transcript and, for kitty, frees
// its image in the terminal.
func (c *call) dropPreview(mediaID string) tea.Cmd {
	c.do(common.ActionMediaPreview{MediaID: mediaID})
	s := c.shown[mediaID]
	delete(c.shown, mediaID)
	if s != nil && s.proto == preview.Kitty {
		return tea.Raw(preview.KittyDelete(s.kitty))
	}
	return nil
}

// Prune drops the previews whose message is gone from a lane chg touched
// (message.deleted) or whose lane is gone (channel.deleted). The root
// calls it for every change it applies to the store.
func (m *Model) Prune(chg store.Change) (common.Action, tea.Cmd) {
	if len(m.shown) == 0 {
		return nil, nil
	}
	c := &call{Model: m}
	var cmds []tea.Cmd
	for id, s := range m.shown {
		if slices.Contains(chg.Removed, s.lane) || chg.Has(s.lane) && !laneHasMedia(m.com.Store.Lane(s.lane), id) {
			cmds = append(cmds, c.dropPreview(id))
		}
	}
	return c.action(), tea.Batch(cmds...)
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
func (c *call) previewCmd(x frame.Media, path string) tea.Cmd {
	proto, size := c.protocol(), c.f.Screen.previewSize()
	var kitty uint32
	if proto == preview.Kitty {
		c.nextImage++
		kitty = c.nextImage
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

func (c *call) handlePreview(msg previewMsg) tea.Cmd {
	if msg.err != nil {
		c.setStatus(msg.mediaID, "✗ no preview: "+msg.err.Error())
		return common.ReportError(fmt.Errorf("preview: %w", msg.err))
	}
	s := msg.s
	var cmds []tea.Cmd
	switch {
	case s == nil: // the first render
		if old := c.shown[msg.mediaID]; old != nil {
			cmds = append(cmds, c.dropPreview(msg.mediaID))
		}
		s = &shownPrev{lane: c.f.Lane, img: msg.img, proto: msg.proto, kitty: msg.kitty, row: -1,
			renders: map[previewSize]preview.Preview{}, pending: map[previewSize]bool{}}
		c.shown[msg.mediaID] = s
		c.do(common.ActionRevealMedia{MediaID: msg.mediaID})
	case c.shown[msg.mediaID] != s:
		return nil // hidden or deleted meanwhile
	}
	delete(s.pending, msg.size)
	s.keep(msg.size, msg.p)
	if msg.s == nil || msg.size == c.f.Screen.previewSize() {
		cmds = append(cmds, c.showRender(msg.mediaID, s, msg.size, msg.s == nil))
	}
	return tea.Batch(append(cmds, c.fitPreviews())...)
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
func (c *call) showRender(mediaID string, s *shownPrev, size previewSize, first bool) tea.Cmd {
	p, old := s.renders[size], s.renders[s.size]
	s.size = size
	if !first && p == old {
		return nil // an image smaller than both boxes renders the same
	}
	c.do(common.ActionMediaPreview{MediaID: mediaID, Cells: p.Cells})
	switch s.proto {
	case preview.Kitty:
		if first {
			return tea.Raw(p.Raw)
		}
		return tea.Raw(preview.KittyDelete(s.kitty) + p.Raw)
	case preview.ITerm2:
		s.row = -1
		return c.scheduleITerm2()
	}
	return nil
}

// fitPreviews shows every preview at the current size: from the cache, or
// by rendering it again.
func (c *call) fitPreviews() tea.Cmd {
	want := c.f.Screen.previewSize()
	var cmds []tea.Cmd
	for id, s := range c.shown {
		switch _, ok := s.renders[want]; {
		case s.size == want || s.pending[want]:
		case ok:
			cmds = append(cmds, c.showRender(id, s, want, false))
		default:
			cmds = append(cmds, renderCmd(id, s, want))
		}
	}
	return tea.Batch(cmds...)
}

// Layout is the step the root runs after every message, because any
// handler may have moved the layout or closed an overlay: a new screen
// re-fits the previews, and a new screen or a closed dialog or drawer
// (whose cells the renderer repaints blank over an iTerm2 image) redraws
// the iTerm2 images once that frame is out.
func (m *Model) Layout(s Screen, tick Tick) (common.Action, tea.Cmd) {
	overlays := s.Dialogs
	if s.Drawer {
		overlays++
	}
	relaid, closed := m.seenScreen.moved(s), overlays < m.seenOverlays
	m.seenScreen, m.seenOverlays = s, overlays
	if len(m.shown) == 0 || !relaid && !closed {
		return nil, nil
	}
	c := &call{Model: m, f: Facts{Screen: s, Tick: tick}}
	var cmds []tea.Cmd
	if relaid {
		cmds = append(cmds, c.fitPreviews())
	}
	for _, p := range m.shown {
		if p.proto == preview.ITerm2 {
			m.repaintGen++
			cmds = append(cmds, tick(iterm2Settle, ITerm2Repaint{gen: m.repaintGen}))
			break
		}
	}
	return c.action(), tea.Batch(cmds...)
}

// repaintITerm2 draws every visible iTerm2 image again, wherever it is.
func (c *call) repaintITerm2(msg ITerm2Repaint) tea.Cmd {
	if msg.gen != c.repaintGen {
		return nil
	}
	for _, s := range c.shown {
		s.row = -1
	}
	return c.drawITerm2()
}

// scheduleITerm2 arms the redraw tick (the image is drawn after a frame
// showing its reserved cells).
func (c *call) scheduleITerm2() tea.Cmd {
	if c.drawing {
		return nil
	}
	c.drawing = true
	return c.f.Tick(iterm2Redraw, ITerm2Draw{})
}

// drawITerm2 draws every visible iTerm2 image that is not yet drawn where
// its cells are, and keeps the tick going while any is shown.
func (c *call) drawITerm2() tea.Cmd {
	var out string
	active := false
	scr := c.f.Screen
	for id, s := range c.shown {
		if s.proto != preview.ITerm2 {
			continue
		}
		active = true
		row, ok := c.f.PreviewRow(id)
		switch {
		case !ok || scr.Dialogs > 0:
			s.row = -1
		case row != s.row:
			s.row = row
			out += preview.AtCell(scr.X, scr.Y+row, s.renders[s.size].Raw)
		}
	}
	var cmds []tea.Cmd
	if out != "" {
		cmds = append(cmds, tea.Raw(out))
	}
	if active {
		cmds = append(cmds, c.scheduleITerm2())
	}
	return tea.Batch(cmds...)
}
