package ui

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/media/preview"
	"github.com/hermes/iris/internal/ui/mediactl"
	"github.com/hermes/iris/wsclient"
)

// wideImage is a 1200×240 picture: wider than any transcript in cells, so
// every width renders it differently.
var wideImage = frame.Media{MediaID: "md_1", Kind: "image", Mime: "image/png", Filename: "wide.png"}

// showPreview offers img in message id and previews it.
func (e *mediaEnv) showPreview(id string, x frame.Media) {
	e.t.Helper()
	e.offer(id, x, testPNG(e.t, 1200, 240))
	if e.m.Focus() != "transcript" {
		e.focusTranscript()
	}
	e.press(']')
	e.press('p')
	if !e.m.transcript.HasPreview(x.MediaID) {
		e.t.Fatalf("no preview of %s:\n%s", x.MediaID, e.plain())
	}
}

// halfBlockBox is the size of the half-block preview on screen: the widest
// run of half blocks on a line and the number of lines holding them.
func halfBlockBox(screen string) (cols, rows int) {
	for _, l := range strings.Split(screen, "\n") {
		if n := strings.Count(l, "▀"); n > 0 {
			cols, rows = max(cols, n), rows+1
		}
	}
	return cols, rows
}

func TestPreviewFollowsTranscriptWidth(t *testing.T) {
	e := newMediaEnv(t, 80, 40)
	e.showPreview("a1", wideImage)
	cols, rows := halfBlockBox(e.plain())
	if cols != e.m.transcript.PreviewWidth() {
		t.Fatalf("preview %d cells wide in a %d-cell transcript", cols, e.m.transcript.PreviewWidth())
	}
	// The cache is gone: the resizes below must render from the decoded
	// image the preview kept, neither pulling nor reading the file again.
	if err := os.RemoveAll(e.cacheDir); err != nil {
		t.Fatal(err)
	}

	e.send(tea.WindowSizeMsg{Width: 50, Height: 40})
	nc, nr := halfBlockBox(e.plain())
	if nc != e.m.transcript.PreviewWidth() || nr >= rows {
		t.Fatalf("narrowed to %d cells: preview %d×%d, was %d×%d (clipped, not re-rendered)", e.m.transcript.PreviewWidth(), nc, nr, cols, rows)
	}
	e.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	wc, wr := halfBlockBox(e.plain())
	if wc != e.m.transcript.PreviewWidth() || wc <= cols || wr <= rows {
		t.Fatalf("widened to %d cells: preview %d×%d, was %d×%d", e.m.transcript.PreviewWidth(), wc, wr, cols, rows)
	}
	e.send(tea.WindowSizeMsg{Width: 80, Height: 40})
	if bc, br := halfBlockBox(e.plain()); bc != cols || br != rows {
		t.Fatalf("back at 80 columns: %d×%d, want %d×%d", bc, br, cols, rows)
	}
	if _, pulls := e.fm.counts(); len(pulls) != 1 {
		t.Fatalf("pulled %d times", len(pulls))
	}
}

// kittyCols is the c= of the last kitty transmission in raw.
func kittyCols(raw string) string {
	i := strings.LastIndex(raw, "\x1b_Ga=T")
	if i < 0 {
		return ""
	}
	_, rest, _ := strings.Cut(raw[i:], ",c=")
	n, _, _ := strings.Cut(rest, ",")
	return n
}

func TestPreviewKittyResentOnResize(t *testing.T) {
	e := newMediaEnv(t, 80, 40, withProtocol("kitty"))
	e.showPreview("a1", wideImage)
	id := e.kittyImage()
	if got := kittyCols(strings.Join(e.raws, "")); got != strconv.Itoa(e.m.transcript.PreviewWidth()) {
		t.Fatalf("first transmission c=%q, transcript is %d wide", got, e.m.transcript.PreviewWidth())
	}

	e.raws = nil
	e.send(tea.WindowSizeMsg{Width: 50, Height: 40})
	raw := strings.Join(e.raws, "")
	del := strings.Index(raw, preview.KittyDelete(id))
	if del < 0 || del > strings.Index(raw, "\x1b_Ga=T") || kittyCols(raw) != strconv.Itoa(e.m.transcript.PreviewWidth()) {
		t.Fatalf("after narrowing to %d, raw output %.80q… (c=%s)", e.m.transcript.PreviewWidth(), raw, kittyCols(raw))
	}
	if n := strings.Count(strings.Split(ansi.Strip(e.view()), "\n")[firstPlaceholderRow(e.view())], "\U0010EEEE"); n != e.m.transcript.PreviewWidth() {
		t.Fatalf("%d placeholder cells on a row, want %d", n, e.m.transcript.PreviewWidth())
	}

	e.raws = nil
	e.send(tea.WindowSizeMsg{Width: 80, Height: 40}) // the cached render, sent again
	if got := kittyCols(strings.Join(e.raws, "")); got != strconv.Itoa(e.m.transcript.PreviewWidth()) {
		t.Fatalf("back at 80 columns: c=%q", got)
	}
}

