package gatewaysim

import (
	_ "embed"
	"encoding/json"
	"strings"

	"github.com/hermes/iris/frame"
)

// catalogJSON is a realistic Hermes slash-command catalog, modelled on the
// gateway's COMMAND_REGISTRY.
//
//go:embed catalog.json
var catalogJSON []byte

// DefaultCatalog returns a fresh copy of the embedded command catalog.
func DefaultCatalog() []frame.Command {
	var cmds []frame.Command
	if err := json.Unmarshal(catalogJSON, &cmds); err != nil {
		panic("gatewaysim: embedded catalog.json: " + err.Error())
	}
	return cmds
}

func (c *conn) handleCommandsCatalog(f frame.Frame) {
	c.send(frame.Frame{ID: f.ID, Type: frame.TypeCommandsCatalog, Payload: &frame.CommandsCatalog{Commands: c.s.cfg.Catalog}})
}

// handleCommandsComplete matches a typed prefix against names and aliases
// (case-insensitive; a missing leading slash is tolerated).
func (c *conn) handleCommandsComplete(f frame.Frame) {
	p := f.Payload.(*frame.CommandsComplete)
	prefix := strings.ToLower(strings.TrimSpace(p.Prefix))
	if !strings.HasPrefix(prefix, "/") {
		prefix = "/" + prefix
	}
	matches := []frame.Command{}
	for _, cmd := range c.s.cfg.Catalog {
		if matchesPrefix(cmd, prefix) {
			matches = append(matches, frame.Command{Name: cmd.Name, Description: cmd.Description, ArgsHint: cmd.ArgsHint})
		}
	}
	c.send(frame.Frame{ID: f.ID, Type: frame.TypeCommandsComplete, Payload: &frame.CommandsCompleteResult{Prefix: p.Prefix, Matches: matches}})
}

func matchesPrefix(cmd frame.Command, prefix string) bool {
	if strings.HasPrefix(strings.ToLower(cmd.Name), prefix) {
		return true
	}
	for _, a := range cmd.Aliases {
		if strings.HasPrefix(strings.ToLower(a), prefix) {
			return true
		}
	}
	return false
}
