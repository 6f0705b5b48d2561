package mediactl

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/ui/common"
)

// openAskMsg says a received file is not a known document or media type:
// the user is asked before it reaches the system opener.
type openAskMsg struct {
	m    frame.Media
	path string
	kind string
}

func (openAskMsg) isMediaMsg() {}

// checkOpenCmd opens the cached file at path when media.CheckOpen calls it
// a known document or media type, and otherwise asks first (openAskMsg).
func (m *Model) checkOpenCmd(x frame.Media, path string) tea.Cmd {
	open := m.openCmd(x, path)
	return func() tea.Msg {
		check, err := media.CheckOpen(path)
		if err != nil {
			return mediaDoneMsg{mediaID: x.MediaID, err: fmt.Errorf("opening %s: %w", media.DisplayName(x.Filename), err)}
		}
		if !check.Direct {
			return openAskMsg{m: x, path: path, kind: check.Kind}
		}
		return open()
	}
}

// handleOpenAsk asks whether to save the file instead, open it anyway or
// leave it.
func (c *call) handleOpenAsk(msg openAskMsg) tea.Cmd {
	c.setStatus(msg.m.MediaID, "not opened: "+msg.kind)
	c.do(common.ActionAskOpen{Name: media.DisplayName(msg.m.Filename), Kind: msg.kind,
		Save: c.saveCmd(msg.m, msg.path), Open: c.openCmd(msg.m, msg.path)})
	return nil
}

// openCmd hands the cached file at path to the system opener.
func (m *Model) openCmd(x frame.Media, path string) tea.Cmd {
	open, id, name := m.opts.Open, x.MediaID, media.DisplayName(x.Filename)
	return func() tea.Msg {
		if err := open(path); err != nil {
			return mediaDoneMsg{mediaID: id, err: fmt.Errorf("opening %s: %w", name, err)}
		}
		return mediaDoneMsg{mediaID: id, status: "opened"}
	}
}

// saveCmd copies the cached file at path to the download directory.
func (m *Model) saveCmd(x frame.Media, path string) tea.Cmd {
	id, name, dir := x.MediaID, media.FileNameFor(x.Filename, x.Mime), m.downloadDir()
	return func() tea.Msg {
		dst, err := media.SaveFile(dir, name, path)
		if err != nil {
			return mediaDoneMsg{mediaID: id, err: fmt.Errorf("saving: %w", err)}
		}
		return mediaDoneMsg{mediaID: id, status: "saved to " + dst}
	}
}
