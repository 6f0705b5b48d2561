package ui

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/media"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/composer"
	"github.com/hermes/iris/ui/dialog"
	"github.com/hermes/iris/wsclient"
)

// attachCommand is the composer command that attaches a file.
const attachCommand = "/attach"

// attachedMsg is DescribeUpload's answer for a path.
type attachedMsg struct {
	up  media.Upload
	err error
}

// uploadedMsg ends one attachment's upload.
type uploadedMsg struct {
	attachID int
	ref      string
	err      error
}

func (attachedMsg) isMediaMsg() {}
func (uploadedMsg) isMediaMsg() {}

// pendingSend is the message waiting for its attachments: for their
// uploads, or, sent while offline, for the connection (waiting).
type pendingSend struct {
	lane    frame.Lane
	text    string
	waiting bool
}

// attachSlash handles "/attach PATH" ("/attach" alone opens the picker);
// ok is false for any other text.
func (m *Model) attachSlash(text string) (tea.Cmd, bool) {
	word, arg, _ := strings.Cut(strings.TrimSpace(text), " ")
	if word != attachCommand || strings.Contains(text, "\n") {
		return nil, false
	}
	if m.mediaOff() {
		return common.ReportError(errNoMedia), true
	}
	m.composer.Reset()
	m.relayout()
	if arg = strings.TrimSpace(arg); arg == "" {
		return m.openFilePicker(), true
	}
	return m.attachCmd(arg), true
}

// openFilePicker shows the file picker overlay.
func (m *Model) openFilePicker() tea.Cmd {
	if m.mediaOff() {
		return common.ReportError(errNoMedia)
	}
	if m.dialogs.Has(dialog.FilePickerID) {
		return nil
	}
	if off := m.media.opts.AttachOff; off != "" {
		return common.ReportError(errors.New(off))
	}
	d, cmd := dialog.NewFilePicker(m.com, m.media.opts.PickerDir, m.media.opts.AttachRoot)
	m.openDialog(d)
	return cmd
}

// attachCmd describes the file at path, within the attach limits
// (attachPath).
func (m *Model) attachCmd(path string) tea.Cmd {
	return func() tea.Msg {
		path, err := m.media.attachPath(path)
		if err != nil {
			return attachedMsg{err: err}
		}
		up, err := media.DescribeUpload(path)
		return attachedMsg{up: up, err: err}
	}
}

func (m *Model) handleAttached(msg attachedMsg) tea.Cmd {
	if msg.err != nil {
		return common.ReportError(fmt.Errorf("attach: %w", msg.err))
	}
	m.composer.Attach(msg.up)
	m.relayout()
	return tea.Batch(m.setFocus(focusComposer), common.ReportInfo("attached "+media.DisplayName(msg.up.Filename)))
}

// detach removes the selected attachment, cancels its upload, or stops a
// message waiting for the connection (the draft and its chips stay).
func (m *Model) detach() tea.Cmd {
	at, ok := m.composer.SelectedAttachment()
	if !ok {
		return nil
	}
	if cmd, ok := m.cancelTransfer(func(t *transfer) bool { return t.attachID == at.ID }); ok {
		return cmd
	}
	if at.State == composer.AttachWaiting {
		m.abortSend()
		return common.ReportInfo("not sending: the draft and its attachments stay")
	}
	m.composer.RemoveAttachment(at.ID)
	m.relayout()
	return nil
}

// sendWithAttachments uploads the composer's attachments one after the
// other, then sends text with their media_refs. The text stays in the
// composer until then, so a failure loses nothing. Offline, the message
// waits for the connection (resumeSend).
func (m *Model) sendWithAttachments(text string) tea.Cmd {
	ps := m.media.send
	switch {
	case ps != nil && ps.waiting && ps.lane == m.lane:
		ps.text = text
		return common.ReportInfo("not connected: the message goes out once connected")
	case ps != nil:
		return common.ReportInfo("still sending the attachments of the last message")
	case m.lane.ChatID == "":
		return common.ReportError(errors.New("no channel to send to yet"))
	case m.media.client == nil:
		return common.ReportError(errors.New("this connection cannot upload media"))
	case m.mediaOff():
		return common.ReportError(fmt.Errorf("%w: remove the attachments to send the text", errNoMedia))
	}
	m.media.send = &pendingSend{lane: m.lane, text: text}
	if m.conn != common.ConnOnline {
		m.waitForConnection()
		return common.ReportInfo("not connected: the message goes out once connected")
	}
	return m.startUploads()
}

// waitForConnection parks the pending message until the connection is up.
func (m *Model) waitForConnection() {
	m.media.send.waiting = true
	for _, at := range m.composer.Attachments() {
		if at.State != composer.AttachUploaded {
			m.composer.UpdateAttachment(at.ID, func(a *composer.Attachment) { a.State, a.Err = composer.AttachWaiting, "" })
		}
	}
	m.invalidate()
}

// resumeSend starts the uploads of a message that waited for the
// connection (handleConn calls it when the connection comes up).
func (m *Model) resumeSend() tea.Cmd {
	if ps := m.media.send; ps == nil || !ps.waiting {
		return nil
	}
	m.media.send.waiting = false
	return m.startUploads()
}

