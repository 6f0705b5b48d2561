package app

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

func TestDeviceIDIsCreatedOnceAndKept(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "profile")
	id, err := loadDeviceID(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^dev_[0-9a-f]{12}$`).MatchString(id) {
		t.Fatalf("device id %q, want dev_ + 12 hex digits", id)
	}
	info, err := os.Stat(filepath.Join(dir, "device_id"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("device_id file: %v, mode %v; want 0600", err, info.Mode().Perm())
	}
	again, err := loadDeviceID(dir)
	if err != nil || again != id {
		t.Fatalf("second load = %q, %v; want the same %q", again, err, id)
	}
	if err := os.WriteFile(filepath.Join(dir, "device_id"), []byte("garbage\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if fresh, err := loadDeviceID(dir); err != nil || fresh == id || fresh == "garbage" {
		t.Fatalf("a damaged device_id gave %q, %v; want a fresh id", fresh, err)
	}
}
