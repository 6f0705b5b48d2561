package statusbar

import (
	"strconv"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/ui/common"
)

// Transfer is one media transfer in the queue, as the bar shows it.
type Transfer = common.Transfer

// SetTransfers replaces the transfer queue shown (the running one first).
func (m *Model) SetTransfers(ts []Transfer) { m.transfers = append(m.transfers[:0], ts...) }

// Transfers returns the queue shown.
func (m *Model) Transfers() []Transfer { return append([]Transfer(nil), m.transfers...) }

// transfersView is "⇅ cat.png 40% +2 queued", or "" with no transfers.
func (m *Model) transfersView() string {
	if len(m.transfers) == 0 {
		return ""
	}
	t := m.transfers[0]
	s := "⇅ " + ansi.Truncate(t.Label, 24, "…")
	switch {
	case !t.Running:
		s += " queued"
	case t.Total > 0:
		s += " " + strconv.FormatInt(min(t.Done, t.Total)*100/t.Total, 10) + "%"
	default:
		s += " " + media.SizeLabel(t.Done)
	}
	if n := len(m.transfers) - 1; n > 0 {
		s += " +" + strconv.Itoa(n) + " queued"
	}
	return m.com.Styles.StatusBar.Segment.Render(s)
}
