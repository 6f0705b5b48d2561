package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
)

// attachHarness is a harness whose attaching is limited by edit.
func attachHarness(t *testing.T, edit func(*MediaOptions)) *harness {
	t.Helper()
	h := newHarness(t, 100, 30, func(o *Options) {
		o.Media = MediaOptions{Client: &fakeMedia{content: map[string][]byte{}}, CacheDir: t.TempDir(),
			Getenv: func(string) string { return "" }}
		edit(&o.Media)
	})
	h.online()
	return h
}

func TestAttachRootConfinesAttaching(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "shared")
	secret := filepath.Join(base, "secret.txt")
	for path, data := range map[string]string{filepath.Join(root, "notes.txt"): "notes", secret: "secret"} {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(secret, filepath.Join(root, "escape.txt")); err != nil {
		t.Fatal(err)
	}
	h := attachHarness(t, func(m *MediaOptions) { m.AttachRoot = root })

	for _, bad := range []string{secret, "../secret.txt", "escape.txt"} {
		h.typeText("/attach " + bad)
		h.key(tea.KeyEnter, 0)
		h.mustShow("attach: only files under")
		if len(h.m.composer.Attachments()) != 0 {
			t.Fatalf("/attach %s attached a file outside the root", bad)
		}
	}
	h.typeText("/attach notes.txt")
	h.key(tea.KeyEnter, 0)
	h.mustShow("attached notes.txt")
	h.send(tea.KeyPressMsg{Code: 'a', Mod: tea.ModAlt})
	h.mustShow("Attach a file", "escape.txt") // the picker starts in the root
	if cmd := h.m.handleAction(common.ActionListDir{Dir: "../"}); cmd != nil {
		t.Error("/attach completion lists a directory above the root")
	}
}

func TestAttachOffRefusesEveryWayIn(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a.txt")
	if err := os.WriteFile(file, []byte("a"), 0o600); err != nil {
		t.Fatal(err)
	}
	h := attachHarness(t, func(m *MediaOptions) { m.AttachOff = "attaching is off here" })
	h.typeText("/attach " + file)
	h.key(tea.KeyEnter, 0)
	h.mustShow("attaching is off here")
	if len(h.m.composer.Attachments()) != 0 {
		t.Fatal("a file was attached with attach off")
	}
	h.send(tea.KeyPressMsg{Code: 'a', Mod: tea.ModAlt})
	if strings.Contains(h.plain(), "Attach a file") {
		t.Error("the file picker opened with attach off")
	}
	if h.m.handleAction(common.ActionListDir{Dir: "/"}) != nil {
		t.Error("/attach completion lists directories with attach off")
	}
}
