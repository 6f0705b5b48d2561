package linear

import (
	"fmt"
	"strings"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/transcript"
)

// printWindow is how many of a changed lane's newest items are looked at
// for news: older items do not change as a conversation goes on.
const printWindow = 64

// printer turns the store's items into lines as they appear and change,
// each thing once: a message when it is stable, a streamed reply line by
// line (Plain), a tool when it starts and when it finishes, a picker's
// record when it ends.
type printer struct {
	st        *store.State
	seen      map[*store.Item]*shown
	reasoning bool // print the assistant's reasoning
	footer    bool // print the runtime footer
}

// shown is what was printed of one item.
type shown struct {
	text, reasoning Plain
	started         bool // the first line (with its lead-in) is out
	reasoned        bool // the reasoning's lead-in is out
	done            bool // the message, tool or record is finished
	delivery        store.Delivery
	record          string // the picker record's text printed
}

func newPrinter(st *store.State) *printer {
	return &printer{st: st, seen: map[*store.Item]*shown{}, footer: true}
}

// skip marks every item held now as printed (the history before this run).
func (p *printer) skip() {
	for _, node := range laneKeys(p.st) {
		if ln := p.st.Lane(node); ln != nil {
			for i := range ln.Len() {
				p.seen[ln.Item(i)] = finished(ln.Item(i))
			}
		}
	}
}

// skipNew marks lane l's items not seen yet as printed: a page of older
// items read in (they are history, printed by /more).
func (p *printer) skipNew(l frame.Lane) {
	if ln := p.st.Lane(l); ln != nil {
		for i := range ln.Len() {
			if it := ln.Item(i); p.seen[it] == nil {
				p.seen[it] = finished(it)
			}
		}
	}
}

// finished is the state of an item printed whole.
func finished(it *store.Item) *shown {
	s := &shown{done: true, started: true, record: it.Text}
	if it.Msg != nil {
		s.delivery = it.Msg.Delivery
	}
	return s
}

// lanes returns the lines news in lanes ls brings.
func (p *printer) lanes(ls []frame.Lane) []string {
	var out []string
	for _, l := range ls {
		ln := p.st.Lane(l)
		if ln == nil {
			continue
		}
		var lines []string
		for i := max(ln.Len()-printWindow, 0); i < ln.Len(); i++ {
			it := ln.Item(i)
			s := p.seen[it]
			if s == nil {
				s = &shown{}
				p.seen[it] = s
			}
			lines = append(lines, p.item(it, s)...)
		}
		out = append(out, p.inLane(l, lines)...)
	}
	return out
}

// inLane names lane l in front of each line from a lane not in focus.
func (p *printer) inLane(l frame.Lane, lines []string) []string {
	if l == p.st.Focused() || len(lines) == 0 {
		return lines
	}
	prefix := "In " + laneName(p.st, l) + ": "
	for i := range lines {
		lines[i] = prefix + lines[i]
	}
	return lines
}

// whole returns an item's lines as history (/more): all of it, at once.
func (p *printer) whole(it *store.Item) []string {
	s := &shown{}
	if it.Msg != nil {
		s.delivery = it.Msg.Delivery // history: its delivery is not news
	}
	lines := p.item(it, s)
	if it.Kind == store.KindMessage && !s.done {
		lines = append(lines, p.finish(it.Msg, s)...)
	}
	return lines
}

// item returns what is new of it since s.
func (p *printer) item(it *store.Item, s *shown) []string {
	switch it.Kind {
	case store.KindMessage:
		if it.Msg != nil {
			return p.message(it.Msg, s)
		}
	case store.KindTool:
		if it.Tool != nil {
			return tool(it.Tool, s)
		}
	case store.KindCommentary:
		if !s.done {
			s.done = true
			return prefixed("Commentary: ", termsafe.Text(it.Text))
		}
	case store.KindNotice:
		if !s.done {
			s.done = true
			return prefixed("Notice: ", termsafe.Text(it.Text))
		}
	case store.KindPickerRecord:
		if it.Outcome != store.Answering && it.Text != s.record {
			s.record = it.Text
			return []string{recordLine(it)}
		}
	}
	return nil
}

// message returns what is new of a message.
func (p *printer) message(m *store.Message, s *shown) []string {
	if m.Role == frame.RoleUser {
		return userMessage(m, s)
	}
	if s.done {
		return nil
	}
	var out []string
	if p.reasoning && m.Reasoning != "" {
		lines := s.reasoning.Feed(m.Reasoning)
		if !m.Streaming || m.Text != "" {
			lines = append(lines, s.reasoning.Finish(m.Reasoning)...)
		}
		if len(lines) > 0 && !s.reasoned {
			s.reasoned = true
			lines[0] = "Reasoning: " + lines[0]
		}
		out = append(out, sanitised(lines)...)
	}
	if !m.Streaming {
		return append(out, p.finish(m, s)...)
	}
	return append(out, p.lead(m, s, s.text.Feed(m.Text))...)
}

