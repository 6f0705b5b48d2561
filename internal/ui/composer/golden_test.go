package composer_test

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// TestComposerGolden pins the composer's drawing of each scenario, in dark
// and light. Regenerate with: go test ./ui/composer -run TestComposerGolden -update
func TestComposerGolden(t *testing.T) {
	scenarios := []struct {
		name string
		play func(f *fixture)
	}{
		{"empty", func(f *fixture) {}},
		{"blurred", func(f *fixture) { f.m.Blur() }},
		{"multiline", func(f *fixture) {
			f.typeText("first line, long enough to wrap onto a second row of the composer\n\nthird")
		}},
		{"busy", func(f *fixture) {
			f.m.SetBusy(true, 2)
			f.typeText("also check the logs")
		}},
		{"new_thread", func(f *fixture) {
			f.m.SetAutoThread(true)
			f.typeText("a new topic")
		}},
		{"attachments", func(f *fixture) {
			up := f.m.Attach(photo)
			f.m.UpdateAttachment(up, func(a *common.Attachment) {
				a.State, a.Done, a.Total = common.AttachUploading, 3, 10
			})
			bad := f.m.Attach(notes)
			f.m.UpdateAttachment(bad, func(a *common.Attachment) { a.State, a.Err = common.AttachFailed, "rejected" })
			f.typeText("logs: ")
			f.m.Update(tea.PasteMsg{Content: strings.Repeat("log line\n", 1200)})
		}},
		{"hidden_controls", func(f *fixture) {
			f.m.Update(tea.PasteMsg{Content: "pay abc\u202Efdp.exe\u200B now"})
		}},
	}
	for _, sc := range scenarios {
		for _, theme := range []themes.Name{themes.Dark, themes.Light} {
			t.Run(fmt.Sprintf("%s/%s", sc.name, theme), func(t *testing.T) {
				f := newThemedFixture(t, 60, theme)
				sc.play(f)
				golden.RequireEqual(t, f.view())
			})
		}
	}
}
