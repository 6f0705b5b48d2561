package dialog

import (
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// TestHelpEveryBindingReachable scrolls the overlay at 80×24 from top to
// bottom and finds every binding, key and description on one line, while
// each frame fits the screen.
func TestHelpEveryBindingReachable(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 16}, {120, 40}} {
		com := testCom(t, themes.Dark)
		h := NewHelp(com, allSections(com)...)
		h.SetSize(size[0], size[1])
		seen := map[string]bool{}
		collect := func() string {
			v := h.View()
			if w, ht := lipgloss.Width(v), lipgloss.Height(v); w > size[0] || ht > size[1] {
				t.Fatalf("%v: the overlay is %d×%d", size, w, ht)
			}
			for _, l := range strings.Split(ansi.Strip(v), "\n") {
				seen[l] = true
			}
			return v
		}
		prev := collect()
		for range 100 {
			h.Update(tea.KeyPressMsg{Code: tea.KeyDown})
			v := collect()
			if v == prev {
				break
			}
			prev = v
		}
		var all strings.Builder
		for l := range seen {
			all.WriteString(l + "\n")
		}
		for _, g := range com.KeyMap.Groups() {
			if !strings.Contains(all.String(), g.Title) {
				t.Errorf("%v: group %q never shown", size, g.Title)
			}
			for _, b := range g.Bindings {
				re := regexp.MustCompile(regexp.QuoteMeta(b.Help().Key) + ` +` + regexp.QuoteMeta(b.Help().Desc))
				if !re.MatchString(all.String()) {
					t.Errorf("%v: binding %q %q never shown whole", size, b.Help().Key, b.Help().Desc)
				}
			}
		}
	}
}

// TestHelpScrollKeys checks PgDn/PgUp, End/Home and the "more" line.
func TestHelpScrollKeys(t *testing.T) {
	com := testCom(t, themes.Dark)
	h := NewHelp(com, allSections(com)...)
	h.SetSize(80, 24)
	top := ansi.Strip(h.View())
	if !strings.Contains(top, "↓ more below") {
		t.Fatalf("no more line at the top:\n%s", top)
	}
	h.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
	if mid := ansi.Strip(h.View()); mid == top || !strings.Contains(mid, "more above") {
		t.Fatalf("pgdn did not scroll:\n%s", mid)
	}
	h.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
	end := ansi.Strip(h.View())
	if !strings.Contains(end, "↑ more above") || strings.Contains(end, "below") {
		t.Fatalf("end is not the bottom:\n%s", end)
	}
	h.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if ansi.Strip(h.View()) != end {
		t.Fatal("scrolled past the bottom")
	}
	h.Update(tea.KeyPressMsg{Code: tea.KeyPgUp})
	h.Update(tea.KeyPressMsg{Code: tea.KeyHome})
	if ansi.Strip(h.View()) != top {
		t.Fatal("home did not return to the top")
	}
	if act, _ := h.Update(press("q")); act == nil {
		t.Fatal("q did not close")
	}
}

// allSections are every group of the key map as help sections: the
// tallest overlay there is.
func allSections(com *common.Common) []HelpSection {
	var secs []HelpSection
	for _, g := range com.KeyMap.Groups() {
		secs = append(secs, HelpSection{Title: g.Title, Keys: g})
	}
	return secs
}
