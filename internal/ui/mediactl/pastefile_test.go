package mediactl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAttachTextBecomesAChip: a paste too long for the composer is
// written to a new text file in the temporary directory and attached as
// a chip with its size, even with attaching files turned off.
func TestAttachTextBecomesAChip(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	r := newRoot(t, Options{AttachOff: "attaching is off"})
	text := strings.Repeat("a long pasted line\n", 500)
	r.run(AttachText(text))
	paths := r.attached()
	if len(paths) != 1 {
		t.Fatalf("attached %v", paths)
	}
	if filepath.Dir(paths[0]) != tmp || !strings.HasPrefix(filepath.Base(paths[0]), "iris-paste-") {
		t.Errorf("paste written to %s, want an iris-paste file in %s", paths[0], tmp)
	}
	b, err := os.ReadFile(paths[0])
	if err != nil || string(b) != text {
		t.Fatalf("file holds %d bytes (%v), want the %d pasted", len(b), err, len(text))
	}
	if got := r.infos[len(r.infos)-1].Text; !strings.HasPrefix(got, "attached iris-paste-") {
		t.Errorf("status %q", got)
	}
}
