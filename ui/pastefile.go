package ui

import (
	"fmt"
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/media"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/composer"
	"github.com/hermes/iris/ui/dialog"
)

// offerPasteAsFile tells the user a paste is over the composer's limit and
// offers to attach it as a text file instead; nothing is inserted either
// way, and the clipboard still holds it.
func (m *Model) offerPasteAsFile(text string) {
	q := fmt.Sprintf("This paste is %s, over the %d MiB paste limit: attach it as a file?",
		media.SizeLabel(int64(len(text))), composer.PasteLimit>>20)
	m.openDialog(dialog.NewConfirm(m.com, q, []string{
		"y: attach it to the message as a .txt file",
		"n: leave it out (nothing was inserted)",
	}, common.ActionAttachText{Text: text}))
}

// attachTextCmd writes text to a new file in the temporary directory and
// attaches it like a file chosen in the picker.
func attachTextCmd(text string) tea.Cmd {
	return func() tea.Msg {
		f, err := os.CreateTemp("", "iris-paste-*.txt")
		if err != nil {
			return attachedMsg{err: err}
		}
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(f.Name())
			return attachedMsg{err: err}
		}
		up, err := media.DescribeUpload(f.Name())
		return attachedMsg{up: up, err: err}
	}
}