// firstPlaceholderRow is the first screen row holding kitty placeholders.
func firstPlaceholderRow(view string) int {
	for i, l := range strings.Split(ansi.Strip(view), "\n") {
		if strings.Contains(l, "\U0010EEEE") {
			return i
		}
	}
	return 0
}

func TestKittyImageFreedWhenItsMessageGoes(t *testing.T) {
	e := newMediaEnv(t, 80, 40, withProtocol("kitty"))
	e.showPreview("a1", wideImage)
	first := e.kittyImage()

	e.raws = nil
	e.frame(on(frame.TypeMessageDeleted, &frame.MessageDeleted{MessageIDs: []string{"a1"}}))
	if raw := strings.Join(e.raws, ""); !strings.Contains(raw, preview.KittyDelete(first)) {
		t.Fatalf("message.deleted freed nothing: %q", raw)
	}
	if e.m.transcript.HasPreview("md_1") || strings.Contains(e.view(), "\U0010EEEE") {
		t.Fatal("the deleted message's preview is still tracked or shown")
	}

	second := frame.Media{MediaID: "md_2", Kind: "image", Mime: "image/png", Filename: "two.png"}
	e.showPreview("a2", second)
	id := e.kittyImage()
	// The default channel cannot be deleted: another one becomes it first.
	e.frame(frame.Frame{Type: frame.TypeChannelCreated, Payload: &frame.Channel{ChatID: "iris:other", Name: "Other", IsDefault: frame.Ptr(true)}})
	e.raws = nil
	e.frame(frame.Frame{Type: frame.TypeChannelDeleted, Payload: &frame.Channel{ChatID: chat, Name: "Default"}})
	if raw := strings.Join(e.raws, ""); !strings.Contains(raw, preview.KittyDelete(id)) {
		t.Fatalf("channel.deleted freed nothing: %q", raw)
	}
	if e.m.transcript.HasPreview("md_2") {
		t.Fatal("the deleted channel's preview is still tracked")
	}
}

func TestOfflineSendWaitsForConnection(t *testing.T) {
	e := newMediaEnv(t, 120, 30)
	e.send(inbound(&wsclient.StateEvent{State: wsclient.StateReconnecting, Attempt: 1, RetryAt: fixedNow.Add(time.Second)}))
	e.attach(writeFile(t, "a.bin", make([]byte, 10)))
	e.attach(writeFile(t, "b.bin", make([]byte, 20)))
	e.typeText("when you can")
	e.key(tea.KeyEnter, 0)
	e.mustShow("a.bin · 10 B · waiting for connection", "b.bin · 20 B · waiting for connection")
	e.mustNotShow("not connected ·")
	ups, _ := e.fm.counts()
	if len(ups) != 0 || len(sentMessages(e.harness)) != 0 || e.m.Composer() != "when you can" {
		t.Fatalf("offline: %d uploads, %d sent, draft %q", len(ups), len(sentMessages(e.harness)), e.m.Composer())
	}

	e.alt('x') // stops the wait; chips and text stay
	e.mustNotShow("waiting for connection")
	e.mustShow("a.bin · 10 B", "b.bin · 20 B")
	e.send(inbound(&wsclient.StateEvent{State: wsclient.StateOnline}))
	if ups, _ := e.fm.counts(); len(ups) != 0 || len(sentMessages(e.harness)) != 0 {
		t.Fatal("a cancelled wait still sent")
	}

	e.send(inbound(&wsclient.StateEvent{State: wsclient.StateStopped}))
	e.key(tea.KeyEnter, 0)
	e.mustShow("b.bin · 20 B · waiting for connection")
	e.send(inbound(&wsclient.StateEvent{State: wsclient.StateOnline}))
	sends := sentMessages(e.harness)
	if len(sends) != 1 || sends[0].Text != "when you can" || strings.Join(sends[0].MediaRefs, ",") != "mu_1,mu_2" {
		t.Fatalf("once online, message.send = %+v", sends)
	}
	if e.m.Composer() != "" || len(e.m.composer.Attachments()) != 0 {
		t.Fatalf("composer after sending: %q, %d chips", e.m.Composer(), len(e.m.composer.Attachments()))
	}
}

