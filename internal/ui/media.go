package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
	"github.com/hermes/iris/internal/ui/mediactl"
)

// The root's side of the media controller (package internal/ui/mediactl): it hands
// the controller facts and carries out the actions it returns.

// MediaClient is what the UI needs for media transfers; *wsclient.Client
// satisfies it (see mediactl.Client).
type MediaClient = mediactl.Client

// MediaOptions configure attachments and received media (see
// mediactl.Options).
type MediaOptions = mediactl.Options

// attachCommand is the composer command that attaches a file.
const attachCommand = "/attach"

// updateMedia hands msg (a mediactl.Msg, a key's mediactl.Command or the
// terminal's environment) to the media controller with the facts of the
// moment, carries out what it asks and shows its transfer queue.
func (m *Model) updateMedia(msg tea.Msg) tea.Cmd {
	cmd := m.mediaDone(m.media.Update(msg, m.mediaFacts(msg)))
	m.status.SetTransfers(m.media.Transfers())
	return cmd
}

// mediaDone carries out what the media controller asked (Update, Layout,
// Prune).
func (m *Model) mediaDone(act common.Action, cmd tea.Cmd) tea.Cmd {
	return tea.Batch(cmd, m.handleAction(act))
}

// mediaFacts is what the media controller is told. Only a key's command
// acts on the transcript's selected chip or the lane's newest cut message,
// and finding them walks the lane, so they are read for a command only.
func (m *Model) mediaFacts(msg tea.Msg) mediactl.Facts {
	f := mediactl.Facts{
		Lane: m.lane, Online: m.link.online(), MediaOff: mediaOff(m.st),
		Attachments: m.composer.Attachments(), FilePickerOpen: m.dialogs.Has(dialog.FilePickerID),
		Profile: m.term.profile, Screen: m.scr.mediaScreen(), PreviewRow: m.transcript.PreviewRow, Tick: m.scr.tick,
	}
	if at, ok := m.composer.SelectedAttachment(); ok {
		f.SelectedAttachment = at.ID
	}
	if _, ok := msg.(mediactl.Command); ok {
		f.Chip, f.HasChip = m.transcript.SelectedChip()
		if o, ok := newestOverflow(m.st.Lane(m.lane)); ok {
			f.Overflow = o.Path
		}
	}
	return f
}

// mediaScreen is where the transcript is and what covers it, for previews.
func (s *screen) mediaScreen() mediactl.Screen {
	return mediactl.Screen{
		X:    s.layout.sidebar + s.com.Styles.Transcript.AssistantBubble.GetHorizontalFrameSize(),
		Y:    s.layout.top + s.layout.banner,
		Cols: s.panes.transcript.PreviewWidth(), Rows: s.layout.transcript,
		Dialogs: s.panes.dialogs.Len(), Drawer: s.drawerOpen(),
	}
}

// mediaKey hands a media key to the controller; ok is false when msg is
// none in the focused area.
func (m *Model) mediaKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	pane := mediactl.Elsewhere
	switch m.scr.focus {
	case focusComposer:
		pane = mediactl.Composer
	case focusTranscript:
		pane = mediactl.Transcript
	}
	c, ok := m.media.Key(msg, pane)
	if !ok {
		return nil, false
	}
	return m.updateMedia(c), true
}

// attachSlash handles "/attach PATH" ("/attach" alone opens the picker);
// ok is false for any other text.
func (m *Model) attachSlash(text string) (tea.Cmd, bool) {
	word, arg, _ := strings.Cut(strings.TrimSpace(text), " ")
	if word != attachCommand || strings.Contains(text, "\n") {
		return nil, false
	}
	if mediaOff(m.st) {
		return common.ReportError(mediactl.ErrNoMedia), true
	}
	m.composer.Reset()
	m.scr.mark(needLayout)
	return m.updateMedia(mediactl.Attach{Path: strings.TrimSpace(arg)}), true
}

// handleFilePickerMsg hands the file picker its own messages.
func (m *Model) handleFilePickerMsg(msg dialog.FilePickerMsg) tea.Cmd {
	d := m.dialogs.Top()
	if d == nil || d.ID() != dialog.FilePickerID {
		return nil
	}
	act, cmd := d.Update(msg)
	m.scr.mark(needRedraw)
	return tea.Batch(cmd, m.handleAction(act))
}

// handleMediaAction carries out what the media controller asked of the
// transcript, the composer and the dialogs.
func (m *Model) handleMediaAction(a common.Action) tea.Cmd {
	switch a := a.(type) {
	case common.ActionMediaStatus:
		m.transcript.SetMediaStatus(a.MediaID, a.Status)
	case common.ActionMediaPreview:
		m.transcript.SetMediaPreview(a.MediaID, a.Cells)
	case common.ActionRevealMedia:
		m.transcript.ScrollToMedia(a.MediaID)
	case common.ActionStepMedia:
		m.transcript.StepMedia(a.Step)
	case common.ActionStepAttachment:
		m.composer.SelectAttachment(a.Step)
		return nil
	case common.ActionAddAttachment:
		m.composer.Attach(a.Upload)
		m.scr.mark(needLayout)
		return m.scr.setFocus(focusComposer)
	case common.ActionSetAttachment:
		m.composer.UpdateAttachment(a.Attachment.ID, func(at *common.Attachment) { *at = a.Attachment })
		return nil
	case common.ActionRemoveAttachment:
		m.composer.RemoveAttachment(a.ID)
		m.scr.mark(needLayout)
		return nil
	case common.ActionSendUploaded:
		return m.sendUploaded(a)
	case common.ActionOpenFilePicker:
		d, cmd := dialog.NewFilePicker(m.com, a.Dir, a.Root)
		m.scr.openDialog(d)
		return cmd
	case common.ActionAskOpen:
		m.scr.openDialog(dialog.NewOpenAsk(m.com, a.Name, a.Kind, a.Save, a.Open))
		return nil
	case common.ActionOpenOverflow:
		return m.progs.pageFile(a.Path, false)
	}
	m.scr.mark(needRedraw) // the transcript's chips changed
	return nil
}

// sendUploaded sends a message whose attachments are uploaded: the chips
// go, and the draft too when it is still the message's text.
func (m *Model) sendUploaded(a common.ActionSendUploaded) tea.Cmd {
	m.composer.ClearAttachments()
	if m.composer.Value() == a.Text {
		m.composer.Reset()
	}
	m.scr.mark(needLayout)
	return m.held.Reduce(m.held.OnLane(a.Lane, func() tea.Cmd { return m.storeUploaded(a) }))
}

// storeUploaded stores the message sendUploaded sends, once its lane's
// items are in memory.
func (m *Model) storeUploaded(a common.ActionSendUploaded) tea.Cmd {
	_, r, err := m.eng.SendMessage(a.Lane, a.Text, a.Refs)
	if err != nil {
		return common.ReportError(err)
	}
	if a.Lane == m.lane {
		m.transcript.ToBottom()
		if m.composer.Value() == "" {
			m.SaveDraft() // the text is in the outgoing queue now
		}
	}
	return m.run(r)
}
