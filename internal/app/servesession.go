package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/linear"
	"github.com/hermes/iris/internal/sshserve"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui"
	"github.com/hermes/iris/wsclient"
)

// programsOffOverSSH is why Ctrl+E and the pager are off over SSH: they
// would run on the server, chosen by the client's $EDITOR/$PAGER, and an
// editor or a pager opens a shell.
const programsOffOverSSH = "off over SSH (it would run on the server); y copies a message to your clipboard"

// downloadsDir is where a key's saves go, in its directory under ssh-keys.
const downloadsDir = "downloads"

// errOpenOverSSH is why "open" is off when Iris is served over SSH.
var errOpenOverSSH = errors.New("opening with an application is off over SSH (it would open on the server); save it instead")

// sshApp builds each SSH session's client: the key's own store and device,
// the profile's gateway and settings, the session's terminal.
type sshApp struct {
	cfg   *config.Config
	ui    ui.Options // the profile's UI options, copied per session
	files string     // attach root ("" turns attach off)
	log   *slog.Logger
}

// open opens session t's store (the key's own) and its connection to the
// profile's gateway, as the key's device.
func (a *sshApp) open(t *sshserve.Terminal, lg *slog.Logger) (*store.State, *wsclient.Client, error) {
	deviceID, err := loadDeviceID(t.DataDir)
	if err != nil {
		return nil, nil, err
	}
	st, err := store.Open(t.DataDir, store.Options{IdleItems: store.IdleItems, Log: lg})
	if err != nil {
		return nil, nil, fmt.Errorf("cannot open this key's store: %w", err)
	}
	client, err := wsclient.New(wsclient.Config{
		URL: a.cfg.URL, Token: a.cfg.Token.Reveal(), DeviceID: deviceID, DeviceName: t.DeviceName,
		Insecure: a.cfg.Insecure, CAFile: a.cfg.CAFile, Cursor: st.Cursor, Logger: lg,
		BatchEvery: bridgeEvery,
	})
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	return st, client, nil
}

// start is the sshserve.App.
func (a *sshApp) start(ctx context.Context, t *sshserve.Terminal) (*tea.Program, func(), error) {
	lg := a.log.With("key", t.Fingerprint, "device", t.DeviceName)
	st, client, err := a.open(t, lg)
	if err != nil {
		return nil, nil, err
	}
	uo := withDevice(a.ui, client, st, themes.NoColorEnv(t.Getenv))
	uo.Media = ui.MediaOptions{
		Getenv:   t.Getenv,
		CacheDir: filepath.Join(t.DataDir, "media"),
		// Each key saves into its own directory: the server's download
		// folder would show one key's files to every other.
		DownloadDir: filepath.Join(t.KeyDir, downloadsDir),
		Open:        func(string) error { return errOpenOverSSH },
		AttachRoot:  a.files,
		AttachOff:   attachOff(a.files),
	}
	uo.ProgramsOff = programsOffOverSSH
	uo.PickersFile = "" // each key is a device of its own; headless commands use the profile's TUI file
	uo.DeviceName = t.DeviceName
	model := ui.New(uo)
	// The server quits the program when the session ends (client gone,
	// idle, shutdown), so a quit, not a kill, ends it and drafts are saved.
	p := tea.NewProgram(model, append(t.Options, tea.WithFPS(renderFPS))...)
	stop := runBeside(ctx, client, p)
	finish := func() {
		if err := stop(); err != nil && !errors.Is(err, context.Canceled) {
			lg.Warn("ssh: gateway connection", "err", err)
		}
		model.SaveTyped() // the program has stopped, so this cannot race Update
		if err := st.Close(); err != nil {
			lg.Error("ssh: store close", "err", err)
		}
	}
	return p, finish, nil
}

// attachOff is the reason attach is off without --files.
func attachOff(files string) string {
	if files != "" {
		return ""
	}
	return "attaching is off: the server was started without --files DIR"
}

// wantsLinear says an SSH session asked for the linear mode: its client
// sent IRIS_LINEAR=1 (ssh -o SetEnv=IRIS_LINEAR=1) or TERM=dumb, or the
// profile says linear = true.
func (a *sshApp) wantsLinear(t *sshserve.Terminal) bool {
	return a.cfg.Linear || t.Getenv("IRIS_LINEAR") == "1" || t.Getenv("TERM") == "dumb"
}

// startLinear is the sshserve.PlainApp: the linear front-end on the
// session's input and output, as the key's device.
func (a *sshApp) startLinear(ctx context.Context, t *sshserve.Terminal, in io.Reader, out io.Writer) error {
	lg := a.log.With("key", t.Fingerprint, "device", t.DeviceName)
	st, client, err := a.open(t, lg)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- client.Run(ctx) }()
	err = linear.Run(ctx, linear.Options{
		In: in, Out: out, Echo: true, Gateway: client, State: st,
		Audit: a.ui.Audit, GatewayURL: a.cfg.URL, DeviceName: t.DeviceName, Footer: a.ui.Settings.RuntimeFooter,
	})
	cancel()
	if runErr := <-done; runErr != nil && !errors.Is(runErr, context.Canceled) {
		lg.Warn("ssh: gateway connection", "err", runErr)
	}
	if cerr := st.Close(); cerr != nil {
		lg.Error("ssh: store close", "err", cerr)
	}
	return err
}
