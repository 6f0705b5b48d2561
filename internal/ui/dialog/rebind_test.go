package dialog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"charm.land/bubbles/v2/filepicker"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/keymap/keymaptest"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// reboundKeys moves every dialog key off its default, as a user's
// config.toml [keys] table would.
const reboundKeys = `
"picker.up" = ["ctrl+u"]
"picker.down" = ["ctrl+d"]
"picker.vim_up" = ["K"]
"picker.vim_down" = ["J"]
"picker.select" = ["ctrl+s"]
"picker.close" = ["ctrl+w"]
"picker.scope" = ["ctrl+o"]
"picker.digit" = ["a", "s", "d", "f"]
"picker.pick" = ["alt+a", "alt+s", "alt+d"]
"picker.toggle" = ["x"]
"picker.next" = ["ctrl+l"]
"picker.prev" = ["ctrl+h"]
"picker.yes" = ["o"]
"picker.no" = ["ctrl+n"]
"picker.quit" = ["ctrl+q"]
"files.open" = ["ctrl+f"]
"files.back" = ["ctrl+b"]
"files.top" = ["ctrl+t"]
"files.bottom" = ["ctrl+g"]
"files.page_up" = ["ctrl+p"]
"files.page_down" = ["ctrl+r"]
"global.page_up" = ["ctrl+y"]
"global.page_down" = ["ctrl+e"]
"global.help" = ["f2"]
`

// reboundCom is a dialog Common with reboundKeys applied through the
// configuration.
func reboundCom(t *testing.T) *common.Common {
	t.Helper()
	com := testCom(t, themes.Dark)
	com.KeyMap = keymaptest.FromConfig(t, reboundKeys)
	return com
}

// viewOf is a dialog's view without styles, its lines joined by spaces
// with the frame's borders removed, so a hint reads as one string.
func viewOf(d Dialog) string {
	var b strings.Builder
	for _, l := range strings.Split(ansi.Strip(d.View()), "\n") {
		b.WriteString(strings.Trim(l, "│╭╮╰╯─ ") + "\n")
	}
	return b.String()
}

// mustHint fails unless the view shows want, and shows none of the default
// hints in gone.
func mustHint(t *testing.T, name, view, want string, gone ...string) {
	t.Helper()
	if !strings.Contains(view, want) {
		t.Errorf("%s: hint %q not shown:\n%s", name, want, view)
	}
	for _, g := range gone {
		if strings.Contains(view, g) {
			t.Errorf("%s: the default hint %q is still shown:\n%s", name, g, view)
		}
	}
}

// TestReboundKeysDriveDialogHints rebinds every dialog key and checks that
// each dialog's hint names the new keys, not the defaults.
func TestReboundKeysDriveDialogHints(t *testing.T) {
	com := reboundCom(t)
	applyJSON(t, com, `{"type":"channel.list","payload":{"channels":[{"chat_id":"c1","name":"Ops","kind":"channel"}]}}`)
	lane := frame.Lane{ChatID: "c1"}
	sized := func(d Dialog) Dialog { d.SetSize(100, 40); return d }

	mustHint(t, "settings", viewOf(sized(NewSettings(com, ""))),
		"ctrl+u/ctrl+d move · ctrl+s/x/ctrl+h/ctrl+l change", "↑↓ move", "enter/space", "esc close")
	mustHint(t, "search", viewOf(sized(NewSearch(com, lane, "", noTick))),
		"ctrl+s search / jump · ctrl+o all ↔ this lane · ctrl+u/ctrl+d move · ctrl+w close", "enter search", "tab all", "esc close")
	mustHint(t, "channel menu", viewOf(sized(NewChannels(com, lane))),
		"ctrl+u/ctrl+d/JK move · a/s/d/f pick · ctrl+s select · ctrl+w", "↑↓/jk", "1-9 pick", "esc close")
	mustHint(t, "channel name", viewOf(sized(NewChannelOp(com, lane, OpRename))),
		"ctrl+s save · ctrl+w cancel", "enter save", "esc cancel")
	mustHint(t, "confirm", viewOf(sized(NewConfirm(com, "Quit?", nil, common.ActionClose{}))),
		"o/ctrl+s: yes · ctrl+n/ctrl+w: no", "y/enter", "n/esc")
	mustHint(t, "inbox", viewOf(sized(NewInbox(com))),
		"ctrl+u/ctrl+d move · ctrl+s answer in its channel · ctrl+w close", "↑↓ move", "esc close")
	fp, _ := NewFilePicker(com, t.TempDir(), "")
	mustHint(t, "file picker", viewOf(sized(fp)),
		"ctrl+s attach · ctrl+f open dir · ctrl+b up · ctrl+w close", "enter attach", "→ open", "← up", "esc close")

	help := NewHelp(com, allSections(com)...)
	help.SetSize(80, 24)
	mustHint(t, "help", viewOf(help), "↓ more below · ctrl+d/ctrl+e scroll", "↓/pgdn")

	multi := armed(t, com, queued(t, com, `{"type":"picker.clarify","chat_id":"c1","payload":{"picker_id":"pq_r","question":"Which?","multi_select":true,"choices":["one","two","three"]}}`))
	mustHint(t, "multi-select picker", viewOf(multi),
		"ctrl+u/ctrl+d move · x toggle · ctrl+s send (or the typed answer)", "↑↓ move", "space toggle", "esc hide")
	mustHint(t, "multi-select picker", viewOf(multi), "Pick any number: x (or alt+a/alt+s/alt+d) toggles, ctrl+s sends.", "space (or")
	choice := armed(t, com, queued(t, com, `{"type":"picker.choice","chat_id":"c1","payload":{"picker_id":"pc_r","title":"Effort","choices":[{"value":"low","label":"Low"},{"value":"high","label":"High"}]}}`))
	mustHint(t, "choice picker", viewOf(choice),
		"a/s, or ctrl+u/ctrl+d then ctrl+s, to answer · ctrl+w hide", "↑↓ then enter", "1-9", "esc hide")
	mustHint(t, "choice picker rows", viewOf(choice), "a   Low", "1   Low")
}

