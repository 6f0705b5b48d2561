package sidebar

import "github.com/hermes/iris/internal/store"

// ApplyChange takes a store change: the rows are read again when the
// directory or the pickers changed (Refresh). It reports whether they were.
func (m *Model) ApplyChange(chg store.Change) bool {
	if !chg.Directory && !chg.Pickers {
		return false
	}
	m.Refresh()
	return true
}
