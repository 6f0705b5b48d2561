package main

import (
	"path/filepath"

	"github.com/hermes/iris/config"
)

// loadDeviceID returns the TUI's stable device id kept in dir/device_id,
// creating it on first use.
func loadDeviceID(dir string) (string, error) {
	return config.LoadDeviceID(filepath.Join(dir, "device_id"))
}