// TestReboundKeysActInDialogs checks that a rebound key acts and the
// default it replaced no longer does, in every dialog that matched keys by
// name before.
func TestReboundKeysActInDialogs(t *testing.T) {
	com := reboundCom(t)
	applyJSON(t, com, `{"type":"channel.list","payload":{"channels":[{"chat_id":"c1","name":"Ops","kind":"channel"}]}}`)
	lane := frame.Lane{ChatID: "c1"}

	t.Run("settings", func(t *testing.T) {
		d := NewSettings(com, "")
		for _, k := range []tea.KeyPressMsg{press("space"), press("l"), press("h"), {Code: tea.KeyRight}, {Code: tea.KeyLeft}, press("enter")} {
			if act, _ := d.Update(k); act != nil {
				t.Errorf("the old key %s still changes a setting", k)
			}
		}
		for _, k := range []string{"x", "ctrl+l", "ctrl+h", "ctrl+s"} {
			if act, _ := d.Update(press(k)); act == nil {
				t.Errorf("the new key %s does not change the setting", k)
			}
		}
		d.Update(press("down"))
		if d.cursor != 0 {
			t.Error("the old down key moved the cursor")
		}
		d.Update(press("ctrl+d"))
		if d.cursor != 1 {
			t.Error("the new down key did not move the cursor")
		}
	})

	t.Run("confirm", func(t *testing.T) {
		c := NewConfirm(com, "Delete?", nil, common.ActionOpenLane{Lane: lane})
		for _, k := range []string{"y", "n", "enter", "esc"} {
			if act, _ := c.Update(press(k)); act != nil {
				t.Errorf("the old key %s still answers: %#v", k, act)
			}
		}
		if act, _ := c.Update(press("o")); act != (common.ActionOpenLane{Lane: lane}) {
			t.Errorf("the new yes key answers %#v", act)
		}
		if act, _ := c.Update(press("ctrl+n")); act != (common.ActionClose{}) {
			t.Errorf("the new no key answers %#v", act)
		}
	})

	t.Run("help", func(t *testing.T) {
		h := NewHelp(com, allSections(com)...)
		h.SetSize(80, 24)
		for _, k := range []tea.KeyPressMsg{press("q"), press("esc"), press("?"), {Code: tea.KeyF1}} {
			if act, _ := h.Update(k); act != nil {
				t.Errorf("the old key %s still closes help", k)
			}
		}
		for _, k := range []tea.KeyPressMsg{press("ctrl+q"), press("ctrl+w"), {Code: tea.KeyF2}} {
			if act, _ := h.Update(k); act != (common.ActionClose{}) {
				t.Errorf("the new key %s does not close help", k)
			}
		}
		top := h.View()
		h.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
		if h.View() != top {
			t.Error("the old page key still scrolls help")
		}
		h.Update(press("ctrl+e"))
		if h.View() == top {
			t.Error("the new page key does not scroll help")
		}
	})

	t.Run("channel menu digits", func(t *testing.T) {
		c := NewChannels(com, lane)
		if act, _ := c.Update(press("3")); act != nil || c.step != stepMenu {
			t.Fatal("the old digit 3 still picks")
		}
		c.Update(press("d")) // the third digit key: rename
		if c.step != stepName || c.op != OpRename {
			t.Fatalf("the new digit d did not pick rename: step %d op %q", c.step, c.op)
		}
	})

	t.Run("search scope", func(t *testing.T) {
		s := NewSearch(com, lane, "x", noTick)
		s.Update(press("tab"))
		if s.Scope() != ScopeAll {
			t.Fatal("the old scope key still toggles")
		}
		s.Update(press("ctrl+o"))
		if s.Scope() != ScopeChat {
			t.Fatal("the new scope key does not toggle")
		}
	})

	t.Run("multi-select toggle and pick", func(t *testing.T) {
		p := armed(t, com, queued(t, com, `{"type":"picker.clarify","chat_id":"c1","payload":{"picker_id":"pq_t","question":"Which?","multi_select":true,"choices":["one","two","three"]}}`))
		act := keys(t, p, "ctrl+d", "space", "ctrl+d", "x", "alt+3", "alt+d", "ctrl+s")
		sel, ok := act.(common.ActionSelectPicker)
		if !ok || sel.Value != `["one","three"]` {
			t.Fatalf("answer %#v, want one and three (space and alt+3 no longer toggle)", act)
		}
	})

	t.Run("file picker back", func(t *testing.T) {
		dir := t.TempDir()
		sub := filepath.Join(dir, "sub")
		if err := os.Mkdir(sub, 0o700); err != nil {
			t.Fatal(err)
		}
		fp, _ := NewFilePicker(com, sub, "")
		fp.Update(tea.KeyPressMsg{Code: tea.KeyLeft})
		fp.Update(press("h"))
		if fp.Dir() != sub {
			t.Fatalf("the old back key left %s for %s", sub, fp.Dir())
		}
		fp.Update(press("ctrl+b"))
		if fp.Dir() != dir {
			t.Fatalf("the new back key went to %s, want %s", fp.Dir(), dir)
		}
	})
}

