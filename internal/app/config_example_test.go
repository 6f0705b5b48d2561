package app

import (
	"testing"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/keymap"
)

// The config example documented in config/ and the README names only key
// actions the keymap knows, so copying it gives no warning.
func TestDocumentedConfigExampleKeysAreKnown(t *testing.T) {
	f, _, err := config.ReadFile("../config/testdata/example.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Keys) == 0 {
		t.Fatal("the example has no [keys]")
	}
	if unknown := config.UnknownActions(f.Keys, keymap.Names()); len(unknown) > 0 {
		t.Fatalf("the example names unknown key actions %q", unknown)
	}
	if _, errs := keymap.Apply(f.Keys); len(errs) > 0 {
		t.Fatalf("keymap rejects the example's keys: %v", errs)
	}
}
