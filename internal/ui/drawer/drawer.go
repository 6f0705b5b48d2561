// Package drawer is the / command drawer above the composer: typing "/" at
// the start of the composer opens it; it fuzzy-matches the typed command
// over the names and aliases of the gateway's catalog and of Iris's own
// commands (see Builtins, Resolve and ClientPrefix), and Tab completes the
// highlighted name or subcommand. Without a catalog it asks the root for
// commands.complete (ActionCompleteCommands).
//
// The composer's owner feeds it every change of the text (SetText) and
// gives it the keys it Wants while it is open. Enter takes the highlighted
// entry when it differs from the typed text (see Update); otherwise Enter
// sends the composer's text as typed.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package drawer

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/list"
)

// maxRows is how many matches the drawer shows at once.
const maxRows = 8

// Model is the drawer's view state; the catalog itself lives in the store.
type Model struct {
	com        *common.Common
	width      int
	catalog    []frame.Command // the gateway's catalog, or commands.complete matches
	fromServer bool            // catalog came from commands.catalog
	entries    []Entry
	matches    []match
	cur        list.Cursor // over the matches
	text       string
	open       bool
	dismissed  string // the text Esc closed the drawer at
	asked      string // the prefix last sent to commands.complete
	keys       keys
	paths      pathState // /attach path completion (paths.go)
}

var _ common.Component = (*Model)(nil)

// keys are the drawer's bindings: the list keys and the composer's
// Complete.
type keys struct{ up, down, complete, close, send key.Binding }

// New returns a closed drawer over the store's catalog.
func New(com *common.Common) *Model {
	km := com.KeyMap.Picker
	m := &Model{com: com, keys: keys{
		up: km.Up, down: km.Down, close: km.Close,
		complete: com.KeyMap.Composer.Complete, send: com.KeyMap.Composer.Send,
	}}
	m.SetCatalog(com.Store.Catalog())
	return m
}

// SetCatalog replaces the gateway's catalog (commands.catalog, or the
// store's cached copy). An empty catalog switches to commands.complete.
func (m *Model) SetCatalog(cmds []frame.Command) {
	m.catalog, m.fromServer, m.asked = cmds, len(cmds) > 0, ""
	m.entries = buildEntries(cmds, m.com.KeyMap)
	m.refilter()
}

// SetCompletions takes a commands.complete answer for prefix; it is used
// while there is no catalog, and only when it answers the current prefix.
func (m *Model) SetCompletions(prefix string, cmds []frame.Command) {
	if m.fromServer || prefix != m.prefix() {
		return
	}
	m.catalog = cmds
	m.entries = buildEntries(cmds, m.com.KeyMap)
	m.refilter()
}

// SetSize sets the drawer's width (its height follows its content).
func (m *Model) SetSize(w, _ int) { m.width = w }

// Open reports whether the drawer is shown.
func (m *Model) Open() bool { return m.open }

// SetText follows the composer's text: the drawer opens while the text is
// a single-line command being typed and closes otherwise. Without a catalog
// it returns ActionCompleteCommands for a new prefix.
func (m *Model) SetText(text string) common.Action {
	if text == m.text {
		return nil
	}
	m.text = text
	m.cur.Set(0)
	m.refilter()
	if dir, ok := m.pathWant(); ok {
		return common.ActionListDir{Dir: dir}
	}
	if m.active() && !m.fromServer && !strings.Contains(m.text, " ") && m.prefix() != m.asked {
		m.asked = m.prefix()
		return common.ActionCompleteCommands{Prefix: m.asked}
	}
	return nil
}

// prefix is the command word typed so far ("/mod").
func (m *Model) prefix() string {
	w, _, _ := strings.Cut(m.text, " ")
	return w
}

// Wants reports whether the open drawer takes kp (Up/Down, Tab, Esc, and
// Enter while the highlighted entry is not what was typed); every other key
// belongs to the composer.
func (m *Model) Wants(kp tea.KeyPressMsg) bool {
	if m.open && key.Matches(kp, m.keys.send) {
		return m.takesEnter()
	}
	return m.open && key.Matches(kp, m.keys.up, m.keys.down, m.keys.complete, m.keys.close)
}

