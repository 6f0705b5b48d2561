package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/media"
	"github.com/hermes/iris/media/preview"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/composer"
	"github.com/hermes/iris/wsclient/frame"
)

// iterm2Redraw is how often visible iTerm2 images are checked for having
// moved (scrolling) and drawn again where their cells now are.
const iterm2Redraw = 250 * time.Millisecond

// maxPreviewRows caps an inline preview's height in cells.
const maxPreviewRows = 20

// mediaAct is what the user asked of a received media item.
type mediaAct int

const (
	actOpen mediaAct = iota
	actSave
	actPreview
)

// cachedMsg says where a media item's file is in the cache: found by a
// lookup (hit) or pulled; a miss of a lookup starts a pull.
type cachedMsg struct {
	m      frame.Media
	act    mediaAct
	path   string
	hit    bool
	pulled bool
	err    error
}

// mediaDoneMsg ends an open or save: status goes on the chip, info to the
// status bar.
type mediaDoneMsg struct {
	mediaID string
	status  string
	err     error
}

// previewMsg carries a rendered preview.
type previewMsg struct {
	mediaID string
	proto   preview.Protocol
	kitty   uint32
	p       preview.Preview
	err     error
}

// iterm2DrawMsg asks to (re)draw the visible iTerm2 images.
type iterm2DrawMsg struct{}

func (cachedMsg) isMediaMsg()     {}
func (mediaDoneMsg) isMediaMsg()  {}
func (previewMsg) isMediaMsg()    {}
func (iterm2DrawMsg) isMediaMsg() {}

// shownPrev is a preview on screen.
type shownPrev struct {
	proto preview.Protocol
	raw   string
	kitty uint32
	row   int // screen row an iTerm2 image was last drawn at (-1: none)
}

// actOnMedia opens, saves or previews the selected chip's media, pulling
// it into the cache first when it is not there.
func (m *Model) actOnMedia(act mediaAct) tea.Cmd {
	x, ok := m.selectedMedia()
	if !ok {
		km := m.com.KeyMap.Media
		return common.ReportInfo("select a media chip first (" + km.Prev.Help().Key + " / " + km.Next.Help().Key + ")")
	}
	if m.pulling(x.MediaID) {
		return common.ReportInfo("already downloading " + media.DisplayName(x.Filename))
	}
	cache := m.media.cache
	return func() tea.Msg {
		c, err := cache.get()
		if err != nil {
			return cachedMsg{m: x, act: act, err: err}
		}
		path, ok := c.Path(x.MediaID)
		return cachedMsg{m: x, act: act, path: path, hit: ok}
	}
}

// pulling reports whether a transfer of mediaID is queued or running.
func (m *Model) pulling(mediaID string) bool {
	for _, t := range m.media.transfers.list {
		if t.mediaID == mediaID {
			return true
		}
	}
	return false
}

func (m *Model) handleCached(msg cachedMsg) tea.Cmd {
	id := msg.m.MediaID
	switch {
	case msg.err != nil:
		m.setMediaStatus(id, "✗ "+transferError(msg.err))
		return common.ReportError(fmt.Errorf("%s: %w", media.DisplayName(msg.m.Filename), msg.err))
	case !msg.hit && !msg.pulled:
		if m.media.client == nil {
			return common.ReportError(errors.New("this connection cannot download media"))
		}
		m.setMediaStatus(id, "queued")
		return m.enqueue(m.pullTransfer(msg.m, msg.act))
	}
	m.setMediaStatus(id, "")
	switch msg.act {
	case actOpen:
		open, path, name := m.media.opts.Open, msg.path, media.DisplayName(msg.m.Filename)
		return func() tea.Msg {
			if err := open(path); err != nil {
				return mediaDoneMsg{mediaID: id, err: fmt.Errorf("opening %s: %w", name, err)}
			}
			return mediaDoneMsg{mediaID: id, status: "opened"}
		}
	case actSave:
		name, path, dir := media.FileNameFor(msg.m.Filename, msg.m.Mime), msg.path, m.media.downloadDir()
		return func() tea.Msg {
			dst, err := media.SaveFile(dir, name, path)
			if err != nil {
				return mediaDoneMsg{mediaID: id, err: fmt.Errorf("saving: %w", err)}
			}
			return mediaDoneMsg{mediaID: id, status: "saved to " + dst}
		}
	}
	return m.previewCmd(msg.m, msg.path)
}

