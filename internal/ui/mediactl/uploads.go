package mediactl

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/ui/common"
)

// Attach asks the controller to attach the file at Path to the draft (the
// file picker's choice, or /attach PATH); an empty Path opens the file
// picker.
type Attach struct{ Path string }

// Send asks the controller to send Text with the draft's attachments:
// they are uploaded first, and Text stays in the composer until then.
type Send struct{ Text string }

// Resume says the connection came up: a message that waited for it starts
// its uploads.
type Resume struct{}

func (Attach) isMediaMsg() {}
func (Send) isMediaMsg()   {}
func (Resume) isMediaMsg() {}

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

// openFilePicker shows the file picker overlay.
func (c *call) openFilePicker() tea.Cmd {
	if c.f.MediaOff {
		return common.ReportError(ErrNoMedia)
	}
	if c.f.FilePickerOpen {
		return nil
	}
	if off := c.opts.AttachOff; off != "" {
		return common.ReportError(errors.New(off))
	}
	c.do(common.ActionOpenFilePicker{Dir: c.opts.PickerDir, Root: c.opts.AttachRoot})
	return nil
}

// attach describes the file at path and attaches it; "" opens the picker.
func (c *call) attach(path string) tea.Cmd {
	if path == "" {
		return c.openFilePicker()
	}
	return c.attachCmd(path)
}

// attachCmd describes the file at path, within the attach limits
// (attachPath).
func (m *Model) attachCmd(path string) tea.Cmd {
	return func() tea.Msg {
		path, err := m.attachPath(path)
		if err != nil {
			return attachedMsg{err: err}
		}
		up, err := media.DescribeUpload(path)
		return attachedMsg{up: up, err: err}
	}
}

func (c *call) handleAttached(msg attachedMsg) tea.Cmd {
	if msg.err != nil {
		return common.ReportError(fmt.Errorf("attach: %w", msg.err))
	}
	c.do(common.ActionAddAttachment{Upload: msg.up})
	return common.ReportInfo("attached " + media.DisplayName(msg.up.Filename))
}

// detach removes the selected attachment, cancels its upload, or stops a
// message waiting for the connection (the draft and its chips stay).
func (c *call) detach() tea.Cmd {
	at, ok := c.attachment(c.f.SelectedAttachment)
	if !ok {
		return nil
	}
	if cmd, ok := c.cancelTransfer(func(t *transfer) bool { return t.attachID == at.ID }); ok {
		return cmd
	}
	if at.State == common.AttachWaiting {
		c.abortSend()
		return common.ReportInfo("not sending: the draft and its attachments stay")
	}
	c.do(common.ActionRemoveAttachment{ID: at.ID})
	return nil
}

// sendWithAttachments uploads the composer's attachments one after the
// other, then sends text with their media_refs. The text stays in the
// composer until then, so a failure loses nothing. Offline, the message
// waits for the connection (resumeSend).
func (c *call) sendWithAttachments(text string) tea.Cmd {
	ps := c.send
	switch {
	case ps != nil && ps.waiting && ps.lane == c.f.Lane:
		ps.text = text
		return common.ReportInfo("not connected: the message goes out once connected")
	case ps != nil:
		return common.ReportInfo("still sending the attachments of the last message")
	case c.f.Lane.ChatID == "":
		return common.ReportError(errors.New("no channel to send to yet"))
	case c.client == nil:
		return common.ReportError(errors.New("this connection cannot upload media"))
	case c.f.MediaOff:
		return common.ReportError(fmt.Errorf("%w: remove the attachments to send the text", ErrNoMedia))
	}
	c.send = &pendingSend{lane: c.f.Lane, text: text}
	if !c.f.Online {
		c.waitForConnection()
		return common.ReportInfo("not connected: the message goes out once connected")
	}
	return c.startUploads()
}

// waitForConnection parks the pending message until the connection is up.
func (c *call) waitForConnection() {
	c.send.waiting = true
	for _, at := range c.f.Attachments {
		if at.State != common.AttachUploaded {
			c.updateAttachment(at.ID, func(a *common.Attachment) { a.State, a.Err = common.AttachWaiting, "" })
		}
	}
}

