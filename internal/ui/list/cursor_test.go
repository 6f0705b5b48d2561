package list

import (
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

var (
	up     = tea.KeyPressMsg{Code: tea.KeyUp}
	down   = tea.KeyPressMsg{Code: tea.KeyDown}
	pgUp   = tea.KeyPressMsg{Code: tea.KeyPgUp}
	pgDown = tea.KeyPressMsg{Code: tea.KeyPgDown}
	wheelU = tea.MouseWheelMsg{Button: tea.MouseWheelUp}
	wheelD = tea.MouseWheelMsg{Button: tea.MouseWheelDown}
	letter = tea.KeyPressMsg{Code: 'x', Text: "x"}
)

func bind(keys ...string) key.Binding { return key.NewBinding(key.WithKeys(keys...)) }

var testKeys = Keys{Up: bind("up"), Down: bind("down"), PageUp: bind("pgup"), PageDown: bind("pgdown")}

// newCursor is a cursor over n rows showing rows of them, at index i.
func newCursor(n, rows, i int) *Cursor {
	var c Cursor
	c.SetLen(n)
	c.SetRows(rows)
	c.Set(i)
	return &c
}

func TestCursorUpdate(t *testing.T) {
	cases := []struct {
		name            string
		n, rows, at     int
		msgs            []tea.Msg
		want            int
		first, end      int
		handledEveryone bool
	}{
		{"down moves", 5, 0, 0, []tea.Msg{down, down}, 2, 0, 5, true},
		{"down stops at the last row", 3, 0, 1, []tea.Msg{down, down, down}, 2, 0, 3, true},
		{"up stops at the first row", 3, 0, 1, []tea.Msg{up, up}, 0, 0, 3, true},
		{"empty list stays at 0", 0, 0, 0, []tea.Msg{down, up, pgDown}, 0, 0, 0, true},
		{"page down moves a window less one row", 20, 5, 0, []tea.Msg{pgDown}, 4, 0, 5, true},
		{"page down twice scrolls", 20, 5, 0, []tea.Msg{pgDown, pgDown}, 8, 4, 9, true},
		{"page up clamps at the top", 20, 5, 3, []tea.Msg{pgUp}, 0, 0, 5, true},
		{"page down clamps at the bottom", 20, 5, 18, []tea.Msg{pgDown}, 19, 15, 20, true},
		{"page without a window goes to the end", 7, 0, 0, []tea.Msg{pgDown}, 6, 0, 7, true},
		{"wheel down moves one row", 5, 0, 0, []tea.Msg{wheelD, wheelD}, 2, 0, 5, true},
		{"wheel up moves one row", 5, 0, 3, []tea.Msg{wheelU}, 2, 0, 5, true},
		{"down past the window scrolls it", 10, 3, 2, []tea.Msg{down}, 3, 1, 4, true},
		{"up above the window scrolls it back", 10, 3, 5, []tea.Msg{up, up, up}, 2, 2, 5, true},
		{"moving inside the window keeps it", 10, 3, 5, []tea.Msg{up}, 4, 3, 6, true},
		{"other keys are not the cursor's", 5, 0, 2, []tea.Msg{letter}, 2, 0, 5, false},
	}
	for _, c := range cases {
		cur := newCursor(c.n, c.rows, c.at)
		for _, msg := range c.msgs {
			if got := cur.Update(msg, testKeys); got != c.handledEveryone {
				t.Errorf("%s: Update(%v) handled = %v", c.name, msg, got)
			}
		}
		first, end := cur.Window()
		if cur.Index() != c.want || first != c.first || end != c.end {
			t.Errorf("%s: index %d window [%d,%d), want %d [%d,%d)", c.name, cur.Index(), first, end, c.want, c.first, c.end)
		}
	}
}

// A list without page keys leaves them to others: a zero binding never
// matches.
func TestCursorZeroBindingsDoNotMatch(t *testing.T) {
	cur := newCursor(10, 0, 0)
	if cur.Update(pgDown, Keys{Up: bind("up"), Down: bind("down")}) || cur.Index() != 0 {
		t.Fatalf("pgdown moved a cursor without page keys: %d", cur.Index())
	}
}

func TestCursorSetLenClamps(t *testing.T) {
	cases := []struct {
		name           string
		n, rows, at, m int
		want, first    int
	}{
		{"shorter list keeps the last row", 10, 0, 8, 4, 3, 0},
		{"longer list keeps the row", 4, 0, 2, 10, 2, 0},
		{"emptied list goes to 0", 4, 0, 3, 0, 0, 0},
		{"window never runs past the end", 10, 4, 9, 6, 5, 2},
	}
	for _, c := range cases {
		cur := newCursor(c.n, c.rows, c.at)
		cur.SetLen(c.m)
		if first, _ := cur.Window(); cur.Index() != c.want || first != c.first {
			t.Errorf("%s: index %d first %d, want %d %d", c.name, cur.Index(), first, c.want, c.first)
		}
	}
}

func TestCursorSetRowsKeepsInView(t *testing.T) {
	cur := newCursor(30, 10, 25)
	if first, end := cur.Window(); first != 16 || end != 26 {
		t.Fatalf("window [%d,%d)", first, end)
	}
	cur.SetRows(4)
	if first, end := cur.Window(); first != 22 || end != 26 {
		t.Fatalf("after shrinking: window [%d,%d)", first, end)
	}
	cur.SetRows(40)
	if first, end := cur.Window(); first != 0 || end != 30 {
		t.Fatalf("after growing: window [%d,%d)", first, end)
	}
}

func TestCursorDigit(t *testing.T) {
	digits := bind("1", "2", "3", "4", "5", "6", "7", "8", "9")
	rebound := bind("a", "s", "d")
	press := func(s string) tea.KeyPressMsg { return tea.KeyPressMsg{Code: rune(s[0]), Text: s} }
	cases := []struct {
		name   string
		n      int
		b      key.Binding
		press  string
		ok     bool
		landed int
	}{
		{"first digit is the first row", 5, digits, "1", true, 0},
		{"third digit is the third row", 5, digits, "3", true, 2},
		{"digit past the rows does nothing", 2, digits, "5", false, 1},
		{"a letter is not a digit", 5, digits, "x", false, 1},
		{"rebound digits pick by position", 5, rebound, "d", true, 2},
		{"the old digit no longer picks", 5, rebound, "1", false, 1},
	}
	for _, c := range cases {
		cur := newCursor(c.n, 0, 1)
		if ok := cur.Digit(press(c.press), c.b); ok != c.ok || cur.Index() != c.landed {
			t.Errorf("%s: ok %v index %d, want %v %d", c.name, ok, cur.Index(), c.ok, c.landed)
		}
	}
}

func TestCursorCentered(t *testing.T) {
	cases := []struct {
		n, at, rows int
		first, end  int
	}{
		{3, 1, 8, 0, 3},     // all fit
		{20, 0, 8, 0, 8},    // top
		{20, 10, 8, 6, 14},  // middle: the cursor in the middle
		{20, 19, 8, 12, 20}, // bottom: no empty rows
		{0, 0, 8, 0, 0},
	}
	for _, c := range cases {
		cur := newCursor(c.n, 0, c.at)
		if first, end := cur.Centered(c.rows); first != c.first || end != c.end {
			t.Errorf("n=%d at=%d rows=%d: [%d,%d), want [%d,%d)", c.n, c.at, c.rows, first, end, c.first, c.end)
		}
	}
}
