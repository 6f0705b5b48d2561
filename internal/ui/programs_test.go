package ui

import (
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestProgramFilesAreWrittenInCmds: asking for the editor or the pager
// writes nothing; the command that starts the program writes the
// temporary file with the text, so Update does no I/O.
func TestProgramFilesAreWrittenInCmds(t *testing.T) {
	p := &programs{term: newTerminal(func(string) string { return "" })}
	for _, c := range []struct {
		name string
		open func() tea.Cmd
	}{
		{"editor", func() tea.Cmd { return p.edit("the draft") }},
		{"pager", func() tea.Cmd { return p.page("the draft") }},
	} {
		dir := t.TempDir()
		t.Setenv("TMPDIR", dir)
		cmd := c.open()
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Fatalf("%s: a file was written before its command ran", c.name)
		}
		cmd() // writes the file and hands back the program to run (not run here)
		ents, _ := os.ReadDir(dir)
		if len(ents) != 1 {
			t.Fatalf("%s: %d files after the command ran", c.name, len(ents))
		}
		if b, _ := os.ReadFile(filepath.Join(dir, ents[0].Name())); string(b) != "the draft" {
			t.Fatalf("%s: the file holds %q", c.name, b)
		}
	}
}
