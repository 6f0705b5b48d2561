package ui

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hermes/iris/frame"
)

func TestEditorCommand(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want []string
	}{
		{map[string]string{"VISUAL": "code --wait", "EDITOR": "nano"}, []string{"code", "--wait"}},
		{map[string]string{"EDITOR": "nano"}, []string{"nano"}},
		{map[string]string{"EDITOR": "  "}, []string{"vi"}},
	}
	for _, c := range cases {
		h := newHarness(t, 80, 24, func(o *Options) { o.Media.Getenv = func(k string) string { return c.env[k] } })
		if got := h.m.term.editorCommand(); !slices.Equal(got, c.want) {
			t.Errorf("%v: %q, want %q", c.env, got, c.want)
		}
	}
}

// TestEditorTextComesBackUnsent: the saved file becomes the draft, not a
// message; the temporary file is removed.
func TestEditorTextComesBackUnsent(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	h.typeText("first try")
	path := filepath.Join(t.TempDir(), "draft.md")
	if err := os.WriteFile(path, []byte("line one\nline two\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.send(editorExited(path)(nil))
	if h.m.Composer() != "line one\nline two" {
		t.Fatalf("composer %q", h.m.Composer())
	}
	if len(h.requestsOf(frame.TypeMessageSend)) != 0 {
		t.Fatal("the edited draft was sent")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("the temporary file was left behind")
	}
	h.mustShow("draft edited: enter sends it")
}

// TestFailingEditorLeavesTheDraft: an editor exiting non-zero changes
// nothing and says so.
func TestFailingEditorLeavesTheDraft(t *testing.T) {
	h := newHarness(t, 120, 30, func(o *Options) {
		o.Media.Getenv = func(k string) string { return map[string]string{"EDITOR": "false"}[k] }
	})
	h.typeText("keep me")
	path := filepath.Join(t.TempDir(), "draft.md")
	if err := os.WriteFile(path, []byte("clobbered"), 0o600); err != nil {
		t.Fatal(err)
	}
	h.send(editorExited(path)(errors.New("exit status 1")))
	if h.m.Composer() != "keep me" {
		t.Fatalf("composer %q", h.m.Composer())
	}
	h.mustShow("editor false: exit status 1; the draft is unchanged")
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("the temporary file was left behind")
	}
}
