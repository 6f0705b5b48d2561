package ui

import (
	"cmp"
	"context"
	"io"
	"os"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/media"
	"github.com/hermes/iris/media/preview"
	"github.com/hermes/iris/ui/dialog"
	"github.com/hermes/iris/wsclient"
)

// MediaClient is what the UI needs for media transfers; *wsclient.Client
// satisfies it. Both methods are only ever called inside tea.Cmds (one
// transfer at a time, see transfers.go).
type MediaClient interface {
	Upload(ctx context.Context, spec wsclient.UploadSpec, r io.Reader, progress func(done, total int64)) (string, error)
	Pull(ctx context.Context, m frame.Media, w io.Writer, progress func(done, total int64)) error
}

// MediaOptions configure attachments and received media. The zero value
// uses the real directories, opener and environment.
type MediaOptions struct {
	// Client moves the bytes; nil uses Options.Gateway when it is a
	// MediaClient.
	Client MediaClient
	// CacheDir and CacheMax place and cap the media cache; defaults
	// media.DefaultCacheDir() and media.DefaultCacheMax.
	CacheDir string
	CacheMax int64
	// DownloadDir is where saved media goes; default media.DownloadDir().
	DownloadDir string
	// Open shows a file with the system's application; default runs
	// media.OpenCmd(media.DefaultOpener(), path).
	Open func(path string) error
	// Getenv is the terminal's environment for preview.Detect; default
	// os.Getenv, replaced by the tea.EnvMsg the program sends.
	Getenv func(string) string
	// Protocol forces an image protocol ("halfblocks", "kitty", "iterm2");
	// "" or "auto" detects it.
	Protocol string
	// PickerDir is where the file picker starts; default the working
	// directory, or AttachRoot when set.
	PickerDir string
	// AttachRoot, when set, confines attaching to files under it (an
	// absolute, symlink-free directory): /attach paths are relative to it,
	// the picker starts there and cannot go above it, and a file whose
	// real path is elsewhere is refused.
	AttachRoot string
	// AttachOff, when set, turns attaching files off; it is the reason
	// shown. Long pastes still become attachments.
	AttachOff string
}

// mediaRoot is the root model's media state.
type mediaRoot struct {
	opts      MediaOptions
	client    MediaClient
	cache     *lazyCache
	transfers transfers
	send      *pendingSend          // the message waiting for its uploads
	shown     map[string]*shownPrev // previews on screen, by media_id
	nextImage uint32                // kitty image ids
	drawing   bool                  // an iTerm2 redraw tick is scheduled
	// What the last Update left, for mediaAfterUpdate: the layout, the
	// dialogs and drawer on screen, and the newest iTerm2 repaint asked for.
	seenLayout   layout
	seenOverlays int
	repaintGen   int
}

// mediaMsg is every message of the media code; Update hands them to
// handleMediaMsg.
type mediaMsg interface{ isMediaMsg() }

func (transferProgressMsg) isMediaMsg() {}
func (transferDoneMsg) isMediaMsg()     {}

// newMediaRoot fills in the defaults of o.
func newMediaRoot(o MediaOptions, gw Gateway) mediaRoot {
	if o.Client == nil {
		o.Client, _ = gw.(MediaClient)
	}
	if o.CacheDir == "" {
		o.CacheDir = media.DefaultCacheDir()
	}
	if o.CacheMax <= 0 {
		o.CacheMax = media.DefaultCacheMax
	}
	if o.Open == nil {
		o.Open = func(path string) error { return media.OpenCmd(media.DefaultOpener(), path).Run() }
	}
	if o.Getenv == nil {
		o.Getenv = os.Getenv
	}
	if o.PickerDir == "" {
		o.PickerDir = cmp.Or(o.AttachRoot, ".")
	}
	return mediaRoot{opts: o, client: o.Client, cache: &lazyCache{dir: o.CacheDir, max: o.CacheMax},
		shown: map[string]*shownPrev{}}
}

// downloadDir is where saves go (media.DownloadDir reads what the xdg
// package loaded at start-up; no file is read here).
func (r *mediaRoot) downloadDir() string {
	if r.opts.DownloadDir != "" {
		return r.opts.DownloadDir
	}
	return media.DownloadDir()
}

// lazyCache opens the media cache on first use, inside a command (opening
// scans and evicts).
type lazyCache struct {
	once sync.Once
	dir  string
	max  int64
	c    *media.Cache
	err  error
}

func (l *lazyCache) get() (*media.Cache, error) {
	l.once.Do(func() { l.c, l.err = media.NewCache(l.dir, l.max) })
	return l.c, l.err
}

