package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
)

// With ProgramsOff (iris serve --ssh) neither Ctrl+E nor the pager starts a
// program, whatever $EDITOR or $PAGER the client set: each only reports
// the reason.
func TestProgramsOffStartsNoEditorOrPager(t *testing.T) {
	h := newHarness(t, 120, 30, func(o *Options) {
		o.ProgramsOff = "off over SSH"
		o.Media.Getenv = func(k string) string { return map[string]string{"EDITOR": "sh", "PAGER": "sh"}[k] }
	})
	h.online()
	h.typeText("keep me")
	for name, cmd := range map[string]tea.Cmd{
		"editor":    h.m.progs.edit("keep me"),
		"pager":     h.m.progs.page("text"),
		"run pager": h.m.progs.pageFile("/dev/null", false),
	} {
		info, ok := cmd().(common.InfoMsg)
		if !ok || info.Level != common.LevelError || !strings.Contains(info.Text, "off over SSH") {
			t.Errorf("%s: %#v, want only the reason reported", name, cmd())
		}
	}
	h.key('e', tea.ModCtrl)
	h.mustShow("no editor: off over SSH")
	if h.m.Composer() != "keep me" {
		t.Fatalf("composer %q", h.m.Composer())
	}
}
