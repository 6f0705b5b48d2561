// Package keymaptest builds key maps for tests the way Iris builds the
// user's: a config.toml with a [keys] table, read by config.Load, whose
// keys keymap.Apply lays over the defaults (as internal/app/client.go does).
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package keymaptest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/keymap"
)

// FromConfig returns the key map of a config file whose [keys] table holds
// keys (TOML lines such as `"picker.up" = ["ctrl+u"]`). A file config or
// the keymap rejects fails the test.
func FromConfig(t testing.TB, keys string) keymap.KeyMap {
	t.Helper()
	dir := t.TempDir()
	paths := config.Paths{ConfigDir: dir, ConfigFile: filepath.Join(dir, "config.toml"), DataDir: dir, StateDir: dir,
		LogFile: filepath.Join(dir, "iris.log"), AuditFile: filepath.Join(dir, "audit.jsonl")}
	if err := os.WriteFile(paths.ConfigFile, []byte("[keys]\n"+keys+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(context.Background(), config.Options{Paths: &paths, URL: "ws://127.0.0.1:1/ws", Token: "t"})
	if err != nil {
		t.Fatalf("config: %v", err)
	}
	if len(cfg.Warnings) > 0 {
		t.Fatalf("config warnings: %v", cfg.Warnings)
	}
	km, errs := keymap.Apply(cfg.Keys)
	if len(errs) > 0 {
		t.Fatalf("keys: %v", errs)
	}
	return km
}
