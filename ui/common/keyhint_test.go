package common

import (
	"testing"

	"charm.land/bubbles/v2/key"
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
