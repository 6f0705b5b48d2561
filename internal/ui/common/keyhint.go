package common

import (
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
)

// HelpLine is the short help of bs as one hint line ("key what · key
// what"), rendered through bubbles' help from the bindings themselves, so it
// follows the [keys] overrides. It is unstyled: the caller styles the line.
// A dialog's hint line is its ShortHelp.
func HelpLine(bs ...key.Binding) string {
	m := help.New()
	m.ShortSeparator = " · "
	m.Styles = help.Styles{}
	return m.ShortHelpView(bs)
}

// Described is b named for what it does here: the same keys (as [keys]
// bound them), the description what.
func Described(b key.Binding, what string) key.Binding {
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, what))
}

// Combined is one binding for the keys of bs, named name and described
// what, for a hint that names several keys at once ("↑↓ move", "y/enter:
// yes").
func Combined(name, what string, bs ...key.Binding) key.Binding {
	var keys []string
	for _, b := range bs {
		keys = append(keys, b.Keys()...)
	}
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(name, what))
}

// Moves is the one binding of a list's up and down keys: "↑↓ move".
func Moves(up, down key.Binding) key.Binding { return Combined(KeyPair(up, down), "move", up, down) }

// KeyNames names the keys of bindings for a hint, from their help labels
// joined with "/" ("enter/space"), so a hint follows the [keys] overrides.
func KeyNames(bs ...key.Binding) string {
	names := make([]string, len(bs))
	for i, b := range bs {
		names[i] = b.Help().Key
	}
	return strings.Join(names, "/")
}

// KeyPair names two opposite bindings: run together when both are one
// character ("↑↓", "jk"), else like KeyNames ("ctrl+u/ctrl+d").
func KeyPair(a, b key.Binding) string {
	ka, kb := a.Help().Key, b.Help().Key
	if utf8.RuneCountInString(ka) == 1 && utf8.RuneCountInString(kb) == 1 {
		return ka + kb
	}
	return ka + "/" + kb
}

// KeyHint is one "keys what" item of a hint line ("enter select").
func KeyHint(what string, bs ...key.Binding) string { return KeyNames(bs...) + " " + what }

// HintLine joins hint items with " · ".
func HintLine(items ...string) string { return strings.Join(items, " · ") }

// FirstKey names a binding's first key, as its help label writes it
// ("alt+enter" of "alt+enter/ctrl+j"), for a hint with room for one.
func FirstKey(b key.Binding) string {
	k := b.Help().Key
	if first, _, ok := strings.Cut(k, "/"); ok && first != "" {
		return first
	}
	return k
}

// KeyRange names the first n keys of b, one per position: as a range
// with their common prefix written once when they run in sequence ("1-5",
// "alt+1-3"), else one by one ("a/s/d"), so a hint says exactly which keys
// answer.
func KeyRange(b key.Binding, n int) string {
	keys := b.Keys()[:min(n, len(b.Keys()))]
	if len(keys) < 3 || keys[0] == "" {
		return strings.Join(keys, "/")
	}
	prefix := keys[0][:len(keys[0])-1]
	for i, k := range keys {
		if k != prefix+string(rune(keys[0][len(keys[0])-1])+rune(i)) {
			return strings.Join(keys, "/")
		}
	}
	return keys[0] + "-" + keys[len(keys)-1][len(prefix):]
}
