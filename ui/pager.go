package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/ui/common"
)

// pagerCommand is $PAGER split into words, or "less -R".
func (t *terminal) pagerCommand() []string {
	if f := strings.Fields(t.env("PAGER")); len(f) > 0 {
		return f
	}
	return []string{"less", "-R"}
}

// viewSelected opens the selected message in the pager.
func (m *Model) viewSelected() tea.Cmd {
	it := m.transcript.Selected()
	if it == nil {
		return noSelection(m.com.KeyMap)
	}
	return m.progs.page(plainMessage(it, m.opts.Location))
}

// viewLane opens the focused lane in the pager (/view).
func (m *Model) viewLane() tea.Cmd {
	text := laneText(m.st, m.lane, m.opts.Location)
	if text == "" {
		return common.ReportError(errors.New("no messages to view in this lane"))
	}
	return m.progs.page(text)
}

// laneText is every loaded message of lane l as plain text, oldest first,
// under the lane's name; "" when it holds none.
func laneText(st *store.State, l frame.Lane, loc *time.Location) string {
	ln := st.Lane(l)
	var parts []string
	if ln != nil {
		for i := range ln.Len() {
			if it := ln.Item(i); it.Kind == store.KindMessage && it.Msg != nil {
				parts = append(parts, plainMessage(it, loc))
			}
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "# " + termsafe.Line(common.LaneLabel(st, l)) + "\n\n" + strings.Join(parts, "\n")
}

// plainMessage is a message as plain text for the pager: a header line
// (author and time) and the sanitised source text, no escape sequences.
func plainMessage(it *store.Item, loc *time.Location) string {
	who := "You"
	if it.Msg.Role != frame.RoleUser {
		who = "Assistant"
	}
	when := it.Msg.TS.In(loc).Format("2006-01-02 15:04")
	var b strings.Builder
	fmt.Fprintf(&b, "── %s · %s\n", who, when)
	if r := termsafe.Text(it.Msg.Reasoning); r != "" {
		b.WriteString("[reasoning]\n" + r + "\n[/reasoning]\n")
	}
	b.WriteString(termsafe.Text(it.Msg.Text))
	b.WriteString("\n")
	return b.String()
}
