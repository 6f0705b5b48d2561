package transcript

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// cached is one item's rendered lines and the key they were rendered for.
type cached struct {
	version  uint64
	width    int
	themeGen int
	setGen   int
	spinner  string // only for items that animate (running tool, streaming)
	marked   bool
	lines    []string
}

// renderer draws items at one width. It is rebuilt per View (cheap) and
// reads the lane for reply_to quotes.
type renderer struct {
	com     *common.Common
	width   int
	spinner string
	lane    *store.Lane
	md      *mdCache
	reasons map[*store.Item]*reasonBlock
	flipped map[*store.Item]bool // reasoning shown the other way than the setting (select.go)
	// unfolded holds the long user messages shown in full, folded those
	// the renderer cut, printed those in the scrollback (fold.go).
	unfolded, folded, printed map[*store.Item]bool
	media                     *mediaState
}

// animates reports whether an item's look depends on the spinner frame.
func animates(it *store.Item) bool {
	switch it.Kind {
	case store.KindTool:
		return it.Tool != nil && it.Tool.Running
	case store.KindMessage:
		return it.Msg != nil && it.Msg.Streaming && it.Msg.Text == ""
	}
	return false
}

// lines returns the cached lines of it, rendering them when the cache key
// (width, theme, settings, version, spinner frame when animated, the search
// mark) changed. Every item ends with one blank separator line. The marked
// item is drawn one column narrower behind a bar.
func (m *Model) lines(it *store.Item) []string {
	spin := ""
	if animates(it) {
		spin = m.spinner
	}
	marked := it == m.marked
	c := m.cache[it]
	if c != nil && c.version == it.Version && c.width == m.width && c.themeGen == m.com.ThemeGen &&
		c.setGen == m.com.Settings.Gen && c.spinner == spin && c.marked == marked {
		return c.lines
	}
	if m.gens != [2]int{m.com.ThemeGen, m.com.Settings.Gen} {
		clear(m.reasons)
		m.gens = [2]int{m.com.ThemeGen, m.com.Settings.Gen}
	}
	m.itemRenders++
	r := &renderer{com: m.com, width: m.width, spinner: m.spinner, lane: m.laneRef(), md: m.md, reasons: m.reasons, flipped: m.flipped, unfolded: m.unfolded, folded: m.folded, printed: m.inline.printed, media: &m.media}
	if marked {
		r.width = max(m.width-1, 1)
	}
	out := r.render(it)
	if marked {
		bar := m.com.Styles.Transcript.Selected.Render("▌")
		for i, l := range out {
			out[i] = bar + l
		}
	}
	out = append(out, "")
	if c == nil {
		c = &cached{}
		m.cache[it] = c
	}
	*c = cached{version: it.Version, width: m.width, themeGen: m.com.ThemeGen, setGen: m.com.Settings.Gen, spinner: spin, marked: marked, lines: out}
	return out
}

// ItemRenders counts the items drawn afresh rather than from their cached
// lines (the performance tests check that a streaming frame draws one).
func (m *Model) ItemRenders() int { return m.itemRenders }

// render dispatches on the item kind.
func (r *renderer) render(it *store.Item) []string {
	st := r.com.Styles.Transcript
	switch it.Kind {
	case store.KindMessage:
		if it.Msg != nil {
			return r.renderMessage(it)
		}
	case store.KindTool:
		if it.Tool != nil && r.com.Settings.Tools != common.ToolsNone {
			return r.renderTool(it.Tool)
		}
		return nil
	case store.KindCommentary:
		return r.wrap(st.Commentary, "› "+termsafe.Text(it.Text))
	case store.KindNotice:
		return r.wrap(st.Notice, termsafe.Text(it.Text))
	case store.KindPickerRecord:
		return r.wrap(st.Notice, "◆ "+termsafe.Line(it.Text)) // the text says the outcome
	}
	return nil
}

// wrap renders plain (already sanitised) text in a style at the width.
func (r *renderer) wrap(s lipgloss.Style, text string) []string {
	w := max(r.width-s.GetHorizontalFrameSize(), 10)
	return strings.Split(s.Width(r.width).Render(ansi.Wrap(text, w, " ")), "\n")
}

// isUser reports whether an item is one of the user's own messages.
func isUser(it *store.Item) bool {
	return it.Kind == store.KindMessage && it.Msg != nil && it.Msg.Role == frame.RoleUser
}
