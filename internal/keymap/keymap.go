// Package keymap holds every key binding of Iris, grouped by the focus area
// it applies to. Default returns a fresh value; Apply layers overrides from
// the configuration on top of it. There is no package-level mutable keymap.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package keymap

import (
	"fmt"
	"slices"

	"charm.land/bubbles/v2/key"
)

// KeyMap is the complete set of bindings, one struct per focus area.
type KeyMap struct {
	Global     Global
	Sidebar    Sidebar
	Transcript Transcript
	Composer   Composer
	Picker     Picker
	Files      Files
	Media      Media
}

// Global bindings are checked before any focused component sees a key.
type Global struct {
	Quit            key.Binding // clears a non-empty composer, quits on an empty one
	Help            key.Binding
	Switcher        key.Binding
	FocusNext       key.Binding
	FocusPrev       key.Binding
	Escape          key.Binding // closes an overlay, or stops the busy lane
	ToggleSidebar   key.Binding
	ToggleReasoning key.Binding
	ToggleSteer     key.Binding
	ToolVerbosity   key.Binding
	ToggleFooter    key.Binding
	Resend          key.Binding // re-sends the focused lane's failed messages
	Search          key.Binding
	Stop            key.Binding // stops the focused lane's agent
	Picker          key.Binding // brings back a hidden picker
	AutoThread      key.Binding // the next message starts a new thread
	Channels        key.Binding // the channel menu
	ConnDetail      key.Binding // why the last connection attempt failed
	PageUp          key.Binding
	PageDown        key.Binding
	Top             key.Binding
	Bottom          key.Binding
}

// Sidebar bindings apply while the channel list has focus.
type Sidebar struct {
	Up   key.Binding
	Down key.Binding
	Open key.Binding
}

// Transcript bindings apply while the transcript has focus.
type Transcript struct {
	Up     key.Binding
	Down   key.Binding
	Top    key.Binding
	Bottom key.Binding
	// Compose goes back to the composer (from the sidebar too).
	Compose key.Binding
	// The keys below act on the selected message (Up/Down select it).
	Copy      key.Binding // copies its source text (OSC 52)
	CopyCode  key.Binding // copies one of its code blocks
	View      key.Binding // opens it in $PAGER
	Delete    key.Binding // deletes one's own message (asks first)
	Reasoning key.Binding // shows or hides its reasoning
	Expand    key.Binding // unfolds a long message of one's own (and folds it back)
}

// Composer bindings apply while the composer has focus.
type Composer struct {
	Send     key.Binding
	Newline  key.Binding
	Complete key.Binding // completes the / drawer's highlighted command
	CopyLast key.Binding // copies the lane's last reply (OSC 52)
	Editor   key.Binding // edits the draft in $VISUAL/$EDITOR
	// RecallPrev and RecallNext walk the user's sent messages of the lane
	// from an empty composer.
	RecallPrev key.Binding
	RecallNext key.Binding
}

// Picker bindings apply inside list dialogs (channel switcher, pickers,
// search, settings, help). VimUp, VimDown and Digit work only in lists
// without a text field; Scope toggles the search scope.
type Picker struct {
	Up      key.Binding
	Down    key.Binding
	Select  key.Binding
	Close   key.Binding
	VimUp   key.Binding
	VimDown key.Binding
	// Digit picks the row of its position: the first key the first row.
	Digit  key.Binding
	Pick   key.Binding // picks a listed choice where digits are typed (a clarify's text)
	Scope  key.Binding
	Toggle key.Binding // toggles a choice of a multi-select; the next value in settings
	Next   key.Binding // settings: the next value
	Prev   key.Binding // settings: the previous value
	Yes    key.Binding // answers a yes/no question yes (Select does too)
	No     key.Binding // answers a yes/no question no (Close does too)
	Quit   key.Binding // closes the help overlay (Close and Help do too)
}

// Files bindings apply in the file picker, with the Picker area's Up,
// Down, Select and Close.
type Files struct {
	Open     key.Binding // opens the highlighted folder (Select does too)
	Back     key.Binding // goes up a folder
	Top      key.Binding // the first entry
	Bottom   key.Binding // the last entry
	PageUp   key.Binding
	PageDown key.Binding
}

// Media bindings: attaching files in the composer, and acting on the media
// chip selected in the transcript (Next/Prev select it while the transcript
// has focus).
type Media struct {
	Attach         key.Binding // opens the file picker (any focus)
	Detach         key.Binding // composer: removes the selected attachment, or cancels its upload
	AttachmentPrev key.Binding // composer: selects the previous attachment
	AttachmentNext key.Binding // composer: selects the next attachment
	Prev           key.Binding // transcript: selects the previous media chip
	Next           key.Binding // transcript: selects the next media chip
	Open           key.Binding
	Save           key.Binding
	Preview        key.Binding
	Cancel         key.Binding // transcript: cancels the selected media's transfer
}