// An upload that finds the connection gone (wsclient.ErrOffline) waits for
// it like a message sent offline, instead of failing.
func TestUploadGoneOfflineWaits(t *testing.T) {
	e := newMediaEnv(t, 120, 30)
	e.fm.hold = make(chan struct{})
	e.fm.uploadErr = wsclient.ErrOffline
	e.attach(writeFile(t, "a.bin", make([]byte, 10)))
	e.attach(writeFile(t, "b.bin", make([]byte, 10)))
	p := newPump(e.harness)
	p.send(tea.KeyPressMsg{Code: 'x', Text: "x"})
	p.send(tea.KeyPressMsg{Code: tea.KeyEnter})
	p.until("a.bin uploading", func() bool { return strings.Contains(e.plain(), "a.bin · 10 B ▕") })
	p.send(inbound(&wsclient.StateEvent{State: wsclient.StateReconnecting, Attempt: 1, RetryAt: fixedNow.Add(time.Second)}))
	e.fm.mu.Lock()
	close(e.fm.hold)
	e.fm.mu.Unlock()
	p.until("both chips waiting", func() bool {
		return strings.Count(e.plain(), "waiting for connection") == 2
	})
	if n := len(e.m.status.Transfers()); n != 0 {
		t.Fatalf("%d transfers still queued", n)
	}
	e.fm.mu.Lock()
	e.fm.uploadErr = nil
	e.fm.mu.Unlock()
	p.send(inbound(&wsclient.StateEvent{State: wsclient.StateOnline}))
	p.until("the message sent", func() bool { return len(sentMessages(e.harness)) == 1 })
	if at := e.m.composer.Attachments(); len(at) != 0 {
		t.Fatalf("chips left: %+v", at)
	}
	if s := sentMessages(e.harness)[0]; s.Text != "x" || len(s.MediaRefs) != 2 {
		t.Fatalf("sent %+v", s)
	}
}

func TestITerm2RedrawnAfterDialogClosesAndResize(t *testing.T) {
	e := newMediaEnv(t, 80, 30, withProtocol("iterm2"))
	var repaints []tea.Msg
	e.m.scr.tick = func(d time.Duration, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(mediactl.ITerm2Repaint); ok {
			repaints = append(repaints, msg)
			return nil
		}
		return testTick(d, msg)
	}
	e.showPreview("a1", wideImage)
	e.view()
	if raw := e.drawITerm2(); !strings.Contains(raw, "1337;File=") {
		t.Fatalf("not drawn: %q", raw)
	}
	repaint := func(what string) {
		t.Helper()
		if len(repaints) != 1 {
			t.Fatalf("%s: %d repaints scheduled, want 1", what, len(repaints))
		}
		e.view()
		_, cmd := e.m.Update(repaints[0])
		if raw := rawOfCmd(cmd); !strings.Contains(raw, "1337;File=") {
			t.Fatalf("%s: the image was not drawn again: %q", what, raw)
		}
		repaints = nil
	}

	e.press(']') // repaints nothing that moved: no redraw
	if len(repaints) != 0 {
		t.Fatalf("a key that changed no layout scheduled %d repaints", len(repaints))
	}
	e.alt('a')
	if e.m.DialogOpen() != "filepicker" {
		t.Fatalf("alt+a opened %q", e.m.DialogOpen())
	}
	e.key(tea.KeyEscape, 0)
	repaint("after the file picker closed")

	row, _ := e.m.transcript.PreviewRow("md_1")
	e.send(tea.WindowSizeMsg{Width: 80, Height: 32})
	e.view()
	if r, _ := e.m.transcript.PreviewRow("md_1"); r != row+2 {
		t.Fatalf("two more rows moved the image %d → %d; the short lane sits at the bottom, so it moves down 2", row, r)
	}
	repaint("after a resize that moved the row")
}
