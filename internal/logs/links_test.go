package logs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLogRefusesSymbolicLinks(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "bashrc")
	if err := os.WriteFile(victim, []byte("keep\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "iris.log")
	if err := os.Symlink(victim, path); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(Options{Path: path}); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("Open(link) = %v, want a refusal", err)
	}
	stateLink := filepath.Join(dir, "state")
	if err := os.Symlink(t.TempDir(), stateLink); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(Options{Path: filepath.Join(stateLink, "iris.log")}); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("Open(in a linked directory) = %v, want a refusal", err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "keep\n" {
		t.Fatalf("the link's target was written: %q", data)
	}
}
