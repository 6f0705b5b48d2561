package mediactl

import (
	"os"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/media"
)

// AttachText writes text (a paste too large for the composer) to a new
// file in the temporary directory; Update attaches it like a file chosen
// in the picker.
func AttachText(text string) tea.Cmd {
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
