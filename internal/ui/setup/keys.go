package setup

import "charm.land/bubbles/v2/key"

// KeyMap is the setup form's bindings.
type KeyMap struct {
	Next   key.Binding
	Prev   key.Binding
	Enter  key.Binding
	Toggle key.Binding
	Test   key.Binding
	Save   key.Binding
	Cancel key.Binding
}

// DefaultKeyMap returns the setup form's default bindings.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Next:   key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab", "next")),
		Prev:   key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab", "previous")),
		Enter:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "next / press")),
		Toggle: key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "toggle")),
		Test:   key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "test connection")),
		Save:   key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save")),
		Cancel: key.NewBinding(key.WithKeys("esc", "ctrl+c"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp lists the bindings shown under the form.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Next, k.Test, k.Save, k.Cancel}
}

// FullHelp is ShortHelp plus the rest, in one column.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Next, k.Prev, k.Enter, k.Toggle, k.Test, k.Save, k.Cancel}}
}
