package transcript

import "github.com/hermes/iris/internal/store"

// ApplyChange takes a store change: when it touched the lane shown, the
// items it changed are read again (Refresh). It reports whether it did.
func (m *Model) ApplyChange(chg store.Change) bool {
	if !chg.Has(m.Lane()) {
		return false
	}
	m.Refresh()
	return true
}
