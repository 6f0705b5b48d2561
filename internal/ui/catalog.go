package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/drawer"
)

// Messages of the / drawer.
type (
	// catalogLoadedMsg answers commands.catalog.
	catalogLoadedMsg struct {
		cmds []frame.Command
		err  error
	}
	// completionsLoadedMsg answers commands.complete.
	completionsLoadedMsg struct {
		prefix string
		cmds   []frame.Command
	}
)

// commandCatalog is the gateway's slash commands part: it asks for the
// catalog and for completions, caches the catalog in the store and hands
// both to the / drawer.
type commandCatalog struct {
	st     *store.State
	drawer *drawer.Model
	eng    *session.Engine // nil: no gateway
}

// fetch asks for the slash-command catalog (after connecting).
func (c *commandCatalog) fetch() tea.Cmd {
	if c.eng == nil {
		return nil
	}
	f := frame.Frame{Type: frame.TypeCommandsCatalog, Payload: &frame.Empty{}}
	return requestCmd(c.eng, f, func(resp frame.Frame, err error) tea.Msg {
		if c, ok := resp.Payload.(*frame.CommandsCatalog); ok && err == nil {
			return catalogLoadedMsg{cmds: c.Commands}
		}
		if err == nil {
			err = fmt.Errorf("unexpected %q answer", resp.Type)
		}
		return catalogLoadedMsg{err: err}
	})
}

// loaded caches the catalog in the store and hands it to the drawer;
// without one the drawer keeps the cached copy (or falls back to
// commands.complete).
func (c *commandCatalog) loaded(msg catalogLoadedMsg) {
	if msg.err != nil || len(msg.cmds) == 0 {
		return
	}
	c.st.SetCatalog(msg.cmds)
	c.drawer.SetCatalog(msg.cmds)
}

// complete asks commands.complete for prefix while online.
func (c *commandCatalog) complete(prefix string, online bool) tea.Cmd {
	if c.eng == nil || !online {
		return nil
	}
	f := frame.Frame{Type: frame.TypeCommandsComplete, Payload: &frame.CommandsComplete{Prefix: prefix}}
	return requestCmd(c.eng, f, func(resp frame.Frame, _ error) tea.Msg {
		if c, ok := resp.Payload.(*frame.CommandsCompleteResult); ok {
			return completionsLoadedMsg{prefix: prefix, cmds: c.Matches}
		}
		return nil
	})
}
