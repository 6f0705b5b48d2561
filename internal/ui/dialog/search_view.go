package dialog

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// View renders the scope, the query and the hits (two lines each).
func (s *Search) View() string {
	st := s.com.Styles.Dialog
	w := s.innerWidth()
	scope := "all channels"
	if s.scope == ScopeChat {
		scope = "this lane: " + common.LaneLabel(s.com.Store, s.lane)
	}
	title := st.Title.Render("Search") + st.Muted.Render(ansi.Truncate("  in "+scope, w-6, "…"))
	lines := []string{title, s.input.View(), ""}
	switch {
	case s.pending:
		lines = append(lines, st.Muted.Render("searching…"))
	case s.err != "":
		lines = append(lines, st.Danger.Render(ansi.Truncate("search failed: "+s.err, w, "…")))
	case s.asked != "" && len(s.hits) == 0:
		lines = append(lines, st.Muted.Render("no messages match"))
	case s.asked != "":
		lines = append(lines, st.Muted.Render(fmt.Sprintf("%d found", len(s.hits))))
	}
	lines = append(lines, s.hitLines(w)...)
	hint := common.HelpLine(s.ShortHelp()...)
	lines = append(lines, "", st.Hint.Render(ansi.Truncate(hint, w, "…")))
	return st.Frame.Width(w + st.Frame.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

// hitLines renders the hits that fit around the cursor.
func (s *Search) hitLines(w int) []string {
	if s.pending || len(s.hits) == 0 {
		return nil
	}
	st := s.com.Styles.Dialog
	first, end := s.cur.Centered(s.visibleHits())
	var out []string
	for i := first; i < end; i++ {
		h := s.hits[i]
		lane := frame.Lane{ChatID: h.ChatID, ThreadID: h.ThreadID.Val}
		head := common.LaneLabel(s.com.Store, lane) + " · " + termsafe.Line(h.Role)
		if t := s.com.FormatTime(h.TS); t != "" {
			head += " · " + t
		}
		cursor := "  "
		if i == s.cur.Index() {
			cursor = "› "
		}
		headLine := ansi.Truncate(cursor+head, w, "…")
		if i == s.cur.Index() {
			headLine = st.Selected.Width(w).Render(headLine)
		} else {
			headLine = st.Muted.Render(headLine)
		}
		snippet := hitWindow(strings.TrimSpace(termsafe.Line(plainSnippet(h.Snippet))), s.terms, w-4)
		out = append(out, headLine, "    "+highlightTerms(st.Body, st.Match, snippet, s.terms))
	}
	return out
}

// highlightTerms renders s with base and every case-insensitive occurrence
// of a term with hit. (Text whose lower-case form changes length is shown
// without highlights rather than cut in the wrong place.)
func highlightTerms(base, hit lipgloss.Style, s string, terms []string) string {
	lower := strings.ToLower(s)
	if len(lower) != len(s) || len(terms) == 0 {
		return base.Render(s)
	}
	marked := make([]bool, len(s))
	for _, t := range terms {
		for off := 0; t != ""; {
			i := strings.Index(lower[off:], t)
			if i < 0 {
				break
			}
			for j := off + i; j < off+i+len(t); j++ {
				marked[j] = true
			}
			off += i + len(t)
		}
	}
	return common.Highlight(base, hit, s, marked)
}
