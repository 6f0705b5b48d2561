package keymap

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

func press(code rune, mod tea.KeyMod, text string) tea.KeyPressMsg {
	return tea.KeyPressMsg{Code: code, Mod: mod, Text: text}
}

func TestDefaultMatches(t *testing.T) {
	km := Default()
	cases := []struct {
		name string
		msg  tea.KeyPressMsg
		b    key.Binding
	}{
		{"ctrl+k switcher", press('k', tea.ModCtrl, ""), km.Global.Switcher},
		{"f1 help", press(tea.KeyF1, 0, ""), km.Global.Help},
		{"? help", press('?', 0, "?"), km.Global.Help},
		{"enter send", press(tea.KeyEnter, 0, ""), km.Composer.Send},
		{"alt+enter newline", press(tea.KeyEnter, tea.ModAlt, ""), km.Composer.Newline},
		{"ctrl+j newline", press('j', tea.ModCtrl, ""), km.Composer.Newline},
		{"esc", press(tea.KeyEscape, 0, ""), km.Global.Escape},
		{"pgup", press(tea.KeyPgUp, 0, ""), km.Global.PageUp},
		{"ctrl+c", press('c', tea.ModCtrl, ""), km.Global.Quit},
	}
	for _, c := range cases {
		if !key.Matches(c.msg, c.b) {
			t.Errorf("%s: %q does not match %v", c.name, c.msg.String(), c.b.Keys())
		}
	}
	if key.Matches(press(tea.KeyEnter, tea.ModAlt, ""), km.Composer.Send) {
		t.Error("alt+enter must not send")
	}
}

func TestEveryBindingHasHelp(t *testing.T) {
	km := Default()
	for name, b := range km.index() {
		if b.Help().Key == "" || b.Help().Desc == "" || len(b.Keys()) == 0 {
			t.Errorf("%s: missing keys or help", name)
		}
	}
	n := 0
	for _, g := range km.Groups() {
		n += len(g.Bindings)
	}
	if n != len(km.index()) {
		t.Errorf("groups list %d bindings, index has %d", n, len(km.index()))
	}
}

func TestApply(t *testing.T) {
	km, errs := Apply(map[string][]string{
		"global.switcher": {"ctrl+p", " "},
		"Composer.Send":   {"ctrl+s"},
		"global.nope":     {"x"},
		"sidebar.up":      {},
	})
	if len(errs) != 2 {
		t.Fatalf("want 2 errors, got %v", errs)
	}
	joined := errs[0].Error() + errs[1].Error()
	if !strings.Contains(joined, `"global.nope"`) || !strings.Contains(joined, `"sidebar.up"`) {
		t.Errorf("errors do not name the bindings: %v", errs)
	}
	if !key.Matches(press('p', tea.ModCtrl, ""), km.Global.Switcher) || key.Matches(press('k', tea.ModCtrl, ""), km.Global.Switcher) {
		t.Errorf("switcher override not applied: %v", km.Global.Switcher.Keys())
	}
	if km.Global.Switcher.Help().Key != "ctrl+p" {
		t.Errorf("help key = %q", km.Global.Switcher.Help().Key)
	}
	if !key.Matches(press('s', tea.ModCtrl, ""), km.Composer.Send) {
		t.Error("case-insensitive name not applied")
	}
	if !key.Matches(press(tea.KeyUp, 0, ""), km.Sidebar.Up) {
		t.Error("a rejected override must keep the default")
	}
	if d := Default(); !key.Matches(press('k', tea.ModCtrl, ""), d.Global.Switcher) {
		t.Error("Apply mutated the defaults")
	}
}

// TestREADMEListsEveryAction: the README's list of [keys] action names
// holds every binding name and no other.
func TestREADMEListsEveryAction(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, text, ok := strings.Cut(string(data), "Action names for `[keys]`")
	if !ok {
		t.Fatal("README has no list of action names")
	}
	text, _, _ = strings.Cut(text, "\n\n")
	documented := map[string]bool{}
	areas := regexp.MustCompile("`([a-z]+)\\.`").FindAllStringSubmatchIndex(text, -1)
	for i, a := range areas {
		end := len(text)
		if i+1 < len(areas) {
			end = areas[i+1][0]
		}
		for _, m := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(text[a[1]:end], -1) {
			documented[text[a[2]:a[3]]+"."+m[1]] = true
		}
	}
	for _, n := range Names() {
		if !documented[n] {
			t.Errorf("README does not list %s", n)
		}
		delete(documented, n)
	}
	for n := range documented {
		t.Errorf("README lists %s, which is no binding", n)
	}
}

func TestPositionAndJoin(t *testing.T) {
	km := Default()
	if p := Position(press('3', 0, "3"), km.Picker.Digit); p != 2 {
		t.Errorf("3 is at %d", p)
	}
	if p := Position(press('x', 0, "x"), km.Picker.Digit); p != -1 {
		t.Errorf("x is at %d", p)
	}
	j := Join(km.Picker.Up, km.Picker.VimUp)
	if !key.Matches(press(tea.KeyUp, 0, ""), j) || !key.Matches(press('k', 0, "k"), j) || j.Help() != km.Picker.Up.Help() {
		t.Errorf("join: keys %v help %v", j.Keys(), j.Help())
	}
}