// TestSearchHitsPageAndWheel: PgDn moves the highlight a screenful of hits
// less one, the wheel one hit, both stopping at the last.
func TestSearchHitsPageAndWheel(t *testing.T) {
	com := testCom(t, themes.Dark)
	s := NewSearch(com, frame.Lane{ChatID: "c"}, "x", noTick)
	s.SetSize(100, 20) // (20-10)/2 = 5 hits on screen
	asked := s.Start().(common.ActionSearch)
	hits := make([]frame.SearchHit, 12)
	for i := range hits {
		hits[i] = frame.SearchHit{MessageID: "m" + string(rune('a'+i)), ChatID: "c", Role: "user", Snippet: "x"}
	}
	s.SetResults(asked, frame.SearchResults{Hits: hits})
	jump := func() string {
		act, _ := s.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
		return act.(common.ActionJump).MessageID
	}
	s.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
	if got := jump(); got != "me" {
		t.Fatalf("pgdn landed on %s, want me (4 down)", got)
	}
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if got := jump(); got != "mf" {
		t.Fatalf("the wheel landed on %s, want mf", got)
	}
	for range 5 {
		s.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
	}
	if got := jump(); got != "ml" {
		t.Fatalf("pgdn past the end landed on %s, want ml", got)
	}
}

// TestReboundFilePickerKeys: the bubbles file picker's first, last and page
// keys come from the key map too, so [keys] moves them off g, G, K and J.
func TestReboundFilePickerKeys(t *testing.T) {
	fk := filePickerKeys(reboundCom(t).KeyMap, filepicker.DefaultKeyMap())
	for _, c := range []struct {
		name     string
		b        key.Binding
		old, new string
	}{
		{"top", fk.GoToTop, "g", "ctrl+t"},
		{"bottom", fk.GoToLast, "G", "ctrl+g"},
		{"page up", fk.PageUp, "K", "ctrl+p"},
		{"page down", fk.PageDown, "J", "ctrl+r"},
	} {
		if key.Matches(press(c.old), c.b) {
			t.Errorf("%s: the old key %s still matches", c.name, c.old)
		}
		if !key.Matches(press(c.new), c.b) {
			t.Errorf("%s: the new key %s does not match", c.name, c.new)
		}
	}
}

// TestSettingsNameTheSendKeyAsBound: the busy-input row says what the send
// key does while the agent works, naming the key as [keys] binds it.
func TestSettingsNameTheSendKeyAsBound(t *testing.T) {
	com := testCom(t, themes.Dark)
	if v := viewOf(NewSettings(com, "")); !strings.Contains(v, "While busy, Enter") {
		t.Fatalf("default keys:\n%s", v)
	}
	com.KeyMap = keymaptest.FromConfig(t, `"composer.send" = ["ctrl+s"]`)
	d := NewSettings(com, "")
	if v := viewOf(d); !strings.Contains(v, "While busy, Ctrl+s") || strings.Contains(v, "Enter") {
		t.Fatalf("send rebound to ctrl+s:\n%s", v)
	}
	if d.Value("While busy, Ctrl+s") != "steers" {
		t.Fatalf("Value by the shown label = %q", d.Value("While busy, Ctrl+s"))
	}
}
