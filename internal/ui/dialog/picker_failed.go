package dialog

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/termsafe"
)

// failedLines says why this device's last answer to the picker was not
// delivered (store.Picker.Failed), so the user knows it still waits for one,
// or that it was sent and nothing confirmed it yet (Unconfirmed), or what
// the gateway reported of an answer elsewhere (SetNews).
func (p *Picker) failedLines(w int) []string {
	var text string
	switch {
	case p.news != "":
		var lines []string
		for _, l := range strings.Split(ansi.Wrap("⚠ no longer waiting: "+termsafe.Line(p.news)+" (esc closes)", w, " "), "\n") {
			lines = append(lines, p.com.Styles.Dialog.Danger.Render(l))
		}
		return append(lines, "")
	case p.pk.Failed != "":
		text = "⚠ your answer was not delivered (" + termsafe.Line(p.pk.Failed) + "): answer again"
	case p.pk.Unconfirmed:
		text = "⚠ your answer was sent, not confirmed yet: it counts once the agent goes on; answer again if it does not"
	default:
		return nil
	}
	return []string{p.com.Styles.Dialog.Danger.Render(ansi.Truncate(text, w, "…")), ""}
}
