package app

import (
	"path/filepath"

	"github.com/hermes/iris/internal/config"
)

// loadDeviceID returns the TUI's stable device id kept in dir/device_id,
// creating it on first use.
func loadDeviceID(dir string) (string, error) {
	return config.LoadDeviceID(filepath.Join(dir, "device_id"))
}
