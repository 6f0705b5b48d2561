package mediactl

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/media/preview"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/wsclient"
)

var lane = frame.Lane{ChatID: "c1"}

// fakeClient uploads by reading everything; the ref names the file.
type fakeClient struct{}

func (fakeClient) Upload(_ context.Context, spec wsclient.UploadSpec, r io.Reader, progress func(done, total int64)) (string, error) {
	b, err := io.ReadAll(r)
	progress(int64(len(b)), int64(len(b)))
	return "ref-" + spec.Filename, err
}

func (fakeClient) Pull(context.Context, frame.Media, io.Writer, func(done, total int64)) error {
	return nil
}

// root stands in for the UI's root model: it keeps the facts, carries out
// the actions that change them and feeds the commands' messages back.
type root struct {
	t     *testing.T
	m     *Model
	f     Facts
	acts  []common.Action
	ticks []tea.Msg
	infos []common.InfoMsg // the status lines the commands asked for
}

func newRoot(t *testing.T, o Options) *root {
	r := &root{t: t, f: Facts{Lane: lane, Online: true, Screen: Screen{Cols: 40, Rows: 20}}}
	o.Client, o.CacheDir, o.Getenv = fakeClient{}, t.TempDir(), func(string) string { return "" }
	r.m = New(common.NewForTest(time.Unix(0, 0)), o, nil)
	r.f.Tick = func(_ time.Duration, msg tea.Msg) tea.Cmd { r.ticks = append(r.ticks, msg); return nil }
	r.f.PreviewRow = func(string) (int, bool) { return 3, true }
	return r
}

func (r *root) update(msg tea.Msg) {
	r.t.Helper()
	act, cmd := r.m.Update(msg, r.f)
	r.apply(act)
	r.run(cmd)
}

func (r *root) apply(a common.Action) {
	switch a := a.(type) {
	case nil:
		return
	case common.ActionBatch:
		for _, x := range a {
			r.apply(x)
		}
		return
	case common.ActionAddAttachment:
		r.f.Attachments = append(r.f.Attachments, common.Attachment{ID: len(r.f.Attachments) + 1, Upload: a.Upload})
	case common.ActionSetAttachment:
		for i := range r.f.Attachments {
			if r.f.Attachments[i].ID == a.Attachment.ID {
				r.f.Attachments[i] = a.Attachment
			}
		}
	case common.ActionSendUploaded:
		r.f.Attachments = nil
	}
	r.acts = append(r.acts, a)
}

// run runs cmd and hands the controller's messages back to it.
func (r *root) run(cmd tea.Cmd) {
	r.t.Helper()
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			r.run(c)
		}
	case Msg:
		r.update(msg)
	case common.InfoMsg:
		r.infos = append(r.infos, msg)
	}
}

func (r *root) attach(name, data string) {
	r.t.Helper()
	path := filepath.Join(r.t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		r.t.Fatal(err)
	}
	r.update(Attach{Path: path})
}

// The controller never touches the composer: the chips' states reach the
// root as actions, and the message goes out through the root once every
// upload is done.
func TestSendUploadsThenAsksTheRootToSend(t *testing.T) {
	r := newRoot(t, Options{})
	r.attach("a.txt", "aaa")
	r.attach("b.txt", "bb")
	r.acts = nil
	r.update(Send{Text: "two files"})

	var states []common.AttachState
	var sent []common.ActionSendUploaded
	for _, a := range r.acts {
		switch a := a.(type) {
		case common.ActionSetAttachment:
			if a.Attachment.ID == 1 {
				states = append(states, a.Attachment.State)
			}
		case common.ActionSendUploaded:
			sent = append(sent, a)
		}
	}
	want := []common.AttachState{common.AttachQueued, common.AttachUploading, common.AttachUploaded}
	if !slices.Equal(slices.Compact(states), want) { // progress may come once or twice
		t.Errorf("first chip went through %v, want %v", states, want)
	}
	if len(sent) != 1 || sent[0].Lane != lane || sent[0].Text != "two files" ||
		!slices.Equal(sent[0].Refs, []string{"ref-a.txt", "ref-b.txt"}) {
		t.Fatalf("asked to send %+v", sent)
	}
	if q := r.m.Transfers(); len(q) != 0 {
		t.Fatalf("transfers left: %+v", q)
	}
}

// Offline, the chips wait; Resume starts their uploads.
func TestOfflineSendWaitsForResume(t *testing.T) {
	r := newRoot(t, Options{})
	r.attach("a.txt", "aaa")
	r.f.Online = false
	r.update(Send{Text: "later"})
	if st := r.f.Attachments[0].State; st != common.AttachWaiting {
		t.Fatalf("chip state %v offline, want waiting", st)
	}
	r.f.Online = true
	r.acts = nil
	r.update(Resume{})
	if i := slices.IndexFunc(r.acts, func(a common.Action) bool { _, ok := a.(common.ActionSendUploaded); return ok }); i < 0 {
		t.Fatalf("nothing sent after Resume: %+v", r.acts)
	}
}

