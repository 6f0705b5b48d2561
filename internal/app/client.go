package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/logs"
	"github.com/hermes/iris/internal/pickerfile"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/wsclient"
)

// runClient runs the TUI against the resolved profile until the user quits,
// and maps how it ended to an exit code.
func runClient(ctx context.Context, cfg *config.Config, opts cliOptions, stderr io.Writer) (code int) {
	if linearMode(opts, cfg, os.Getenv) {
		return runLinear(ctx, cfg, opts, stderr)
	}
	lg, km, warnings, err := openLog(cfg, opts, stderr)
	if err != nil {
		return exitFailure
	}
	defer lg.Close()

	dev, closeDevice, code := openDevice(cfg, opts, lg, store.Options{IdleItems: store.IdleItems}, bridgeEvery, stderr)
	if closeDevice == nil {
		return code
	}
	defer func() { code = closeDevice(code) }()
	st, client := dev.st, dev.client

	uo := withDevice(uiOptions(cfg, opts, km, warnings), client, st, themes.NoColorEnv(os.Getenv))
	return runProgram(ctx, client, ui.New(uo), lg, cfg.TokenSource, stderr)
}

// withDevice is uo for a TUI of the device whose gateway client and store
// these are; its events come at the pace the TUI redraws at.
func withDevice(uo ui.Options, client *wsclient.Client, st *store.State, noColor bool) ui.Options {
	uo.Gateway, uo.State, uo.NoColor = client, st, noColor
	uo.PaceEvents = client.SetBatchEvery
	return uo
}

// closeStore closes the store once the client has stopped, and returns the
// exit code: code, unless writes a failing disk held back are lost with
// the process (a quit confirmed on a full disk, say): then those messages
// are named and the code is exitFailure.
func closeStore(st *store.State, dataDir string, lg *slog.Logger, stderr io.Writer, code int) int {
	unsaved := st.Health().Unsaved
	err := st.Close()
	if err == nil {
		return code
	}
	fmt.Fprintln(stderr, "iris: the local store had a problem:", err)
	if errors.Is(err, store.ErrLost) {
		if len(unsaved) > 0 {
			fmt.Fprintf(stderr, "iris: lost from the local store (never written to disk), %s:\n", common.Count(len(unsaved), "message"))
			for _, u := range unsaved {
				first, _, _ := strings.Cut(strings.TrimSpace(u.Text), "\n")
				fmt.Fprintf(stderr, "iris:   %s: %s\n", termsafe.Line(u.Lane.ChatID), termsafe.Line(first))
			}
		}
		if code == exitOK {
			code = exitFailure
		}
	}
	fmt.Fprintf(stderr, "iris: check free disk space and %s (the gateway still has the history)\n", dataDir)
	lg.Error("store close", "err", err)
	return code
}

// storeOpenAdvice says why the local store did not open and what to do. A
// store in use is never to be moved away: it holds that Iris's queued
// messages and drafts.
func storeOpenAdvice(stderr io.Writer, cfg *config.Config, err error) {
	var inUse *store.InUseError
	if !errors.As(err, &inUse) {
		fmt.Fprintf(stderr, "iris: cannot open the local store in %s: %v\n", cfg.DataDir, err)
		fmt.Fprintln(stderr, "iris: check the disk and the directory's permissions (iris config path shows where it is)")
		return
	}
	holder := "another Iris"
	if inUse.PID > 0 {
		holder = fmt.Sprintf("another Iris, process %d,", inUse.PID)
	}
	fmt.Fprintf(stderr, "iris: %s has profile %q open (its store %s).\n", holder, cfg.Profile, cfg.DataDir)
	fmt.Fprintln(stderr, "iris: use that Iris, or quit that Iris first (it saves its drafts and queued messages), or run this one with another profile (--profile NAME, a device with its own store);")
	fmt.Fprintln(stderr, "iris: iris send, tail, pickers, answer and approve work beside it. Do not move the directory away or remove its lock: its queued messages and drafts are in it.")
}

// uiOptions are the UI's options from the configuration and command line;
// the caller adds the gateway, the store and what depends on the terminal.
func uiOptions(cfg *config.Config, opts cliOptions, km keymap.KeyMap, warnings []string) ui.Options {
	defaults := uiSettings(cfg.Settings)
	return ui.Options{
		Theme: themes.Name(cfg.Theme), KeyMap: &km, Settings: &defaults, ForceTheme: opts.theme != "",
		TokenSource: cfg.TokenSource, Warnings: warnings,
		Audit: audit.New(cfg.Paths.AuditFile), GatewayURL: cfg.URL, NotifyRepeats: notifyRepeats(cfg.Settings),
		Inline: opts.inline, PickersFile: filepath.Join(cfg.DataDir, pickerfile.TUIFile), DeviceName: cfg.DeviceName,
		Media: ui.MediaOptions{CacheDir: opts.mediaCache},
	}
}

