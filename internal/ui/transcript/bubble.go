package transcript

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// renderMessage draws a chat bubble: header (author, time, ticks), the
// reply_to quote, reasoning (dimmed, collapsible), the text, media chips and
// the runtime footer.
func (r *renderer) renderMessage(it *store.Item) []string {
	msg := it.Msg
	st := r.com.Styles.Transcript
	bubble := r.bubbleStyle(msg.Role)
	inner := max(r.width-bubble.GetHorizontalFrameSize(), 10)
	var parts []string
	if q := r.quote(msg.ReplyTo, inner); q != "" {
		parts = append(parts, q)
	}
	if msg.Reasoning != "" {
		parts = append(parts, r.reasoning(it, inner))
	}
	switch {
	case msg.Role == frame.RoleUser:
		if t := termsafe.Text(msg.Text); t != "" {
			// Output re-encodes the links lipgloss reopens on wrapped lines.
			parts = append(parts, r.fold(it, termsafe.Output(st.UserText.Width(inner).Render(linkify(t)))))
		}
	case msg.Text != "":
		parts = append(parts, r.text(it, inner))
	case msg.Streaming && !msg.Lost:
		parts = append(parts, st.Typing.Render(r.spinner+" thinking…"))
	}
	note := st.Failed.Width(inner) // wrapped to the bubble: a note is read whole
	if msg.Streaming && msg.Lost {
		parts = append(parts, note.Render("⚠ connection lost: the rest comes, or the reply is marked interrupted, once the gateway is back"))
	} else if msg.Cut.Interrupted() {
		parts = append(parts, note.Render("⚠ "+msg.Cut.String()))
	} else if msg.Stopped {
		parts = append(parts, st.Failed.Render("■ stopped"))
	}
	if msg.Overflow != nil {
		parts = append(parts, r.overflowNote(msg.Overflow))
	}
	if len(msg.Media) > 0 { // counting the lines scans the whole text
		if chips := r.mediaChips(msg.Media, inner, 1+lineCount(parts)); chips != "" {
			parts = append(parts, chips)
		}
	}
	if f := r.footer(msg, inner); f != "" {
		parts = append(parts, f)
	}
	return append([]string{ansi.Truncate(r.header(msg), r.width, "…")}, framed(bubble, parts)...)
}

// framed draws the bubble's left bar before every line of parts. The parts
// are already laid out to the inner width, so the bar is prefixed line by
// line instead of running lipgloss over the whole (possibly long) body.
// The framed lines share one buffer, written in one pass over the parts
// (not joined first): a streaming update costs the same few allocations
// however long the message is, and one copy of it.
func framed(bubble lipgloss.Style, parts []string) []string {
	if len(parts) == 0 {
		return nil
	}
	bar := bubble.Render("")
	size, n := 0, lineCount(parts)
	for _, p := range parts {
		size += len(p)
	}
	var b strings.Builder
	b.Grow(size + n*len(bar))
	ends := make([]int, 0, n)
	for _, p := range parts {
		for l := range strings.SplitSeq(p, "\n") {
			b.WriteString(bar)
			b.WriteString(l)
			ends = append(ends, b.Len())
		}
	}
	buf, lines, start := b.String(), make([]string, n), 0
	for i, end := range ends {
		lines[i], start = buf[start:end], end
	}
	return lines
}

func (r *renderer) bubbleStyle(role string) lipgloss.Style {
	st := r.com.Styles.Transcript
	switch role {
	case frame.RoleUser:
		return st.UserBubble
	case frame.RoleSystem:
		return st.SystemBubble
	case frame.RoleCron:
		return st.CronBubble
	}
	return st.AssistantBubble
}

// header is "Author · 12:04  ✓✓".
func (r *renderer) header(msg *store.Message) string {
	st := r.com.Styles.Transcript
	var author string
	switch msg.Role {
	case frame.RoleUser:
		author = st.UserAuthor.Render("You")
		if msg.Steer {
			author += st.Time.Render(" ↪ steered")
		}
	case frame.RoleSystem:
		author = st.SystemAuthor.Render("System")
	case frame.RoleCron:
		author = st.CronAuthor.Render("Cron")
	default:
		author = st.AssistantAuthor.Render("Assistant")
	}
	h := author
	if !msg.TS.IsZero() {
		h += st.Time.Render(" · " + r.com.FormatTime(msg.TS.UnixMilli()))
	}
	if d := r.delivery(msg.Delivery, msg.Cause); d != "" {
		h += " " + d
	}
	return h
}

// delivery renders the ticks of the user's own messages, with the cause of
// a failed or unknown delivery.
func (r *renderer) delivery(d store.Delivery, cause string) string {
	st := r.com.Styles.Transcript
	resend := " (" + r.com.KeyMap.Global.Resend.Help().Key + " resend)"
	if cause != "" {
		resend = ": " + ansi.Truncate(termsafe.Line(cause), maxCause, "…") + resend
	}
	switch d {
	case store.DeliveryQueued:
		return st.Pending.Render("◷ queued")
	case store.DeliverySending:
		return st.Pending.Render("… sending")
	case store.DeliverySent:
		return st.Sent.Render("✓")
	case store.DeliveryRead:
		return st.Read.Render("✓✓")
	case store.DeliveryFailed:
		return st.Failed.Render("✗ not sent" + resend)
	case store.DeliveryUnknown:
		return st.Failed.Render("? delivery unknown" + resend)
	}
	return ""
}

