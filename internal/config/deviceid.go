package config

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// LoadDeviceID returns the stable device id kept in the file at path,
// creating it ("dev_" + 12 random hex digits, mode 0600, its directory 0700)
// on first use. The TUI keeps its id in the profile's data dir as device_id;
// headless commands keep their own beside it.
func LoadDeviceID(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		if id := strings.TrimSpace(string(b)); strings.HasPrefix(id, "dev_") && len(id) > 4 {
			return id, nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("reading the device id: %w", err)
	}
	var raw [6]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", err
	}
	id := "dev_" + hex.EncodeToString(raw[:])
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("creating %s: %w", dir, err)
	}
	if err := os.WriteFile(path, []byte(id+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("saving the device id: %w", err)
	}
	return id, nil
}