// resumeSend starts the uploads of a message that waited for the
// connection (Resume, when the connection comes up).
func (c *call) resumeSend() tea.Cmd {
	if ps := c.send; ps == nil || !ps.waiting {
		return nil
	}
	c.send.waiting = false
	return c.startUploads()
}

// startUploads queues the pending message's uploads; chips uploaded for an
// earlier try keep their media_ref.
func (c *call) startUploads() tea.Cmd {
	if c.f.MediaOff { // the gateway came back without media
		c.abortSend()
		return common.ReportError(fmt.Errorf("%w: remove the attachments to send the text", ErrNoMedia))
	}
	var cmds []tea.Cmd
	for _, at := range c.f.Attachments {
		if at.State == common.AttachUploaded {
			continue
		}
		c.updateAttachment(at.ID, func(a *common.Attachment) {
			a.State, a.Err, a.Done, a.Total = common.AttachQueued, "", 0, a.Upload.Size
		})
		cmds = append(cmds, c.enqueue(c.uploadTransfer(at)))
	}
	return tea.Batch(append(cmds, c.finishSend())...)
}

// uploadTransfer is the transfer that uploads one attachment.
func (m *Model) uploadTransfer(at common.Attachment) *transfer {
	client, up, id := m.client, at.Upload, at.ID
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

func (c *call) handleUploaded(msg uploadedMsg) tea.Cmd {
	if session.NotSent(msg.err) && !c.f.Online && c.send != nil {
		c.dropQueuedUploads() // the connection went down before this upload began
		c.waitForConnection()
		return nil
	}
	if msg.err != nil {
		c.updateAttachment(msg.attachID, func(a *common.Attachment) {
			a.State, a.Err = common.AttachFailed, uploadError(msg.err, c.com.KeyMap.Composer.Send.Help().Key)
		})
		c.abortSend()
		return common.ReportError(fmt.Errorf("attachment not sent: %s", transferError(msg.err)))
	}
	c.updateAttachment(msg.attachID, func(a *common.Attachment) {
		a.State, a.Ref, a.Done = common.AttachUploaded, msg.ref, a.Total
	})
	return c.finishSend()
}

// finishSend sends the pending message once every attachment is uploaded.
func (c *call) finishSend() tea.Cmd {
	ps := c.send
	if ps == nil {
		return nil
	}
	refs := make([]string, 0, len(c.f.Attachments))
	for _, at := range c.f.Attachments {
		if at.State != common.AttachUploaded {
			return nil
		}
		refs = append(refs, at.Ref)
	}
	c.send = nil
	c.f.Attachments = nil
	c.do(common.ActionSendUploaded{Lane: ps.lane, Text: ps.text, Refs: refs})
	return nil
}

// abortSend gives up the pending message after a failed or cancelled
// upload, or a cancelled wait for the connection: the uploads still queued
// are dropped, their chips are ready to try again and the text stays in
// the composer.
func (c *call) abortSend() {
	c.send = nil
	c.dropQueuedUploads()
	for _, at := range c.f.Attachments {
		if at.State == common.AttachQueued || at.State == common.AttachWaiting {
			c.updateAttachment(at.ID, func(a *common.Attachment) { a.State = common.AttachReady })
		}
	}
}

// dropQueuedUploads removes the uploads not yet running from the queue.
func (m *Model) dropQueuedUploads() {
	q := &m.transfers
	keep := q.list[:0]
	for _, t := range q.list {
		if t.attachID == 0 || t.running {
			keep = append(keep, t)
		}
	}
	q.list = keep
}

// uploadError is the chip's text for a failed upload, with a hint when
// sending again (the send key) may succeed.
func uploadError(err error, sendKey string) string {
	var fe *frame.Error
	if errors.Is(err, context.Canceled) || errors.As(err, &fe) && fe.Code == frame.CodeMediaTooLarge {
		return transferError(err)
	}
	return transferError(err) + " · " + sendKey + " retries"
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
	case session.NotSent(err):
		return "not connected"
	case session.ConnectionLost(err):
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