// handleMediaMsg dispatches the media code's messages.
func (m *Model) handleMediaMsg(msg mediaMsg) tea.Cmd {
	switch msg := msg.(type) {
	case transferProgressMsg:
		return m.handleTransferProgress(msg)
	case transferDoneMsg:
		return m.handleTransferDone(msg)
	case attachedMsg:
		return m.handleAttached(msg)
	case uploadedMsg:
		return m.handleUploaded(msg)
	case cachedMsg:
		return m.handleCached(msg)
	case mediaDoneMsg:
		return m.handleMediaDone(msg)
	case previewMsg:
		return m.handlePreview(msg)
	case openAskMsg:
		return m.handleOpenAsk(msg)
	case iterm2DrawMsg:
		m.media.drawing = false
		return m.drawITerm2()
	case iterm2RepaintMsg:
		return m.repaintITerm2(msg)
	}
	return nil
}

// handleEnv takes the terminal's environment (tea.EnvMsg) for preview
// detection.
func (m *Model) handleEnv(env tea.EnvMsg) {
	if len(env) > 0 {
		m.media.opts.Getenv = env.Getenv
	}
}

// protocol is the image protocol previews use. Kitty needs true colour:
// its placeholder cells carry the image id as a 24-bit colour that a lower
// profile would corrupt.
func (m *Model) protocol() preview.Protocol {
	p, ok := preview.ParseProtocol(m.media.opts.Protocol)
	if !ok {
		p = preview.Detect(m.media.opts.Getenv)
	}
	if p == preview.Kitty && m.profile != colorprofile.Unknown && m.profile < colorprofile.TrueColor {
		return preview.HalfBlocks
	}
	return p
}

// mediaKey handles the media keys: Attach everywhere, the attachment keys
// in the composer, the chip keys in the transcript. ok is false when msg is
// not one of them.
func (m *Model) mediaKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	km := m.com.KeyMap.Media
	if key.Matches(msg, km.Attach) {
		return m.openFilePicker(), true
	}
	switch m.focus {
	case focusComposer:
		switch {
		case key.Matches(msg, km.Detach):
			return m.detach(), true
		case key.Matches(msg, km.AttachmentPrev):
			m.composer.SelectAttachment(-1)
		case key.Matches(msg, km.AttachmentNext):
			m.composer.SelectAttachment(1)
		default:
			return nil, false
		}
		return nil, true
	case focusTranscript:
		return m.chipKey(msg)
	}
	return nil, false
}

// chipKey handles the transcript's media keys.
func (m *Model) chipKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	km := m.com.KeyMap.Media
	switch {
	case key.Matches(msg, km.Prev):
		m.selectMedia(-1)
	case key.Matches(msg, km.Next):
		m.selectMedia(1)
	case key.Matches(msg, km.Open):
		return m.actOnMedia(actOpen), true
	case key.Matches(msg, km.Save):
		return m.actOnMedia(actSave), true
	case key.Matches(msg, km.Preview):
		return m.togglePreview(), true
	case key.Matches(msg, km.Cancel):
		return m.cancelSelected(), true
	default:
		return nil, false
	}
	m.invalidate()
	return nil, true
}

// selectMedia moves the chip selection through the lane's media; from no
// selection it starts at the nearest chip on screen (see NearestMedia).
func (m *Model) selectMedia(step int) {
	all := m.transcript.Media()
	if len(all) == 0 {
		return
	}
	cur := m.transcript.SelectedMedia()
	if cur == "" {
		cur, step = m.transcript.NearestMedia(step), 0
	}
	i := -1
	for j, x := range all {
		if x.MediaID == cur {
			i = j
		}
	}
	switch {
	case i < 0 && step < 0:
		i = len(all) - 1
	case i < 0:
		i = 0
	default:
		i = min(max(i+step, 0), len(all)-1)
	}
	m.transcript.SelectMedia(all[i].MediaID)
	m.transcript.ScrollToMedia(all[i].MediaID)
}

// selectedMedia returns the selected chip's media.
func (m *Model) selectedMedia() (frame.Media, bool) {
	id := m.transcript.SelectedMedia()
	for _, x := range m.transcript.Media() {
		if x.MediaID == id && id != "" {
			return x, true
		}
	}
	return frame.Media{}, false
}

// handleFilePickerMsg hands the file picker its own messages.
func (m *Model) handleFilePickerMsg(msg dialog.FilePickerMsg) tea.Cmd {
	d := m.dialogs.Top()
	if d == nil || d.ID() != dialog.FilePickerID {
		return nil
	}
	act, cmd := d.Update(msg)
	m.invalidate()
	return tea.Batch(cmd, m.handleAction(act))
}
