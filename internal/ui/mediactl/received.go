package mediactl

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/ui/common"
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
func (c *call) actOnMedia(act mediaAct) tea.Cmd {
	x, ok := c.f.Chip, c.f.HasChip
	if !ok && c.f.Overflow != "" && act == actOpen {
		c.do(common.ActionOpenOverflow{Path: c.f.Overflow})
		return nil
	}
	if !ok {
		km := c.com.KeyMap.Media
		return common.ReportInfo("select a media chip first (" + km.Prev.Help().Key + " / " + km.Next.Help().Key + ")")
	}
	if c.pulling(x.MediaID) {
		return common.ReportInfo("already downloading " + media.DisplayName(x.Filename))
	}
	cache := c.cache
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
	for _, t := range m.transfers.list {
		if t.mediaID == mediaID {
			return true
		}
	}
	return false
}

func (c *call) handleCached(msg cachedMsg) tea.Cmd {
	id := msg.m.MediaID
	switch {
	case msg.err != nil:
		c.setStatus(id, "✗ "+transferError(msg.err))
		return common.ReportError(fmt.Errorf("%s: %w", media.DisplayName(msg.m.Filename), msg.err))
	case !msg.hit && !msg.pulled:
		if c.client == nil {
			return common.ReportError(errors.New("this connection cannot download media"))
		}
		if c.f.MediaOff {
			c.setStatus(id, "✗ media is off on this gateway")
			return common.ReportError(errNoPull)
		}
		c.setStatus(id, "queued")
		return c.enqueue(c.pullTransfer(msg.m, msg.act))
	}
	c.setStatus(id, "")
	switch msg.act {
	case actOpen:
		return c.checkOpenCmd(msg.m, msg.path)
	case actSave:
		return c.saveCmd(msg.m, msg.path)
	}
	return c.previewCmd(msg.m, msg.path)
}

// pullTransfer is the transfer that pulls m into the cache, then does act.
func (m *Model) pullTransfer(x frame.Media, act mediaAct) *transfer {
	client, cache := m.client, m.cache
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

func (c *call) handleMediaDone(msg mediaDoneMsg) tea.Cmd {
	if msg.err != nil {
		c.setStatus(msg.mediaID, "✗ "+msg.err.Error())
		return common.ReportError(msg.err)
	}
	c.setStatus(msg.mediaID, msg.status)
	return common.ReportInfo(msg.status)
}

// cancelSelected cancels the selected chip's transfer.
func (c *call) cancelSelected() tea.Cmd {
	x, ok := c.f.Chip, c.f.HasChip
	if !ok {
		return nil
	}
	if cmd, ok := c.cancelTransfer(func(t *transfer) bool { return t.mediaID == x.MediaID }); ok {
		return cmd
	}
	return common.ReportInfo("no transfer of " + media.DisplayName(x.Filename) + " to cancel")
}

// onTransferProgress and onTransferDropped show a transfer's state on its
// chip (an attachment's, or a received item's).
func (c *call) onTransferProgress(t *transfer) {
	if t.attachID != 0 {
		c.updateAttachment(t.attachID, func(a *common.Attachment) {
			a.State, a.Done, a.Total = common.AttachUploading, t.done, t.total
		})
		return
	}
	c.setStatus(t.mediaID, "⇣ "+common.ProgressBar(t.done, t.total, 8))
}

func (c *call) onTransferDropped(t *transfer) tea.Cmd {
	if t.attachID != 0 {
		c.updateAttachment(t.attachID, func(a *common.Attachment) {
			a.State, a.Err = common.AttachFailed, "cancelled"
		})
		c.abortSend()
		return nil
	}
	c.setStatus(t.mediaID, "cancelled")
	return nil
}
