package ui

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/media"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/composer"
)

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

func (cachedMsg) isMediaMsg()    {}
func (mediaDoneMsg) isMediaMsg() {}

// actOnMedia opens, saves or previews the selected chip's media, pulling
// it into the cache first when it is not there.
func (m *Model) actOnMedia(act mediaAct) tea.Cmd {
	x, ok := m.selectedMedia()
	if o, long := m.newestOverflow(); !ok && long && act == actOpen {
		return m.openOverflow(o)
	}
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
		if m.mediaOff() {
			m.setMediaStatus(id, "✗ media is off on this gateway")
			return common.ReportError(errNoPull)
		}
		m.setMediaStatus(id, "queued")
		return m.enqueue(m.pullTransfer(msg.m, msg.act))
	}
	m.setMediaStatus(id, "")
	switch msg.act {
	case actOpen:
		return m.checkOpenCmd(msg.m, msg.path)
	case actSave:
		return m.saveCmd(msg.m, msg.path)
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
