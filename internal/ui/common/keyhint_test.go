package common

import (
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

func TestKeyHints(t *testing.T) {
	b := func(help string) key.Binding { return key.NewBinding(key.WithKeys("x"), key.WithHelp(help, "")) }
	keys := func(ks ...string) key.Binding { return key.NewBinding(key.WithKeys(ks...)) }
	cases := []struct{ got, want string }{
		{KeyPair(b("↑"), b("↓")), "↑↓"},
		{KeyPair(b("j"), b("k")), "jk"},
		{KeyPair(b("ctrl+u"), b("↓")), "ctrl+u/↓"},
		{KeyNames(b("enter"), b("space")), "enter/space"},
		{KeyHint("close", b("esc")), "esc close"},
		{HintLine("a", "b"), "a · b"},
		{FirstKey(b("alt+enter/ctrl+j")), "alt+enter"},
		{FirstKey(b("/")), "/"},
		{KeyRange(keys("1", "2", "3", "4", "5", "6"), 5), "1-5"},
		{KeyRange(keys("alt+1", "alt+2", "alt+3"), 3), "alt+1-3"},
		{KeyRange(keys("1", "2", "3"), 2), "1/2"},
		{KeyRange(keys("a", "s", "d", "f"), 3), "a/s/d"},
		{KeyRange(keys("1", "2"), 0), ""},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestHelpLine renders bindings as a hint line through bubbles' help: the
// keys as bound, the descriptions given here, disabled bindings left out.
func TestHelpLine(t *testing.T) {
	up := key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up"))
	down := key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down"))
	enter := key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "select"))
	off := key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "gone"), key.WithDisabled())
	got := HelpLine(Moves(up, down), Described(enter, "answer"), off, Combined("y/n:", "yes or no", enter, up))
	if want := "↑↓ move · ctrl+s answer · y/n: yes or no"; got != want {
		t.Fatalf("HelpLine = %q, want %q", got, want)
	}
	if m := Moves(up, down); !key.Matches(tea.KeyPressMsg{Code: tea.KeyDown}, m) || !key.Matches(tea.KeyPressMsg{Code: tea.KeyUp}, m) {
		t.Fatal("the combined binding does not take the keys it names")
	}
}
