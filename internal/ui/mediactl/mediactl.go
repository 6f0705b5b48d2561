// Package mediactl is the media controller: files attached to the draft and
// their uploads, received media (open, save, inline previews), and the
// queue that moves their bytes one transfer at a time.
//
// It is a child of the root model like the others, with one difference:
// it owns no part of the screen. The chips it works on belong to the
// composer (attachments) and the transcript (received media), so the root
// hands it what it needs to know as Facts and a Screen, and it answers
// with common.Actions the root carries out (show a status on a chip, set a
// chip's upload state, open the file picker, send the uploaded message)
// and tea.Cmds for the work that does I/O. It never calls a sibling.
//
// The root calls it in three places: Update with each of its messages
// (Msg), the Command of each media key (Key says which keys are), each
// request of the root (Attach, Send, Resume) and the terminal's
// environment; Prune when the store changed; and Layout once after every
// message, so previews follow a moved transcript and iTerm2 images are
// drawn again once an overlay over them closed.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package mediactl

import (
	"cmp"
	"context"
	"io"
	"os"
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/ui/common"
)

// Client moves media bytes; *wsclient.Client satisfies it. Both methods
// are only ever called inside tea.Cmds (one transfer at a time, see
// transfers.go).
type Client interface {
	Upload(ctx context.Context, spec session.UploadSpec, r io.Reader, progress func(done, total int64)) (string, error)
	Pull(ctx context.Context, m frame.Media, w io.Writer, progress func(done, total int64)) error
}

// Options configure attachments and received media. The zero value uses
// the real directories, opener and environment.
type Options struct {
	// Client moves the bytes; nil uses the gateway New is given when it is
	// a Client.
	Client Client
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

// Model is the media controller's state.
type Model struct {
	com       *common.Common
	opts      Options
	client    Client
	cache     *lazyCache
	transfers transfers
	send      *pendingSend          // the message waiting for its uploads
	shown     map[string]*shownPrev // previews on screen, by media_id
	nextImage uint32                // kitty image ids
	drawing   bool                  // an iTerm2 redraw tick is scheduled
	// What the last Layout saw: the screen, the overlays on it, and the
	// newest iTerm2 repaint asked for.
	seenScreen   Screen
	seenOverlays int
	repaintGen   int
}

// Msg is every message of the controller: the root hands them to Update.
type Msg interface{ isMediaMsg() }

// New fills in the defaults of o; gw moves the bytes when o has no Client.
// It does no I/O (the cache is opened by the first command that needs it).
func New(com *common.Common, o Options, gw any) *Model {
	if o.Client == nil {
		o.Client, _ = gw.(Client)
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
	return &Model{com: com, opts: o, client: o.Client, cache: &lazyCache{dir: o.CacheDir, max: o.CacheMax},
		shown: map[string]*shownPrev{}}
}

// Update carries out one of the controller's messages (Msg), a key's
// Command, or the terminal's environment (tea.EnvMsg), given the facts of
// the moment.
func (m *Model) Update(msg tea.Msg, f Facts) (common.Action, tea.Cmd) {
	c := &call{Model: m, f: f}
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.EnvMsg:
		if len(msg) > 0 {
			m.opts.Getenv = msg.Getenv
		}
	case Command:
		cmd = c.command(msg)
	case Attach:
		cmd = c.attach(msg.Path)
	case Send:
		cmd = c.sendWithAttachments(msg.Text)
	case Resume:
		cmd = c.resumeSend()
	case Msg:
		cmd = c.handle(msg)
	}
	return c.action(), cmd
}

// handle dispatches the messages the controller's commands return.
func (c *call) handle(msg Msg) tea.Cmd {
	switch msg := msg.(type) {
	case transferProgressMsg:
		return c.handleTransferProgress(msg)
	case transferDoneMsg:
		return c.handleTransferDone(msg)
	case attachedMsg:
		return c.handleAttached(msg)
	case uploadedMsg:
		return c.handleUploaded(msg)
	case cachedMsg:
		return c.handleCached(msg)
	case mediaDoneMsg:
		return c.handleMediaDone(msg)
	case previewMsg:
		return c.handlePreview(msg)
	case openAskMsg:
		return c.handleOpenAsk(msg)
	case ITerm2Draw:
		c.drawing = false
		return c.drawITerm2()
	case ITerm2Repaint:
		return c.repaintITerm2(msg)
	}
	return nil
}

// Transfers is the queue as the status bar shows it, the running one first.
func (m *Model) Transfers() []common.Transfer {
	list := m.transfers.list
	out := make([]common.Transfer, len(list))
	for i, t := range list {
		out[i] = common.Transfer{Label: t.label, Done: t.done, Total: t.total, Running: t.running}
	}
	return out
}

// downloadDir is where saves go (media.DownloadDir reads what the xdg
// package loaded at start-up; no file is read here).
func (m *Model) downloadDir() string {
	if m.opts.DownloadDir != "" {
		return m.opts.DownloadDir
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
