package dialog

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// View renders the current step.
func (c *Channels) View() string {
	st := c.com.Styles.Dialog
	w := c.innerWidth()
	name := "“" + termsafe.Line(c.node.Name) + "”"
	var lines []string
	switch c.step {
	case stepName:
		title := map[string]string{
			OpNewChannel: "New channel",
			OpNewThread:  "New thread in “" + termsafe.Line(c.parent.Name) + "”",
			OpRename:     "Rename " + name,
		}[c.op]
		lines = []string{st.Title.Render(ansi.Truncate(title, w, "…")), "", c.input.View(), "",
			st.Hint.Render(common.HelpLine(c.ShortHelp()...))}
	case stepConfirm:
		lines = []string{st.Title.Render(ansi.Truncate("Delete "+name+"?", w, "…")), "",
			st.Danger.Width(w).Render(c.loss()), ""}
		lines = append(lines, c.rows([]string{"Delete permanently", "Cancel"}, w)...)
	default:
		lines = []string{st.Title.Render(ansi.Truncate(termsafe.Line(c.node.Name), w, "…")), ""}
		labels := make([]string, len(c.ops))
		for i, op := range c.ops {
			labels[i] = c.opLabel(op, name)
		}
		lines = append(lines, c.rows(labels, w)...)
		lines = append(lines, "", st.Hint.Render(common.HelpLine(c.ShortHelp()...)))
	}
	return st.Frame.Width(w + st.Frame.GetHorizontalFrameSize()).Render(strings.Join(lines, "\n"))
}

func (c *Channels) opLabel(op, name string) string {
	switch op {
	case OpNewChannel:
		return "New channel…"
	case OpNewThread:
		return "New thread in “" + termsafe.Line(c.parent.Name) + "”…"
	case OpRename:
		return "Rename " + name + "…"
	case OpDefault:
		return "Make " + name + " the default channel"
	}
	return "Delete " + name + "…"
}

// rows renders numbered rows with the cursor.
func (c *Channels) rows(labels []string, w int) []string {
	st := c.com.Styles.Dialog
	out := make([]string, len(labels))
	for i, l := range labels {
		text := ansi.Truncate("  "+strconv.Itoa(i+1)+" "+l, w, "…")
		if i == c.cur.Index() {
			out[i] = st.Selected.Width(w).Render("›" + text[1:])
		} else {
			out[i] = st.Item.Render(text)
		}
	}
	return out
}

// loss names what deleting the lane destroys: for a channel its threads
// (by name) and every message, with the count loaded here.
func (c *Channels) loss() string {
	msgs := c.messages(c.node.Lane)
	if c.node.Lane.ThreadID != "" || len(c.node.Threads) == 0 {
		what := map[bool]string{true: "thread", false: "channel"}[c.node.Lane.ThreadID != ""]
		return fmt.Sprintf("This permanently deletes the %s and every message in it (%d loaded here) on the gateway, including the agent's session history. It cannot be undone.", what, msgs)
	}
	var names []string
	for _, t := range c.node.Threads {
		msgs += c.messages(t.Lane)
		names = append(names, "“"+termsafe.Line(t.Name)+"”")
	}
	var threads string
	switch {
	case len(names) > 4:
		threads = fmt.Sprintf("%d threads (%s and %d more)", len(names), strings.Join(names[:3], ", "), len(names)-3)
	case len(names) == 1:
		threads = "1 thread (" + names[0] + ")"
	default:
		threads = fmt.Sprintf("%d threads (%s)", len(names), strings.Join(names, ", "))
	}
	return fmt.Sprintf("This permanently deletes the channel, its %s and every message in them (%d loaded here) on the gateway, including the agent's session history. It cannot be undone.", threads, msgs)
}

// messages counts the messages of lane l held in memory.
func (c *Channels) messages(l frame.Lane) int {
	ln := c.com.Store.Lane(l)
	if ln == nil {
		return 0
	}
	n := 0
	for i := range ln.Len() {
		if ln.Item(i).Kind == store.KindMessage {
			n++
		}
	}
	return n
}
