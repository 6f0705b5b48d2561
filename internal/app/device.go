package app

import (
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/logs"
	"github.com/hermes/iris/internal/pickerfile"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

// device is what the TUI and the linear front-end open alike for the
// profile's device: its store and its gateway client.
type device struct {
	st     *store.State
	client *wsclient.Client
}

// openDevice opens the store of cfg's device (storeOpts, logging to lg) and
// its gateway client (batchEvery paces its event batches; 0 does not). On
// failure it has said why on stderr, closed what it opened and returns the
// exit code. Otherwise close closes the store once the client has stopped
// and turns code into the exit code (closeStore).
func openDevice(cfg *config.Config, opts cliOptions, lg *logs.Log, storeOpts store.Options, batchEvery time.Duration, stderr io.Writer) (dev device, close func(code int) int, code int) {
	deviceID, err := loadDeviceID(cfg.DataDir)
	if err != nil {
		fmt.Fprintln(stderr, "iris:", err)
		return device{}, nil, exitFailure
	}
	storeOpts.Log = lg.Logger
	var restoring time.Time // the arrival time of a picker being restored
	storeOpts.Now = func() time.Time {
		if !restoring.IsZero() {
			return restoring
		}
		return time.Now()
	}
	st, err := store.Open(cfg.DataDir, storeOpts)
	if err != nil {
		storeOpenAdvice(stderr, cfg, err)
		return device{}, nil, exitFailure
	}
	// The store keeps no pending pickers and the gateway delivers each
	// once: those the TUI published before it last ended come back before
	// the sync, whose replay closes the ones that ended meanwhile.
	if err := pickerfile.RestoreFile(filepath.Join(cfg.DataDir, pickerfile.TUIFile), st, func(t time.Time) { restoring = t }); err != nil {
		fmt.Fprintln(stderr, "iris: warning: the questions pending when Iris last ended are not shown:", err)
	}
	close = func(code int) int { return closeStore(st, cfg.DataDir, lg.Logger, stderr, code) }
	wcfg := wsclient.Config{
		URL: cfg.URL, Token: cfg.Token.Reveal(), DeviceID: deviceID, DeviceName: cfg.DeviceName,
		Insecure: cfg.Insecure, CAFile: cfg.CAFile, Cursor: st.Cursor, Logger: lg.Logger,
		BatchEvery: batchEvery,
	}
	if opts.debug {
		wcfg.OnFrame = lg.Frames()
	}
	client, err := wsclient.New(wcfg)
	if err != nil {
		fmt.Fprintln(stderr, "iris:", err)
		return device{}, nil, close(exitConfig)
	}
	return device{st: st, client: client}, close, exitOK
}
