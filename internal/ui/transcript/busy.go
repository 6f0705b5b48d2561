package transcript

import (
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
)

// busyReasons are human labels for agent.busy reasons (the wire values).
var busyReasons = map[string]string{
	"processing":    "thinking",
	"tool":          "running a tool",
	"waiting_input": "waiting for your answer",
	"cron":          "running a scheduled job",
}

// busyLabel says what the agent is doing: a known reason in words, an
// unknown one sanitised as it came, or plain "working".
func busyLabel(reason string) string {
	if l, ok := busyReasons[reason]; ok {
		return l
	}
	if r := termsafe.Line(reason); r != "" {
		return "working · " + r
	}
	return "working"
}

// indicator is the busy/typing line: the spinner, what the agent does and
// the keys that act on it.
func (m *Model) indicator(ln *store.Lane) string {
	if ln == nil || !ln.Busy && !ln.Typing {
		return ""
	}
	if ln.Lost {
		return m.com.Styles.Transcript.Failed.Render(ansi.Truncate("⚠ connection lost while the agent was working", m.width, "…"))
	}
	text := "typing…"
	if ln.Busy {
		g := m.com.KeyMap.Global
		keys := g.Escape.Help().Key + " to stop"
		if ln.BusyReason == "waiting_input" {
			keys = g.Picker.Help().Key + " to answer · " + keys
		}
		label := busyLabel(ln.BusyReason)
		if (ln.BusyReason == "processing" || ln.BusyReason == "") && streamsText(ln) {
			label = "answering" // the text is on screen: no more "thinking"
		}
		text = label + " (" + keys + ")"
	}
	return m.com.Styles.Transcript.Typing.Render(ansi.Truncate(m.spinner+" "+text, m.width, "…"))
}

// streamScan is how many of the newest items streamsText looks through for
// the newest message (tool cards and notices may follow it).
const streamScan = 10

// streamsText reports whether the lane's newest message is a reply whose
// text is streaming in.
func streamsText(ln *store.Lane) bool {
	for i := ln.Len() - 1; i >= max(ln.Len()-streamScan, 0); i-- {
		if it := ln.Item(i); it.Kind == store.KindMessage && it.Msg != nil {
			return it.Msg.Streaming && it.Msg.Text != ""
		}
	}
	return false
}
