package common

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

func TestKeyHints(t *testing.T) {
	b := func(help string) key.Binding { return key.NewBinding(key.WithKeys("x"), key.WithHelp(help, "")) }
	cases := []struct{ got, want string }{
		{KeyPair(b("↑"), b("↓")), "↑↓"},
		{KeyPair(b("j"), b("k")), "jk"},
		{KeyPair(b("ctrl+u"), b("↓")), "ctrl+u/↓"},
		{KeyNames(b("enter"), b("space")), "enter/space"},
		{KeyHint("close", b("esc")), "esc close"},
		{HintLine("a", "b"), "a · b"},
		{FirstKey(b("alt+enter/ctrl+j")), "alt+enter"},
		{FirstKey(b("/")), "/"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
