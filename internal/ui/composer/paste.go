package composer

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/ui/common"
)

// PasteLimit is the largest paste the composer takes (1 MiB). A larger one
// is refused with a message that offers to attach it as a file instead.
const PasteLimit = 1 << 20

// inlinePaste is the largest paste inserted into the editor as text. The
// editor re-wraps its whole content on every key, so a larger paste is held
// apart as a block: a one-line marker stands in the editor where it was
// pasted, and the block's text replaces the marker when the message is
// sent (or when the draft is read). Deleting the marker drops the block.
const inlinePaste = 8 << 10

// pasteBlock is a large paste held outside the editor.
type pasteBlock struct {
	marker string // what the editor shows in its place
	text   string
}

// paste takes a bracketed paste: small ones go into the editor, larger ones
// up to PasteLimit become a block, and anything larger is refused with
// ActionPasteTooLarge (the root offers to attach it as a file).
func (m *Model) paste(msg tea.PasteMsg) (common.Action, tea.Cmd) {
	// Terminals and tmux send line ends as CR; the message has LF.
	msg.Content = strings.ReplaceAll(strings.ReplaceAll(msg.Content, "\r\n", "\n"), "\r", "\n")
	switch n := len(msg.Content); {
	case n > PasteLimit:
		return common.ActionPasteTooLarge{Text: msg.Content}, nil
	case n > inlinePaste:
		m.nextPaste++
		b := pasteBlock{text: msg.Content, marker: fmt.Sprintf("⟦pasted text #%d: %s, %s⟧",
			m.nextPaste, media.SizeLabel(int64(n)), common.Count(pastedLines(msg.Content), "line"))}
		m.pastes = append(m.pastes, b)
		m.ta.InsertString(b.marker)
		return nil, nil
	}
	var cmd tea.Cmd
	m.ta, cmd = m.ta.Update(msg)
	return nil, cmd
}

// deleteMarker deletes a paste block's marker whole when kp would delete
// part of it, and reports whether it did: the editor's delete keys
// (character or word, backward or forward) never leave half a marker,
// which would go out as text while the block is dropped. Spaces between
// the cursor and the marker go with it, as a word delete takes them.
func (m *Model) deleteMarker(kp tea.KeyPressMsg) bool {
	km := m.ta.KeyMap
	before, after := m.aroundCursor()
	back, fwd := 0, 0 // runes to delete before and after the cursor
	switch {
	case key.Matches(kp, km.DeleteCharacterBackward):
		back = m.markerEnding(before)
	case key.Matches(kp, km.DeleteWordBackward):
		trimmed := strings.TrimRight(before, " \t")
		if n := m.markerEnding(trimmed); n > 0 {
			back = n + utf8.RuneCountInString(before) - utf8.RuneCountInString(trimmed)
		}
	case key.Matches(kp, km.DeleteCharacterForward):
		fwd = m.markerStarting(after)
	case key.Matches(kp, km.DeleteWordForward):
		trimmed := strings.TrimLeft(after, " \t")
		if n := m.markerStarting(trimmed); n > 0 {
			fwd = n + utf8.RuneCountInString(after) - utf8.RuneCountInString(trimmed)
		}
	}
	for range back {
		m.ta, _ = m.ta.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	for range fwd {
		m.ta, _ = m.ta.Update(tea.KeyPressMsg{Code: tea.KeyDelete})
	}
	return back+fwd > 0
}

// aroundCursor splits the cursor's line at the cursor.
func (m *Model) aroundCursor() (before, after string) {
	lines := strings.Split(m.ta.Value(), "\n")
	if m.ta.Line() >= len(lines) {
		return "", ""
	}
	line := []rune(lines[m.ta.Line()])
	col := min(m.ta.Column(), len(line))
	return string(line[:col]), string(line[col:])
}

// markerEnding is the length in runes of the block marker s ends with, or 0.
func (m *Model) markerEnding(s string) int {
	for _, b := range m.pastes {
		if strings.HasSuffix(s, b.marker) {
			return utf8.RuneCountInString(b.marker)
		}
	}
	return 0
}

// markerStarting is the length in runes of the block marker s starts with,
// or 0.
func (m *Model) markerStarting(s string) int {
	for _, b := range m.pastes {
		if strings.HasPrefix(s, b.marker) {
			return utf8.RuneCountInString(b.marker)
		}
	}
	return 0
}

// expand returns the editor's text with each block's marker replaced by
// the block's text; blocks whose marker was deleted are dropped.
func (m *Model) expand(s string) string {
	for _, b := range m.pastes {
		s = strings.Replace(s, b.marker, b.text, 1)
	}
	return s
}

// setText replaces the draft: a text too large for the editor becomes one
// block (a restored draft that held one).
func (m *Model) setText(s string) {
	m.pastes = nil
	if len(s) <= inlinePaste {
		m.ta.SetValue(s)
		return
	}
	m.ta.Reset()
	_, _ = m.paste(tea.PasteMsg{Content: s})
}

// pastedLines counts the lines of a paste: a final newline ends the last
// line rather than starting another.
func pastedLines(text string) int {
	return strings.Count(strings.TrimSuffix(text, "\n"), "\n") + 1
}