func TestKeysBelongToTheirPane(t *testing.T) {
	m := New(common.NewForTest(time.Unix(0, 0)), Options{}, nil)
	alt := func(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Mod: tea.ModAlt} }
	plain := func(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }
	for _, tt := range []struct {
		key  tea.KeyPressMsg
		pane Pane
		want bool
	}{
		{alt('a'), Elsewhere, true},
		{alt('a'), Transcript, true},
		{alt('x'), Composer, true},
		{alt('x'), Transcript, false},
		{plain('o'), Transcript, true},
		{plain('o'), Composer, false},
		{plain(']'), Elsewhere, false},
	} {
		if _, ok := m.Key(tt.key, tt.pane); ok != tt.want {
			t.Errorf("Key(%s, %d) = %v, want %v", tt.key, tt.pane, ok, tt.want)
		}
	}
}

// The file picker starts in the attach root, and not at all while one is
// open, while media is off or while attaching is.
func TestAttachKeyAsksForTheFilePicker(t *testing.T) {
	dir := t.TempDir()
	r := newRoot(t, Options{AttachRoot: dir})
	c, _ := r.m.Key(tea.KeyPressMsg{Code: 'a', Mod: tea.ModAlt}, Elsewhere)
	act, _ := r.m.Update(c, r.f)
	if act != (common.ActionOpenFilePicker{Dir: dir, Root: dir}) {
		t.Fatalf("got %#v", act)
	}
	for name, f := range map[string]func(*Facts){
		"picker open": func(f *Facts) { f.FilePickerOpen = true },
		"media off":   func(f *Facts) { f.MediaOff = true },
	} {
		facts := r.f
		f(&facts)
		if act, _ := r.m.Update(c, facts); act != nil {
			t.Errorf("%s: got %#v", name, act)
		}
	}
	off := newRoot(t, Options{AttachOff: "not here"})
	if act, cmd := off.m.Update(c, off.f); act != nil || cmd == nil {
		t.Errorf("attach off: got %#v and no message", act)
	}
}

// showPreview hands the controller a first render of a 64×32 image.
func (r *root) showPreview(id string, proto preview.Protocol) {
	r.t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 32))
	img.Set(0, 0, color.White)
	size := r.f.Screen.previewSize()
	p, err := preview.Render(img, proto, size.cols, size.rows, 0)
	if err != nil {
		r.t.Fatal(err)
	}
	r.update(previewMsg{mediaID: id, img: img, proto: proto, size: size, p: p})
}

// Layout re-renders previews when the transcript moved, and only then.
func TestLayoutRefitsPreviewsWhenTheTranscriptMoves(t *testing.T) {
	r := newRoot(t, Options{})
	r.m.Layout(r.f.Screen, r.f.Tick)
	r.showPreview("md_1", preview.HalfBlocks)
	if len(r.acts) != 2 || r.acts[0] != (common.ActionRevealMedia{MediaID: "md_1"}) {
		t.Fatalf("first render asked for %+v", r.acts)
	}
	first := r.acts[1].(common.ActionMediaPreview).Cells

	if act, cmd := r.m.Layout(r.f.Screen, r.f.Tick); act != nil || cmd != nil {
		t.Fatal("an unmoved transcript re-rendered the preview")
	}
	r.f.Screen.Cols = 20
	r.acts = nil
	act, cmd := r.m.Layout(r.f.Screen, r.f.Tick)
	r.apply(act)
	r.run(cmd)
	if len(r.acts) != 1 || r.acts[0].(common.ActionMediaPreview).Cells == first {
		t.Fatalf("a narrower transcript asked for %+v", r.acts)
	}
}

// An iTerm2 image is drawn again once an overlay over it closed.
func TestITerm2RepaintAfterAnOverlayCloses(t *testing.T) {
	r := newRoot(t, Options{})
	r.m.Layout(r.f.Screen, r.f.Tick)
	r.showPreview("md_1", preview.ITerm2)
	r.ticks = nil
	open := r.f.Screen
	open.Dialogs = 1
	r.m.Layout(open, r.f.Tick)
	if len(r.ticks) != 0 {
		t.Fatalf("opening a dialog scheduled %v", r.ticks)
	}
	r.m.Layout(r.f.Screen, r.f.Tick)
	if len(r.ticks) != 1 {
		t.Fatalf("closing it scheduled %v", r.ticks)
	}
	_, cmd := r.m.Update(r.ticks[0], r.f)
	if raw, ok := cmd().(tea.RawMsg); !ok || !strings.Contains(fmt.Sprint(raw.Msg), "1337;File=") {
		t.Fatalf("the repaint drew %#v", raw)
	}
}

// media_too_large names the gateway's limit readably.
func TestTransferErrorSizes(t *testing.T) {
	tests := []struct{ msg, want string }{
		{"upload larger than 20971520 bytes", "too large for the gateway (upload larger than 20 MiB)"},
		{"got 1536 bytes, limit 1024 bytes", "too large for the gateway (got 1.5 KiB, limit 1.0 KiB)"},
		{"limit 20971520", "too large for the gateway (limit 20971520)"},                         // not stated as bytes
		{"0 bytes left", "too large for the gateway (0 bytes left)"},                             // no size to show
		{"99999999999999999999 bytes", "too large for the gateway (99999999999999999999 bytes)"}, // overflows
		{"x12 bytesy", "too large for the gateway (x12 bytesy)"},
		{"", "too large for the gateway"},
	}
	for _, tt := range tests {
		err := &frame.Error{Code: frame.CodeMediaTooLarge, Message: tt.msg}
		if got := transferError(err); got != tt.want {
			t.Errorf("transferError(%q) = %q, want %q", tt.msg, got, tt.want)
		}
	}
}