// startUploads queues the pending message's uploads; chips uploaded for an
// earlier try keep their media_ref.
func (m *Model) startUploads() tea.Cmd {
	if m.mediaOff() { // the gateway came back without media
		m.abortSend()
		return common.ReportError(fmt.Errorf("%w: remove the attachments to send the text", errNoMedia))
	}
	var cmds []tea.Cmd
	for _, at := range m.composer.Attachments() {
		if at.State == composer.AttachUploaded {
			continue
		}
		m.composer.UpdateAttachment(at.ID, func(a *composer.Attachment) {
			a.State, a.Err, a.Done, a.Total = composer.AttachQueued, "", 0, a.Upload.Size
		})
		cmds = append(cmds, m.enqueue(m.uploadTransfer(at)))
	}
	return tea.Batch(append(cmds, m.finishSend())...)
}

// uploadTransfer is the transfer that uploads one attachment.
func (m *Model) uploadTransfer(at composer.Attachment) *transfer {
	client, up, id := m.media.client, at.Upload, at.ID
	return &transfer{label: media.DisplayName(up.Filename), attachID: id, total: up.Size,
		run: func(ctx context.Context, progress func(done, total int64)) tea.Msg {
			r, err := up.Open()
			if err != nil {
				return uploadedMsg{attachID: id, err: err}
			}
			defer r.Close()
			ref, err := client.Upload(ctx, up.Spec(), r, progress)
			return uploadedMsg{attachID: id, ref: ref, err: err}
		}}
}

func (m *Model) handleUploaded(msg uploadedMsg) tea.Cmd {
	if errors.Is(msg.err, wsclient.ErrOffline) && m.conn != common.ConnOnline && m.media.send != nil {
		m.dropQueuedUploads() // the connection went down before this upload began
		m.waitForConnection()
		return nil
	}
	if msg.err != nil {
		m.composer.UpdateAttachment(msg.attachID, func(a *composer.Attachment) {
			a.State, a.Err = composer.AttachFailed, uploadError(msg.err)
		})
		m.abortSend()
		return common.ReportError(fmt.Errorf("attachment not sent: %s", transferError(msg.err)))
	}
	m.composer.UpdateAttachment(msg.attachID, func(a *composer.Attachment) {
		a.State, a.Ref, a.Done = composer.AttachUploaded, msg.ref, a.Total
	})
	return m.finishSend()
}

// finishSend sends the pending message once every attachment is uploaded.
func (m *Model) finishSend() tea.Cmd {
	ps := m.media.send
	if ps == nil {
		return nil
	}
	ats := m.composer.Attachments()
	refs := make([]string, 0, len(ats))
	for _, at := range ats {
		if at.State != composer.AttachUploaded {
			return nil
		}
		refs = append(refs, at.Ref)
	}
	m.media.send = nil
	m.composer.ClearAttachments()
	if m.composer.Value() == ps.text {
		m.composer.Reset()
	}
	m.relayout()
	m.nextID++
	id := m.idPrefix + strconv.Itoa(m.nextID)
	if m.st.AddOutgoing(ps.lane, ps.text, id, "", refs) == nil {
		return common.ReportError(errors.New("this channel no longer exists"))
	}
	if ps.lane == m.lane {
		m.transcript.ToBottom()
	}
	return m.applyChange(store.Change{Lanes: []frame.Lane{ps.lane}, Outgoing: true}, nil)
}

// abortSend gives up the pending message after a failed or cancelled
// upload, or a cancelled wait for the connection: the uploads still queued
// are dropped, their chips are ready to try again and the text stays in
// the composer.
func (m *Model) abortSend() {
	m.media.send = nil
	m.dropQueuedUploads()
	for _, at := range m.composer.Attachments() {
		if at.State == composer.AttachQueued || at.State == composer.AttachWaiting {
			m.composer.UpdateAttachment(at.ID, func(a *composer.Attachment) { a.State = composer.AttachReady })
		}
	}
	m.invalidate()
}

// dropQueuedUploads removes the uploads not yet running from the queue.
func (m *Model) dropQueuedUploads() {
	q := &m.media.transfers
	keep := q.list[:0]
	for _, t := range q.list {
		if t.attachID == 0 || t.running {
			keep = append(keep, t)
		}
	}
	q.list = keep
	m.syncTransfers()
}

// uploadError is the chip's text for a failed upload, with a hint when
// sending again may succeed.
func uploadError(err error) string {
	var fe *frame.Error
	if errors.Is(err, context.Canceled) || errors.As(err, &fe) && fe.Code == frame.CodeMediaTooLarge {
		return transferError(err)
	}
	return transferError(err) + " · enter retries"
}

// transferError says why a transfer failed; the gateway's media_too_large
// message carries its limit.
func transferError(err error) string {
	var fe *frame.Error
	switch {
	case errors.As(err, &fe) && fe.Code == frame.CodeMediaTooLarge:
		msg := "too large for the gateway"
		if fe.Message != "" {
			msg += " (" + readableBytes(fe.Message) + ")"
		}
		return msg
	case errors.Is(err, context.Canceled):
		return "cancelled"
	case errors.Is(err, wsclient.ErrOffline):
		return "not connected"
	case errors.Is(err, wsclient.ErrConnectionLost):
		return "connection lost"
	}
	return err.Error()
}

// byteCount is a size the gateway's message states in bytes.
var byteCount = regexp.MustCompile(`\b(\d+) bytes\b`)

// readableBytes rewrites each "N bytes" in msg as media.SizeLabel does
// ("20 MiB"). Only that number changes; the text stays untrusted and is
// sanitised where it is shown.
func readableBytes(msg string) string {
	return byteCount.ReplaceAllStringFunc(msg, func(m string) string {
		n, err := strconv.ParseInt(byteCount.FindStringSubmatch(m)[1], 10, 64)
		if label := media.SizeLabel(n); err == nil && label != "" {
			return label
		}
		return m
	})
}
