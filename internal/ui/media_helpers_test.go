package ui

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/mediactl"
	"github.com/hermes/iris/wsclient"
)

// fakeMedia is an in-memory MediaClient. With hold set, each transfer
// reports its first bytes and then waits for release (or cancellation).
type fakeMedia struct {
	mu        sync.Mutex
	uploads   []wsclient.UploadSpec
	uploadErr error
	content   map[string][]byte // what Pull returns, by media_id
	pulls     []string
	hold      chan struct{} // nil: transfers run through
}

func (f *fakeMedia) Upload(ctx context.Context, spec wsclient.UploadSpec, r io.Reader, progress func(done, total int64)) (string, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return "", err
	}
	f.mu.Lock()
	f.uploads = append(f.uploads, spec)
	n, uerr, hold := len(f.uploads), f.uploadErr, f.hold
	f.mu.Unlock()
	if err := f.wait(ctx, hold, int64(len(data)), spec.Size, progress); err != nil {
		return "", err
	}
	if uerr != nil {
		return "", uerr
	}
	return "mu_" + strconv.Itoa(n), nil
}

func (f *fakeMedia) Pull(ctx context.Context, m frame.Media, w io.Writer, progress func(done, total int64)) error {
	f.mu.Lock()
	f.pulls = append(f.pulls, m.MediaID)
	data, ok, hold := f.content[m.MediaID], f.content[m.MediaID] != nil, f.hold
	f.mu.Unlock()
	if !ok {
		return &frame.Error{Code: frame.CodeNotFound, Message: "unknown media_id"}
	}
	if err := f.wait(ctx, hold, int64(len(data)/2), int64(len(data)), progress); err != nil {
		return err
	}
	_, err := w.Write(data)
	progress(int64(len(data)), int64(len(data)))
	return err
}

// wait reports done bytes, then holds until released when hold is set.
func (f *fakeMedia) wait(ctx context.Context, hold chan struct{}, done, total int64, progress func(done, total int64)) error {
	progress(done, total)
	if hold == nil {
		return nil
	}
	select {
	case <-hold:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (f *fakeMedia) counts() (uploads []wsclient.UploadSpec, pulls []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]wsclient.UploadSpec(nil), f.uploads...), append([]string(nil), f.pulls...)
}

// mediaEnv is a harness with a fake media client, private cache and
// download directories and a recording opener.
type mediaEnv struct {
	*harness
	fm        *fakeMedia
	downloads string
	cacheDir  string
	pickerDir string
	openedMu  sync.Mutex
	opened    []string
}

func newMediaEnv(t *testing.T, w, h int, edits ...func(*MediaOptions)) *mediaEnv {
	t.Helper()
	tmp := t.TempDir()
	e := &mediaEnv{fm: &fakeMedia{content: map[string][]byte{}}, downloads: filepath.Join(tmp, "Downloads"),
		cacheDir: filepath.Join(tmp, "cache"), pickerDir: tmp}
	e.harness = newHarness(t, w, h, func(o *Options) {
		o.Media = MediaOptions{Client: e.fm, CacheDir: e.cacheDir, CacheMax: 1 << 20, DownloadDir: e.downloads,
			Getenv: func(string) string { return "" }, PickerDir: tmp,
			Open: func(path string) error {
				e.openedMu.Lock()
				defer e.openedMu.Unlock()
				e.opened = append(e.opened, path)
				return nil
			}}
		for _, edit := range edits {
			edit(&o.Media)
		}
	})
	e.online()
	return e
}

// withProtocol forces the image protocol of previews.
func withProtocol(p string) func(*MediaOptions) {
	return func(o *MediaOptions) { o.Protocol = p }
}

// drawITerm2 fires the iTerm2 redraw tick and returns what it printed.
func (e *mediaEnv) drawITerm2() string {
	_, cmd := e.m.Update(mediactl.ITerm2Draw{})
	return rawOfCmd(cmd)
}

// kittyImage is the image id (i=) of the last kitty transmission in raws.
func (e *mediaEnv) kittyImage() uint32 {
	raw := strings.Join(e.raws, "")
	i := strings.LastIndex(raw, "\x1b_Ga=T")
	_, rest, _ := strings.Cut(raw[max(i, 0):], ",i=")
	n, _, _ := strings.Cut(rest, ",")
	id, err := strconv.ParseUint(n, 10, 32)
	if i < 0 || err != nil {
		e.t.Fatalf("no kitty image id in %.80q", raw)
	}
	return uint32(id)
}

func (e *mediaEnv) openedPaths() []string {
	e.openedMu.Lock()
	defer e.openedMu.Unlock()
	return append([]string(nil), e.opened...)
}

// writeFile creates a file for attaching and returns its path.
func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// testPNG is a small gradient image.
func testPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.NRGBA{R: uint8(255 * x / w), G: uint8(255 * y / h), B: 128, A: 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// attach types "/attach path" and Enter.
func (e *mediaEnv) attach(path string) {
	e.t.Helper()
	e.typeText("/attach " + path)
	e.key(tea.KeyEnter, 0)
}

// alt presses alt+r.
func (e *mediaEnv) alt(r rune) { e.t.Helper(); e.key(r, tea.ModAlt) }

// press types one plain key (transcript keys).
func (e *mediaEnv) press(r rune) { e.t.Helper(); e.send(tea.KeyPressMsg{Code: r, Text: string(r)}) }

// focusTranscript moves focus from the composer to the transcript.
func (e *mediaEnv) focusTranscript() {
	e.t.Helper()
	e.key(tea.KeyTab, 0)
	if e.m.Focus() != "transcript" {
		e.t.Fatalf("focus is %s", e.m.Focus())
	}
}

// offer puts an assistant message with media in the lane, its content in
// the fake.
func (e *mediaEnv) offer(id string, m frame.Media, data []byte) {
	e.t.Helper()
	e.fm.mu.Lock()
	e.fm.content[m.MediaID] = data
	e.fm.mu.Unlock()
	e.frame(on(frame.TypeMessage, &frame.Message{MessageID: id, Role: frame.RoleAssistant, Text: "Here you go.",
		TS: ms(5, 0), Media: []frame.Media{m}}))
}

// pump runs a model like a tea.Program: commands run in goroutines and
// their messages come back to Update on the test goroutine, so a
// transfer can stay open while the test presses keys.
type pump struct {
	h    *harness
	msgs chan tea.Msg
}

func newPump(h *harness) *pump { return &pump{h: h, msgs: make(chan tea.Msg, 64)} }

func (p *pump) send(msg tea.Msg) {
	_, cmd := p.h.m.Update(msg)
	p.spawn(cmd)
}

func (p *pump) spawn(cmd tea.Cmd) {
	if cmd != nil {
		go func() { p.msgs <- cmd() }()
	}
}

func (p *pump) key(r rune, mod tea.KeyMod) {
	text := ""
	if mod == 0 {
		text = string(r)
	}
	p.send(tea.KeyPressMsg{Code: r, Mod: mod, Text: text})
}

// until feeds messages back until cond holds, failing after a deadline.
func (p *pump) until(what string, cond func() bool) {
	p.h.t.Helper()
	deadline := time.After(10 * time.Second)
	for !cond() {
		select {
		case msg := <-p.msgs:
			if b, ok := msg.(tea.BatchMsg); ok {
				for _, c := range b {
					p.spawn(c)
				}
			} else if msg != nil {
				p.send(msg)
			}
		case <-deadline:
			p.h.t.Fatalf("timed out waiting for %s; screen:\n%s", what, p.h.plain())
		}
	}
}