// finish returns the rest of a final message and its closing lines.
func (p *printer) finish(m *store.Message, s *shown) []string {
	s.done = true
	out := p.lead(m, s, s.text.Finish(m.Text))
	for _, md := range m.Media {
		out = append(out, fmt.Sprintf("Attachment: %s (%s, %d bytes)", termsafe.Line(md.Filename), termsafe.Line(md.Mime), md.Size))
	}
	if m.Role != frame.RoleAssistant {
		return out
	}
	switch {
	case m.Cut.Interrupted():
		out = append(out, "Assistant "+m.Cut.String()+".")
	case m.Stopped:
		out = append(out, "Assistant stopped.")
	default:
		out = append(out, "Assistant finished.")
	}
	if f := transcript.FormatRuntime(m.Runtime); p.footer && f != "" {
		out = append(out, "Runtime: "+strings.ReplaceAll(f, " · ", ", "))
	}
	return out
}

// lead puts the role's lead-in before a message's first line.
func (p *printer) lead(m *store.Message, s *shown, lines []string) []string {
	lines = sanitised(lines)
	if len(lines) > 0 && !s.started {
		s.started = true
		lines[0] = roleName(m.Role) + ": " + lines[0]
	}
	return lines
}

// roleName is the lead-in of a message by role.
func roleName(role string) string {
	switch role {
	case frame.RoleAssistant:
		return "Assistant"
	case frame.RoleCron:
		return "Cron"
	case frame.RoleSystem:
		return "System"
	case frame.RoleUser:
		return "You"
	}
	return "Message"
}

// userMessage prints the user's message once, then its delivery as it
// changes (sent, failed with its cause).
func userMessage(m *store.Message, s *shown) []string {
	var out []string
	if !s.started {
		s.started, s.done = true, true
		out = prefixed("You: ", termsafe.Text(m.Text))
	}
	if m.Delivery != s.delivery {
		s.delivery = m.Delivery
		if d := deliveryLine(m); d != "" {
			out = append(out, d)
		}
	}
	return out
}

// deliveryLine says what became of a message sent from here.
func deliveryLine(m *store.Message) string {
	cause := ""
	if m.Cause != "" {
		cause = ": " + termsafe.Line(m.Cause)
	}
	switch m.Delivery {
	case store.DeliverySent:
		return "Sent."
	case store.DeliveryFailed:
		return "Not sent" + cause + "."
	case store.DeliveryUnknown:
		return "Delivery unknown" + cause + "."
	}
	return ""
}

// tool returns a tool's start, then its end.
func tool(t *store.ToolCall, s *shown) []string {
	var out []string
	name := termsafe.Line(t.Name)
	if !s.started {
		s.started = true
		out = append(out, "Tool "+name+" started: "+termsafe.Line(firstLine(t.Preview)))
	}
	if !s.done && (!t.Running || t.OK != nil) {
		s.done = true
		how := "failed"
		if t.OK == nil || *t.OK {
			how = "ok"
		}
		if t.Cut.Interrupted() {
			how = t.Cut.String()
		}
		if t.Duration != nil {
			how += fmt.Sprintf(", %.1f s", *t.Duration)
		}
		out = append(out, "Tool "+name+" finished, "+how+": "+termsafe.Line(firstLine(t.Output)))
	}
	return out
}

// recordLeads lead a picker record by how it ended.
var recordLeads = map[store.PickerOutcome]string{
	store.Answered: "Answered", store.AnsweredElsewhere: "Answered on another device",
	store.Expired: "Expired", store.NotDelivered: "Answer not delivered", store.NotConfirmed: "Answer sent, not confirmed",
}

// recordLine is a picker record: how the picker ended, and what it was.
func recordLine(it *store.Item) string {
	text := termsafe.Line(it.Text)
	lead, ok := recordLeads[it.Outcome]
	if !ok {
		return "Picker " + text
	}
	return lead + ": " + strings.TrimPrefix(text, it.Outcome.String()+": ")
}

// prefixed is text's lines, the first behind lead.
func prefixed(lead, text string) []string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	lines[0] = lead + lines[0]
	return lines
}

// sanitised passes lines through termsafe.
func sanitised(lines []string) []string {
	for i := range lines {
		lines[i] = termsafe.Line(lines[i])
	}
	return lines
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// laneName is the directory name of l, sanitised.
func laneName(st *store.State, l frame.Lane) string {
	if ln := st.Lane(l); ln != nil && ln.Name != "" {
		return termsafe.Line(ln.Name)
	}
	return termsafe.Line(l.String())
}

// laneKeys lists the directory's lanes in order.
func laneKeys(st *store.State) []frame.Lane {
	var out []frame.Lane
	for _, n := range st.Tree() {
		out = append(out, n.Lane)
		for _, th := range n.Threads {
			out = append(out, th.Lane)
		}
	}
	return out
}