func bind(help string, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// Default returns the stock key bindings.
func Default() KeyMap {
	return KeyMap{
		Global: Global{
			Quit:            bind("ctrl+c", "clear / quit", "ctrl+c"),
			Help:            bind("?/f1", "help", "f1", "?"),
			Switcher:        bind("ctrl+k", "switch channel", "ctrl+k"),
			FocusNext:       bind("tab", "next pane", "tab"),
			FocusPrev:       bind("shift+tab", "previous pane", "shift+tab"),
			Escape:          bind("esc", "close / stop agent", "esc"),
			ToggleSidebar:   bind("ctrl+b", "toggle sidebar", "ctrl+b"),
			ToggleReasoning: bind("ctrl+r", "toggle reasoning", "ctrl+r"),
			ToggleSteer:     bind("ctrl+t", "steer / queue / gateway", "ctrl+t"),
			ToolVerbosity:   bind("ctrl+o", "tool detail", "ctrl+o"),
			ToggleFooter:    bind("alt+f", "runtime footer", "alt+f"),
			Search:          bind("ctrl+f", "search", "ctrl+f"),
			Stop:            bind("ctrl+x", "stop agent", "ctrl+x"),
			Picker:          bind("alt+p", "answer pending question", "alt+p"),
			AutoThread:      bind("alt+t", "next message: new thread", "alt+t"),
			Channels:        bind("alt+c", "channel menu", "alt+c"),
			ConnDetail:      bind("alt+w", "why offline", "alt+w"),
			Resend:          bind("ctrl+g", "resend failed", "ctrl+g"),
			PageUp:          bind("pgup", "page up", "pgup"),
			PageDown:        bind("pgdn", "page down", "pgdown"),
			Top:             bind("ctrl+home", "oldest", "ctrl+home"),
			Bottom:          bind("ctrl+end", "newest", "ctrl+end"),
		},
		Sidebar: Sidebar{
			Up:   bind("↑/k", "up", "up", "k"),
			Down: bind("↓/j", "down", "down", "j"),
			Open: bind("enter", "open", "enter"),
		},
		Transcript: Transcript{
			Up:        bind("↑/k", "previous message", "up", "k"),
			Down:      bind("↓/j", "next message", "down", "j"),
			Top:       bind("home/g", "oldest", "home", "g"),
			Bottom:    bind("end/G", "newest", "end", "G"),
			Compose:   bind("i", "type a message", "i"),
			Copy:      bind("y", "copy message", "y"),
			CopyCode:  bind("c", "copy code block", "c"),
			View:      bind("v", "view in pager", "v"),
			Delete:    bind("d", "delete own message", "d"),
			Reasoning: bind("r", "message reasoning", "r"),
			Expand:    bind("e", "expand / fold message", "e"),
		},
		Composer: Composer{
			Send:       bind("enter", "send", "enter"),
			Newline:    bind("alt+enter/ctrl+j", "newline", "alt+enter", "ctrl+j"),
			Complete:   bind("tab", "complete /command", "tab"),
			CopyLast:   bind("alt+y", "copy last reply", "alt+y"),
			Editor:     bind("ctrl+e", "edit in $EDITOR", "ctrl+e"),
			RecallPrev: bind("↑", "recall sent (empty)", "up"),
			RecallNext: bind("↓", "recall newer", "down"),
		},
		Picker: Picker{
			Up:      bind("↑", "up", "up", "ctrl+p"),
			Down:    bind("↓", "down", "down", "ctrl+n"),
			Select:  bind("enter", "select", "enter"),
			Close:   bind("esc", "close", "esc"),
			VimUp:   bind("k", "up", "k"),
			VimDown: bind("j", "down", "j"),
			Digit:   bind("1-9", "pick", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
			Pick:    bind("alt+1-9", "pick while typing", "alt+1", "alt+2", "alt+3", "alt+4", "alt+5", "alt+6", "alt+7", "alt+8", "alt+9"),
			Scope:   bind("tab", "all / this lane", "tab"),
			Toggle:  bind("space", "toggle / next value", "space"),
			Next:    bind("→", "next value", "right", "l"),
			Prev:    bind("←", "previous value", "left", "h"),
			Yes:     bind("y", "yes", "y"),
			No:      bind("n", "no", "n"),
			Quit:    bind("q", "close help", "q"),
		},
		Files: Files{
			Open:     bind("→", "open folder", "right", "l"),
			Back:     bind("←", "up a folder", "left", "h", "backspace"),
			Top:      bind("g", "first", "g"),
			Bottom:   bind("G", "last", "G"),
			PageUp:   bind("pgup/K", "page up", "pgup", "K"),
			PageDown: bind("pgdn/J", "page down", "pgdown", "J"),
		},
		Media: Media{
			Attach:         bind("alt+a", "attach", "alt+a"),
			Detach:         bind("alt+x", "detach", "alt+x"),
			AttachmentPrev: bind("alt+,", "chip ◂", "alt+,"),
			AttachmentNext: bind("alt+.", "chip ▸", "alt+."),
			Prev:           bind("[", "media ◂", "["),
			Next:           bind("]", "media ▸", "]"),
			Open:           bind("o", "open", "o"),
			Save:           bind("s", "save", "s"),
			Preview:        bind("p", "preview", "p"),
			Cancel:         bind("x", "cancel", "x"),
		},
	}
}

// Groups returns every binding grouped by area, in display order, with the
// area's title; the help overlay is generated from it.
func (k KeyMap) Groups() []Group {
	g := k.Global
	return []Group{
		{"Global", []key.Binding{g.Help, g.Switcher, g.Search, g.FocusNext, g.FocusPrev, g.Escape, g.Stop, g.Quit,
			g.Picker, g.Channels, g.AutoThread, g.ToggleSidebar, g.ToggleReasoning, g.ToggleSteer, g.ToolVerbosity,
			g.ToggleFooter, g.Resend, g.ConnDetail, g.PageUp, g.PageDown, g.Top, g.Bottom}},
		{"Composer", []key.Binding{k.Composer.Send, k.Composer.Newline, k.Composer.Complete, k.Composer.CopyLast,
			k.Composer.Editor, k.Composer.RecallPrev, k.Composer.RecallNext}},
		{"Transcript", []key.Binding{k.Transcript.Up, k.Transcript.Down, k.Transcript.Top, k.Transcript.Bottom,
			k.Transcript.Compose, k.Transcript.Copy, k.Transcript.CopyCode, k.Transcript.View, k.Transcript.Delete,
			k.Transcript.Reasoning, k.Transcript.Expand}},
		{"Channels", []key.Binding{k.Sidebar.Up, k.Sidebar.Down, k.Sidebar.Open}},
		{"Lists", []key.Binding{k.Picker.Up, k.Picker.Down, k.Picker.VimUp, k.Picker.VimDown, k.Picker.Digit,
			k.Picker.Pick, k.Picker.Select, k.Picker.Scope, k.Picker.Close, k.Picker.Toggle, k.Picker.Prev,
			k.Picker.Next, k.Picker.Yes, k.Picker.No, k.Picker.Quit}},
		{"Files", []key.Binding{k.Files.Open, k.Files.Back, k.Files.Top, k.Files.Bottom, k.Files.PageUp, k.Files.PageDown}},
		{"Media", []key.Binding{k.Media.Attach, k.Media.Detach, k.Media.AttachmentPrev, k.Media.AttachmentNext,
			k.Media.Prev, k.Media.Next, k.Media.Open, k.Media.Save, k.Media.Preview, k.Media.Cancel}},
	}
}

// Join is one binding for the keys of every b, with the first one's help
// (for a component that takes one binding where Iris has several).
func Join(bs ...key.Binding) key.Binding {
	var keys []string
	for _, b := range bs {
		keys = append(keys, b.Keys()...)
	}
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(bs[0].Help().Key, bs[0].Help().Desc))
}

// Position is the place of the key pressed among b's keys (the first key
// is 0), or -1 when b does not match it: a digit binding picks the row of
// its position, whatever keys it was given.
func Position(pressed fmt.Stringer, b key.Binding) int {
	if !key.Matches(pressed, b) {
		return -1
	}
	return slices.Index(b.Keys(), pressed.String())
}

// Group is a titled set of bindings for help.
type Group struct {
	Title    string
	Bindings []key.Binding
}

// ShortHelp lists the group's bindings (bubbles' help.KeyMap).
func (g Group) ShortHelp() []key.Binding { return g.Bindings }

// FullHelp lists the group's bindings in one column (bubbles' help.KeyMap).
func (g Group) FullHelp() [][]key.Binding { return [][]key.Binding{g.Bindings} }

// Group returns the group titled title (false when there is none).
func (k KeyMap) Group(title string) (Group, bool) {
	for _, g := range k.Groups() {
		if g.Title == title {
			return g, true
		}
	}
	return Group{}, false
}