// takesEnter reports whether Enter picks the highlighted command or
// subcommand: it does while a word is partly typed, unless the typed text
// already is that entry. A whole command name ("/reasoning ", with its
// subcommands on offer) and a file path are sent as typed.
func (m *Model) takesEnter() bool {
	h := m.Highlighted()
	if h == "" || m.matches[m.cur.Index()].path || strings.EqualFold(h, strings.TrimSpace(m.text)) {
		return false
	}
	word, rest, _ := strings.Cut(m.text, " ")
	return m.exact(word) < 0 || strings.TrimSpace(rest) != ""
}

// Update moves the highlight, completes on Tab (ActionComplete), takes the
// highlighted entry on Enter and closes on Esc until the text changes.
// Completing a command name that takes arguments adds the space after it,
// so its subcommands are offered next. Enter sends the highlighted entry
// (ActionComplete with Send), except a command whose argument is required
// ("<prompt>"), which Enter completes like Tab.
func (m *Model) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	kp, ok := msg.(tea.KeyPressMsg)
	if !ok || !m.open {
		return nil, nil
	}
	switch {
	case m.cur.Update(kp, list.Keys{Up: m.keys.up, Down: m.keys.down}):
	case key.Matches(kp, m.keys.close):
		m.open, m.dismissed = false, m.text
	case key.Matches(kp, m.keys.complete):
		if i := m.cur.Index(); i < len(m.matches) {
			return m.complete(m.completion(m.matches[i]), false)
		}
	case key.Matches(kp, m.keys.send):
		if m.takesEnter() {
			mt := m.matches[m.cur.Index()]
			text := m.completion(mt)
			return m.complete(text, !strings.HasSuffix(text, " ") || !m.argRequired(mt))
		}
	}
	return nil, nil
}

// completion is what choosing mt puts in the composer: a command name that
// takes arguments gets the space after it.
func (m *Model) completion(mt match) string {
	if strings.Contains(mt.completion, " ") || m.entries[mt.entry].ArgsHint == "" {
		return mt.completion
	}
	return mt.completion + " "
}

// argRequired reports whether mt's command must have an argument: its hint
// starts with a required "<…>" placeholder.
func (m *Model) argRequired(mt match) bool {
	return strings.HasPrefix(m.entries[mt.entry].ArgsHint, "<")
}

// complete puts text into the composer, unless it holds characters the
// composer would show raw (bidi overrides, controls: a file name or a
// gateway command can carry them); then it says why and how else to attach.
func (m *Model) complete(text string, send bool) (common.Action, tea.Cmd) {
	if termsafe.Line(text) != text {
		return nil, common.ReportError(fmt.Errorf(
			"cannot complete %q: it holds control or formatting characters (to attach such a file, use the file picker: %s)",
			text, m.com.KeyMap.Media.Attach.Help().Key))
	}
	if send {
		return common.ActionComplete{Text: strings.TrimSpace(text), Send: true}, nil
	}
	return common.ActionComplete{Text: text}, nil
}

// Highlighted returns what Tab would complete to, or "".
func (m *Model) Highlighted() string {
	if i := m.cur.Index(); m.open && i < len(m.matches) {
		return m.matches[i].completion
	}
	return ""
}

// Matches returns the completions on offer, best first.
func (m *Model) Matches() []string {
	out := make([]string, len(m.matches))
	for i, mt := range m.matches {
		out[i] = mt.completion
	}
	return out
}

// ShortHelp lists the drawer's keys.
func (m *Model) ShortHelp() []key.Binding {
	return []key.Binding{common.Described(m.keys.complete, "complete"), common.Described(m.keys.send, "send"),
		common.Described(m.keys.close, "close")}
}

// FullHelp lists the drawer's keys.
func (m *Model) FullHelp() [][]key.Binding {
	return [][]key.Binding{{m.keys.up, m.keys.down, m.keys.complete, m.keys.send, m.keys.close}}
}
