package dialog

import (
	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/list"
)

// listKeys are the keys that move a dialog's list: the arrows, j/k too
// where no text field takes letters, and the page keys.
func listKeys(com *common.Common, letters bool) list.Keys {
	km := com.KeyMap
	k := list.Keys{Up: km.Picker.Up, Down: km.Picker.Down, PageUp: km.Global.PageUp, PageDown: km.Global.PageDown}
	if letters {
		k.Up, k.Down = keymap.Join(km.Picker.Up, km.Picker.VimUp), keymap.Join(km.Picker.Down, km.Picker.VimDown)
	}
	return k
}
