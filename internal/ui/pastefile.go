package ui

import (
	"fmt"

	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/composer"
	"github.com/hermes/iris/internal/ui/dialog"
)

// offerPasteAsFile tells the user a paste is over the composer's limit and
// offers to attach it as a text file instead; nothing is inserted either
// way, and the clipboard still holds it.
func (m *Model) offerPasteAsFile(text string) {
	q := fmt.Sprintf("This paste is %s, over the %d MiB paste limit: attach it as a file?",
		media.SizeLabel(int64(len(text))), composer.PasteLimit>>20)
	m.scr.openDialog(dialog.NewConfirm(m.com, q, []string{
		"y: attach it to the message as a .txt file",
		"n: leave it out (nothing was inserted)",
	}, common.ActionAttachText{Text: text}))
}