// openLog opens the log file (with the token as a secret never written)
// and applies the configured keys, printing the configuration's warnings;
// the warnings are returned for the UI's banner. An error has been printed.
func openLog(cfg *config.Config, opts cliOptions, stderr io.Writer) (*logs.Log, keymap.KeyMap, []string, error) {
	lg, err := logs.Open(logs.Options{Path: cfg.Paths.LogFile, Debug: opts.debug, DebugContent: opts.debugContent})
	if err != nil {
		fmt.Fprintln(stderr, "iris: cannot open the log file:", err)
		return nil, keymap.KeyMap{}, nil, err
	}
	lg.AddSecret(cfg.Token.Reveal())
	for _, w := range cfg.Warnings {
		fmt.Fprintln(stderr, "iris: warning:", w)
		lg.Logger.Warn("config", "warning", w)
	}
	warnings := cfg.Warnings
	km, keyErrs := keymap.Apply(cfg.Keys)
	for _, e := range keyErrs {
		fmt.Fprintln(stderr, "iris: warning: [keys]:", e)
		warnings = append(warnings, "[keys]: "+e.Error())
	}
	return lg, km, warnings, nil
}

// uiSettings maps the config file's setting defaults onto the UI's; toggles
// the user made at run time (remembered in the store) still win.
func uiSettings(s config.Settings) common.Settings {
	d := common.DefaultSettings()
	d.Tools = common.ParseVerbosity(s.ToolVerbosity)
	d.RuntimeFooter = s.RuntimeFooter
	d.ShowReasoning = s.ShowReasoning
	d.BusyInput, _ = common.ParseBusyInput(s.SendMode)
	d.Notifications = s.Notifications
	d.RepeatNotifications = len(s.NotificationRepeats) > 0
	return d
}

// notifyRepeats are the gaps between repeated notifications: the config's,
// or the default ones when it turned repeats off (the toggle in /settings
// can turn them back on).
func notifyRepeats(s config.Settings) []time.Duration {
	if len(s.NotificationRepeats) == 0 {
		return config.DefaultNotificationRepeats
	}
	return s.NotificationRepeats
}

// renderFPS caps how often the terminal is flushed, at the transcript's own
// re-render rate while streaming (about 30 per second): the renderer wakes
// this often even when idle, half bubbletea's default.
const renderFPS = 30

// runProgram runs the bubbletea program with the client's connection and the
// event bridge beside it, and shuts all three down together.
func runProgram(ctx context.Context, client *wsclient.Client, model *ui.Model, lg *logs.Log, tokenSource string, stderr io.Writer) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer startBenchProfile(stderr)()
	tuneGC()
	p := tea.NewProgram(benchModel(model), tea.WithContext(ctx), tea.WithFPS(renderFPS))
	stop := runBeside(ctx, client, p)
	_, err := p.Run()
	runErr := stop()
	model.SaveTyped() // Update has stopped, so this cannot race it

	if err != nil && !errors.Is(err, tea.ErrProgramKilled) && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, "iris:", err)
		lg.Logger.Error("program", "err", err)
		return exitFailure
	}
	return connectionExit(runErr, tokenSource, stderr)
}

// connectionExit is the exit code of a connection that ended with runErr
// (the TUI's and the linear front-end's): a rejected token or a protocol
// Iris cannot use is said on stderr; anything else is exitOK.
func connectionExit(runErr error, tokenSource string, stderr io.Writer) int {
	var authErr *wsclient.AuthError
	var handshakeErr *wsclient.HandshakeError
	switch {
	case errors.As(runErr, &authErr):
		fmt.Fprintln(stderr, "iris:", tokenRejectedAdvice(tokenSource))
		return exitAuth
	case errors.Is(runErr, frame.ErrVersion), errors.As(runErr, &handshakeErr):
		fmt.Fprintln(stderr, "iris:", termsafe.Line(runErr.Error()))
		return exitProtocol
	}
	return exitOK
}

// runBeside runs the client's connection and the event bridge beside p
// until stop is called; stop ends both, waits for them and returns the
// connection's error.
func runBeside(ctx context.Context, client *wsclient.Client, p *tea.Program) (stop func() error) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var runErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		runErr = client.Run(ctx)
	}()
	go func() {
		defer wg.Done()
		bridgeEvents(ctx, client, p)
	}()
	return func() error {
		cancel()
		wg.Wait()
		return runErr
	}
}

// bridgeBatch caps how many queued events one program message carries.
const bridgeBatch = 256

// bridgeEvery paces the bridge's batches to the transcript's flush
// interval (ui's flushInterval), so the updates of one frame coalesce in
// the client's queue and only the shown one is decoded
// (wsclient.Config.BatchEvery); the TUI changes the pace with its flush
// interval (ui.Options.PaceEvents).
const bridgeEvery = 33 * time.Millisecond

// bridgeEvents forwards the wsclient's events to the program until ctx ends,
// in batches of whatever is queued, so a sync catch-up of thousands of frames
// is applied and rendered in a few steps rather than one per frame.
// Program.Send blocks until Update has taken the batch, which is the
// backpressure the client's coalescing queue is built for.
func bridgeEvents(ctx context.Context, client *wsclient.Client, p *tea.Program) {
	for {
		evs, err := client.NextBatch(ctx, bridgeBatch)
		if err != nil {
			return
		}
		p.Send(ui.ClientEventsMsg(evs))
	}
}

// tokenRejectedAdvice tells where the rejected token came from and so what
// to fix (see config.TokenRejectedAdvice).
func tokenRejectedAdvice(source string) string { return config.TokenRejectedAdvice(source) }
