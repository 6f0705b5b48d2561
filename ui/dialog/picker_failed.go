package dialog

import (
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/termsafe"
)

// failedLines says why this device's last answer to the picker was not
// delivered (store.Picker.Failed), so the user knows it still waits for one.
func (p *Picker) failedLines(w int) []string {
	if p.pk.Failed == "" {
		return nil
	}
	text := "⚠ your answer was not delivered (" + termsafe.Line(p.pk.Failed) + "): answer again"
	return []string{p.com.Styles.Dialog.Danger.Render(ansi.Truncate(text, w, "…")), ""}
}
