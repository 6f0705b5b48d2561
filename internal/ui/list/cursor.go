// Package list is the one cursor every list of Iris moves with (the
// sidebar, the / drawer, the channel switcher, search hits, the channel
// menu, the inbox): the same keys, the same clamping at both ends, digit
// jumps, pages, the mouse wheel, and the window of rows kept in view.
//
// A Cursor is plain data inside its component; the component says which
// bindings move it (Keys) and, for a window kept in view, how many rows it
// shows (SetRows).
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package list

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/keymap"
)

// Keys are the bindings that move a cursor; a zero binding never matches,
// so a list without pages leaves PageUp and PageDown out.
type Keys struct {
	Up, Down         key.Binding
	PageUp, PageDown key.Binding
}

// Cursor is the highlighted row among a list's rows and the first row of
// the window shown. The index stays within the rows (0 for an empty list),
// and every move keeps it inside the window.
type Cursor struct {
	index  int
	offset int // first row of the window
	n      int // rows in the list
	rows   int // rows shown at once; 0: all
}

// Index is the highlighted row.
func (c *Cursor) Index() int { return c.index }

// Len is the number of rows.
func (c *Cursor) Len() int { return c.n }

// SetLen tells the cursor how many rows the list has now; the highlight
// stays on its row, or on the last one when the list got shorter.
func (c *Cursor) SetLen(n int) {
	c.n = max(n, 0)
	c.Set(c.index)
}

// SetRows sets how many rows the window shows (0: all of them).
func (c *Cursor) SetRows(rows int) {
	c.rows = max(rows, 0)
	c.keepInView()
}

// Set highlights row i, clamped to the list.
func (c *Cursor) Set(i int) {
	c.index = max(min(i, c.n-1), 0)
	c.keepInView()
}

// Move moves the highlight by delta rows, stopping at either end.
func (c *Cursor) Move(delta int) { c.Set(c.index + delta) }

// page is how far a page key moves: the window less one row, so one row
// stays in sight.
func (c *Cursor) page() int {
	if c.rows == 0 {
		return max(c.n-1, 1)
	}
	return max(c.rows-1, 1)
}

// Update moves the cursor for msg: Up and Down one row, PageUp and
// PageDown a window, the mouse wheel one row. It reports whether msg was
// one of those (even when the cursor was already at the end), so the
// component hands it to nothing else.
func (c *Cursor) Update(msg tea.Msg, k Keys) bool {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.Up):
			c.Move(-1)
		case key.Matches(msg, k.Down):
			c.Move(1)
		case key.Matches(msg, k.PageUp):
			c.Move(-c.page())
		case key.Matches(msg, k.PageDown):
			c.Move(c.page())
		default:
			return false
		}
		return true
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			c.Move(-1)
		case tea.MouseWheelDown:
			c.Move(1)
		default:
			return false
		}
		return true
	}
	return false
}

// Digit highlights the row a digit key names (the binding's first key the
// first row) and reports whether kp was such a key for a row of the list.
func (c *Cursor) Digit(kp tea.KeyPressMsg, digits key.Binding) bool {
	i := keymap.Position(kp, digits)
	if i < 0 || i >= c.n {
		return false
	}
	c.Set(i)
	return true
}

// keepInView scrolls the window just enough to show the highlight, and
// never past the last row.
func (c *Cursor) keepInView() {
	if c.rows == 0 {
		c.offset = 0
		return
	}
	if c.index < c.offset {
		c.offset = c.index
	}
	if c.index >= c.offset+c.rows {
		c.offset = c.index - c.rows + 1
	}
	c.offset = max(min(c.offset, c.n-c.rows), 0)
}

// Window is the rows shown, [first, end): the window kept in view.
func (c *Cursor) Window() (first, end int) {
	if c.rows == 0 {
		return 0, c.n
	}
	return c.offset, min(c.offset+c.rows, c.n)
}

// Centered is a window of rows rows with the highlight in its middle,
// except near the ends of the list (for a list redrawn at a size it learns
// only when drawing).
func (c *Cursor) Centered(rows int) (first, end int) {
	first = max(0, min(c.index-rows/2, c.n-rows))
	return first, min(c.n, first+rows)
}
