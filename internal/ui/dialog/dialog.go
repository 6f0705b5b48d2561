// Package dialog holds the modal components the root stacks over the main
// view: help, the channel switcher and channel management, pickers and
// their inbox, search, settings, confirmations, notices (a long error,
// wrapped), the open-or-save question for a received file and the file
// picker. A Dialog is a Component with an
// ID; the root keeps a Stack, sends every key to the topmost dialog and
// handles the Action it returns.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package dialog

import "github.com/hermes/iris/internal/ui/common"

// Dialog is a modal component.
type Dialog interface {
	common.Component
	// ID names the dialog kind, so the root can avoid opening it twice.
	ID() string
}

// Stack is the root's stack of open dialogs; the last one is on top.
type Stack struct{ items []Dialog }

// Push opens d on top.
func (s *Stack) Push(d Dialog) { s.items = append(s.items, d) }

// Pop closes the topmost dialog.
func (s *Stack) Pop() {
	if len(s.items) > 0 {
		s.items = s.items[:len(s.items)-1]
	}
}

// Top returns the topmost dialog, or nil.
func (s *Stack) Top() Dialog {
	if len(s.items) == 0 {
		return nil
	}
	return s.items[len(s.items)-1]
}

// Len is the number of open dialogs.
func (s *Stack) Len() int { return len(s.items) }

// Has reports whether a dialog with id is open.
func (s *Stack) Has(id string) bool {
	for _, d := range s.items {
		if d.ID() == id {
			return true
		}
	}
	return false
}

// Remove closes the dialog with id wherever it is in the stack.
func (s *Stack) Remove(id string) {
	out := s.items[:0]
	for _, d := range s.items {
		if d.ID() != id {
			out = append(out, d)
		}
	}
	s.items = out
}

// SetSize resizes every open dialog to the screen size.
func (s *Stack) SetSize(w, h int) {
	for _, d := range s.items {
		d.SetSize(w, h)
	}
}
