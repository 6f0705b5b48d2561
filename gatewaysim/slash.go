package gatewaysim

import (
	"fmt"
	"strings"

	"github.com/hermes/iris/frame"
)

// modelChoice is the current model of the session.
type modelChoice struct{ provider, model string }

var defaultModel = modelChoice{provider: "local", model: "qwen3-27b"}

// providers are the models picker.model offers.
var providers = []frame.Provider{
	{ID: "local", Label: "Local", Models: []frame.Model{{ID: "qwen3-27b", Label: "Qwen3 27B"}, {ID: "llama-3.3-70b", Label: "Llama 3.3 70B"}}},
	{ID: "openai", Label: "OpenAI", Models: []frame.Model{{ID: "gpt-5.4", Label: "GPT-5.4"}, {ID: "gpt-5.4-mini", Label: "GPT-5.4 mini"}}},
	{ID: "anthropic", Label: "Anthropic", Models: []frame.Model{{ID: "claude-sonnet-4.5", Label: "Claude Sonnet 4.5"}}},
}

// slashCommand answers a /command. /model and /reasoning without argument
// (or with "choose") open pickers; the rest get a short canned answer.
func (t *turn) slashCommand() string {
	fields := strings.Fields(t.user.Text)
	name, arg := strings.ToLower(fields[0]), strings.Join(fields[1:], " ")
	switch name {
	case "/model":
		if arg == "" {
			return t.pickModel()
		}
		return t.setModel(arg)
	case "/reasoning":
		if arg == "" || arg == "choose" {
			return t.chooseEffort()
		}
		return t.setEffort(arg)
	case "/status":
		t.s.mu.Lock()
		m, e := t.s.model, t.s.effort
		t.s.mu.Unlock()
		return fmt.Sprintf("**Status**\n\n- model: `%s` (%s)\n- reasoning: %s", m.model, m.provider, e)
	}
	for _, c := range t.s.cfg.Catalog {
		if c.Name == name || containsFold(c.Aliases, name) {
			return fmt.Sprintf("`%s` done (%s).", c.Name, c.Description)
		}
	}
	return fmt.Sprintf("Unknown command `%s`. Try `/help`.", name)
}

// pickModel asks for a model with picker.model.
func (t *turn) pickModel() string {
	t.s.mu.Lock()
	cur := t.s.model
	t.s.mu.Unlock()
	answer, ok := t.ask(frame.TypePickerModel, frame.Picker{
		Title: "Switch model", CurrentModel: cur.model, CurrentProvider: cur.provider, Providers: providers,
	})
	if !ok {
		return ""
	}
	return t.setModel(answer)
}

// setModel switches to "provider/model" (or a bare model id).
func (t *turn) setModel(v string) string {
	prov, id, hasProv := strings.Cut(v, "/")
	if !hasProv {
		prov, id = "", v
	}
	for _, p := range providers {
		for _, m := range p.Models {
			if m.ID == id && (prov == "" || prov == p.ID) {
				t.s.mu.Lock()
				t.s.model = modelChoice{provider: p.ID, model: m.ID}
				t.s.mu.Unlock()
				return fmt.Sprintf("Switched to **%s** (%s).", m.ID, p.Label)
			}
		}
	}
	return "Unknown model " + quote(v) + "; the model is unchanged."
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
