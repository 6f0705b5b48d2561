package transcript

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// truncatedOutputLines is how many output lines a truncated card shows.
const truncatedOutputLines = 3

// renderTool draws a compact tool card: status glyph, name, preview,
// duration or progress note, then (verbosity permitting) args and the
// output preview. Every wire string goes through termsafe.
func (r *renderer) renderTool(t *store.ToolCall) []string {
	st := r.com.Styles.Transcript
	inner := max(r.width-st.ToolCard.GetHorizontalFrameSize(), 10)
	var status string
	switch {
	case t.Running:
		status = st.ToolRunning.Render(r.spinner)
	case t.Cut.Interrupted():
		status = st.ToolFailed.Render("⚠")
	case t.OK != nil && !*t.OK:
		status = st.ToolFailed.Render("✗")
	default:
		status = st.ToolOK.Render("✓")
	}
	head := status + " " + st.ToolName.Render(termsafe.Line(t.Name))
	if p := termsafe.Line(t.Preview); p != "" {
		head += " " + st.ToolPreview.Render(p)
	}
	var tail string
	switch {
	case t.Running && t.Note != "":
		tail = termsafe.Line(t.Note)
	case t.Running:
		tail = "running…"
	case t.Cut.Interrupted():
		tail = t.Cut.String()
	case t.Duration != nil:
		tail = formatDuration(*t.Duration)
	}
	if tail != "" {
		head = ansi.Truncate(head, max(inner-ansi.StringWidth(tail)-1, 8), "…")
		pad := max(inner-ansi.StringWidth(head)-ansi.StringWidth(tail), 1)
		head += strings.Repeat(" ", pad) + st.ToolDuration.Render(tail)
	} else {
		head = ansi.Truncate(head, inner, "…")
	}
	lines := []string{head}
	full := r.com.Settings.Tools == common.ToolsAll
	if full {
		for _, a := range formatArgs(t.Args) {
			lines = append(lines, st.ToolArgs.Render(ansi.Truncate(a, inner, "…")))
		}
	}
	if out := termsafe.Text(strings.TrimRight(t.Output, "\n")); out != "" {
		ol := strings.Split(out, "\n")
		if !full && len(ol) > truncatedOutputLines {
			ol = append([]string{"… " + common.Count(len(ol)-truncatedOutputLines, "more line")}, ol[len(ol)-truncatedOutputLines:]...)
		}
		for _, l := range ol {
			l = strings.ReplaceAll(l, "\t", "    ")
			lines = append(lines, st.ToolOutput.Render(ansi.Truncate(l, inner, "…")))
		}
	}
	return strings.Split(st.ToolCard.Width(r.width).Render(strings.Join(lines, "\n")), "\n")
}

// formatArgs renders tool args as sorted "key: value" lines, each value
// reduced to one safe line.
func formatArgs(args map[string]any) []string {
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		var v string
		if s, ok := args[k].(string); ok {
			v = s
		} else if b, err := json.Marshal(args[k]); err == nil {
			v = string(b)
		}
		out = append(out, termsafe.Line(k)+": "+termsafe.Line(v))
	}
	return out
}

// formatDuration shows seconds compactly: 0.4s, 12.4s, 2m05s.
func formatDuration(s float64) string {
	switch {
	case s < 0:
		return ""
	case s < 60:
		return fmt.Sprintf("%.1fs", s)
	default:
		m := int(s) / 60
		return fmt.Sprintf("%dm%02ds", m, int(s)-m*60)
	}
}
