package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// pagerCommand is $PAGER split into words, or "less -R".
func (t *terminal) pagerCommand() []string {
	if f := strings.Fields(t.env("PAGER")); len(f) > 0 {
		return f
	}
	return []string{"less", "-R"}
}

// pageMessage opens message it (the transcript's selection) in the pager.
func (p *programs) pageMessage(it *store.Item) tea.Cmd {
	if it == nil {
		return noSelection(p.com.KeyMap)
	}
	return p.page(plainMessage(it, p.com.Loc))
}

// pageLane opens lane l's loaded messages in the pager (/view).
func (p *programs) pageLane(l frame.Lane) tea.Cmd {
	text := laneText(p.com.Store, l, p.com.Loc)
	if text == "" {
		return common.ReportError(errors.New("no messages to view in this lane"))
	}
	return p.page(text)
}

// laneText is every loaded message of lane l as plain text, oldest first,
// under the lane's name; "" when it holds none.
func laneText(st common.Store, l frame.Lane, loc *time.Location) string {
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