// pullTransfer is the transfer that pulls m into the cache, then does act.
func (m *Model) pullTransfer(x frame.Media, act mediaAct) *transfer {
	client, cache := m.media.client, m.media.cache
	return &transfer{label: media.DisplayName(x.Filename), mediaID: x.MediaID, total: x.Size,
		run: func(ctx context.Context, progress func(done, total int64)) tea.Msg {
			c, err := cache.get()
			if err != nil {
				return cachedMsg{m: x, act: act, pulled: true, err: err}
			}
			e, err := c.Create(x.MediaID, media.FileNameFor(x.Filename, x.Mime))
			if err != nil {
				return cachedMsg{m: x, act: act, pulled: true, err: err}
			}
			if err := client.Pull(ctx, x, e, progress); err != nil {
				e.Abort()
				return cachedMsg{m: x, act: act, pulled: true, err: err}
			}
			path, err := e.Commit()
			return cachedMsg{m: x, act: act, path: path, pulled: true, err: err}
		}}
}

func (m *Model) handleMediaDone(msg mediaDoneMsg) tea.Cmd {
	if msg.err != nil {
		m.setMediaStatus(msg.mediaID, "✗ "+msg.err.Error())
		return common.ReportError(msg.err)
	}
	m.setMediaStatus(msg.mediaID, msg.status)
	return common.ReportInfo(msg.status)
}

// setMediaStatus shows a (sanitised) status after a received chip.
func (m *Model) setMediaStatus(mediaID, status string) {
	m.transcript.SetMediaStatus(mediaID, termsafe.Line(status))
	m.invalidate()
}

// togglePreview hides the selected image's preview, or shows it.
func (m *Model) togglePreview() tea.Cmd {
	x, ok := m.selectedMedia()
	if ok && m.transcript.HasPreview(x.MediaID) {
		m.transcript.SetMediaPreview(x.MediaID, "")
		m.invalidate()
		s := m.media.shown[x.MediaID]
		delete(m.media.shown, x.MediaID)
		if s != nil && s.proto == preview.Kitty {
			return tea.Raw(preview.KittyDelete(s.kitty))
		}
		return nil
	}
	if ok && media.NormalizeKind(x.Kind) != frame.MediaImage {
		return common.ReportInfo("only images can be previewed")
	}
	return m.actOnMedia(actPreview)
}

// previewCmd decodes and renders the cached image at path for the
// terminal's protocol, sized to the transcript.
func (m *Model) previewCmd(x frame.Media, path string) tea.Cmd {
	proto := m.protocol()
	cols := m.transcript.PreviewWidth()
	rows := min(max(m.layout.transcript-4, 4), maxPreviewRows)
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
		p, err := preview.Render(img, proto, cols, rows, kitty)
		return previewMsg{mediaID: x.MediaID, proto: proto, kitty: kitty, p: p, err: err}
	}
}

func (m *Model) handlePreview(msg previewMsg) tea.Cmd {
	if msg.err != nil {
		m.setMediaStatus(msg.mediaID, "✗ no preview: "+msg.err.Error())
		return common.ReportError(fmt.Errorf("preview: %w", msg.err))
	}
	m.transcript.SetMediaPreview(msg.mediaID, msg.p.Cells)
	m.transcript.ScrollToMedia(msg.mediaID)
	m.invalidate()
	m.media.shown[msg.mediaID] = &shownPrev{proto: msg.proto, raw: msg.p.Raw, kitty: msg.kitty, row: -1}
	switch msg.proto {
	case preview.Kitty:
		return tea.Raw(msg.p.Raw)
	case preview.ITerm2:
		return m.scheduleITerm2()
	}
	return nil
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
// its cells are, and keeps ticking while any is shown.
func (m *Model) drawITerm2() tea.Cmd {
	m.media.drawing = false
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
			out += preview.AtCell(x, m.layout.top+m.layout.banner+row, s.raw)
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

// cancelSelected cancels the selected chip's transfer.
func (m *Model) cancelSelected() tea.Cmd {
	x, ok := m.selectedMedia()
	if !ok {
		return nil
	}
	if cmd, ok := m.cancelTransfer(func(t *transfer) bool { return t.mediaID == x.MediaID }); ok {
		return cmd
	}
	return common.ReportInfo("no transfer of " + media.DisplayName(x.Filename) + " to cancel")
}

// onTransferProgress and onTransferDropped show a transfer's state on its
// chip (an attachment's, or a received item's).
func (m *Model) onTransferProgress(t *transfer) {
	if t.attachID != 0 {
		m.composer.UpdateAttachment(t.attachID, func(a *composer.Attachment) {
			a.State, a.Done, a.Total = composer.AttachUploading, t.done, t.total
		})
		return
	}
	m.setMediaStatus(t.mediaID, "⇣ "+common.ProgressBar(t.done, t.total, 8))
}

func (m *Model) onTransferDropped(t *transfer) tea.Cmd {
	if t.attachID != 0 {
		m.composer.UpdateAttachment(t.attachID, func(a *composer.Attachment) {
			a.State, a.Err = composer.AttachFailed, "cancelled"
		})
		m.abortSend()
		return nil
	}
	m.setMediaStatus(t.mediaID, "cancelled")
	return nil
}