// maxCause caps the cause shown beside a failed delivery.
const maxCause = 60

// quote renders the message replied to as one dim line.
func (r *renderer) quote(id string, width int) string {
	if id == "" {
		return ""
	}
	st := r.com.Styles.Transcript
	text := "a message not loaded"
	if q := r.lane.Message(id); q != nil {
		text = termsafe.Line(firstLine(q.Text))
	}
	return st.Quote.Render(ansi.Truncate("↪ "+text, width-st.Quote.GetHorizontalFrameSize(), "…"))
}

// reasoning renders the reasoning block: expanded (dimmed, as plain text
// laid out by the markdown renderer) or collapsed to one line. The block is
// cached per item, so streaming text never re-renders the reasoning.
func (r *renderer) reasoning(it *store.Item, width int) string {
	st := r.com.Styles.Transcript
	toggle := r.com.KeyMap.Global.ToggleReasoning.Help().Key
	if r.com.Settings.ShowReasoning == r.flipped[it] { // collapsed, globally or for this message
		n := strings.Count(strings.TrimSpace(it.Msg.Reasoning), "\n") + 1
		return st.ReasoningHeader.Render(fmt.Sprintf("▸ Reasoning · %s (%s)", common.Count(n, "line"), toggle))
	}
	if c := r.reasons[it]; c != nil && c.src == it.Msg.Reasoning && c.width == width && c.streaming == it.Msg.Streaming {
		return c.out
	}
	body := r.markdown(it, true, it.Msg.Reasoning, width-st.Reasoning.GetHorizontalFrameSize())
	body = strings.Trim(ansi.Strip(body), "\n")
	out := st.ReasoningHeader.Render("▾ Reasoning ("+toggle+")") + "\n" + st.Reasoning.Render(body)
	r.reasons[it] = &reasonBlock{src: it.Msg.Reasoning, width: width, streaming: it.Msg.Streaming, out: out}
	return out
}

// reasonBlock is a rendered reasoning block and what it was rendered from
// (the theme and settings generations are checked by the item cache, which
// clears these blocks when they change).
type reasonBlock struct {
	src       string
	width     int
	streaming bool
	out       string
}

// text renders the message text as markdown (streamed or final). A
// streaming text ends with a cursor, right after its last word (the
// markdown renderer pads lines to the width), or on a row of its own when
// that row is full.
func (r *renderer) text(it *store.Item, width int) string {
	out := strings.Trim(r.markdown(it, false, it.Msg.Text, width), "\n")
	if !it.Msg.Streaming || it.Msg.Lost {
		return out
	}
	cursor := " ▍"
	out = strings.TrimRight(out, " ")
	if ansi.StringWidth(out[strings.LastIndexByte(out, '\n')+1:])+ansi.StringWidth(cursor) > width {
		out += "\n"
	}
	return out + r.com.Styles.Transcript.Typing.Render(cursor)
}

// footer is the runtime footer (model · ctx % · cwd · latency · cost) of a
// final assistant message, when the setting is on, cut to width.
func (r *renderer) footer(msg *store.Message, width int) string {
	if !r.com.Settings.RuntimeFooter || msg.Streaming || msg.Runtime == nil || msg.Role != frame.RoleAssistant {
		return ""
	}
	f := FormatRuntime(msg.Runtime)
	if f == "" {
		return ""
	}
	st := r.com.Styles.Transcript.Footer
	return st.Render(ansi.Truncate(f, max(width-st.GetHorizontalFrameSize(), 1), "…"))
}

// FormatRuntime joins the present runtime fields in the spec's order:
// model · ctx N% · cwd · latency · cost. Wire strings are sanitised.
func FormatRuntime(rt *frame.Runtime) string {
	if rt == nil {
		return ""
	}
	var f []string
	if rt.Model != "" {
		f = append(f, termsafe.Line(rt.Model))
	}
	if rt.ContextPct != nil {
		f = append(f, "ctx "+strconv.Itoa(*rt.ContextPct)+"%")
	}
	if rt.Cwd != "" {
		f = append(f, termsafe.Line(rt.Cwd))
	}
	if rt.Latency != nil {
		f = append(f, formatDuration(*rt.Latency))
	}
	if rt.Cost != nil {
		f = append(f, fmt.Sprintf("$%.4f", *rt.Cost))
	}
	return strings.Join(f, " · ")
}

// lineCount is how many lines parts take once joined by newlines.
func lineCount(parts []string) int {
	n := 0
	for _, p := range parts {
		n += strings.Count(p, "\n") + 1
	}
	return n
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
