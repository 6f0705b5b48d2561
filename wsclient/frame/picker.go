package frame

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Picker shapes and answers
//
// The spec only shows picker.model and picker.choice. The gateway's other
// prompts follow Hermes' own code, so both shapes are accepted:
//
//   - choices: objects {value, label, description?, is_current?} or bare
//     strings ("staging"). A bare string is its own value and label. A
//     label ending in " (Recommended)" (any case; Hermes marks the first
//     choice so) has the suffix cut and Choice.Recommended set; the value
//     keeps it, so the gateway gets back exactly the string it sent.
//   - providers of picker.model: {id, label, models:[{id, label}]} (spec) or
//     {slug, name, models:["model id", ...]} (Hermes).
//   - picker.approval may carry allow_session and smart_denied: Hermes offers
//     neither "session" nor "always" when smart_denied is true or
//     allow_session is false, and no "always" when allow_permanent is false.
//   - picker.clarify may carry multi_select: the answer is then a JSON array
//     of the chosen values, as a string (`["a","b"]`).
//
// Answers (picker.select value):
//
//   - approval: "once" | "session" | "always" | "deny". A deny with a typed
//     reason sends value "deny" plus the extra field "reason" (Hermes
//     relays it to the agent, as with `/deny <reason>`); a gateway that
//     ignores unknown fields still gets a plain deny.
//   - clarify: a choice's value, the typed text, or the JSON array above.
//   - model: ModelValue(provider, model) = "<provider>/<model id>". Model ids
//     may contain '/' ("qwen/qwq-32b") but provider ids do not, so the value
//     is split at the FIRST '/' (SplitModelValue): "openrouter/qwen/qwq-32b"
//     is provider "openrouter", model "qwen/qwq-32b".

// recommendedSuffix marks Hermes' recommended clarify choice.
const recommendedSuffix = " (recommended)"

// UnmarshalJSON accepts a choice object or a bare string.
func (c *Choice) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*c = Choice{Value: s, Label: s}
	} else {
		type plain Choice
		var p plain
		if err := json.Unmarshal(b, &p); err != nil {
			return err
		}
		*c = Choice(p)
	}
	label := c.Label
	if label == "" {
		label = c.Value
	}
	if n := len(label) - len(recommendedSuffix); n > 0 && strings.EqualFold(label[n:], recommendedSuffix) {
		c.Label, c.Recommended = strings.TrimSpace(label[:n]), true
	}
	return nil
}

// UnmarshalJSON accepts the spec's provider object or Hermes' {slug, name,
// models:[string]}.
func (p *Provider) UnmarshalJSON(b []byte) error {
	var raw struct {
		ID     string  `json:"id"`
		Label  string  `json:"label"`
		Slug   string  `json:"slug"`
		Name   string  `json:"name"`
		Models []Model `json:"models"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*p = Provider{ID: raw.ID, Label: raw.Label, Models: raw.Models}
	if p.ID == "" {
		p.ID = raw.Slug
	}
	if p.Label == "" {
		p.Label = raw.Name
	}
	return nil
}

// UnmarshalJSON accepts a model object or a bare model id.
func (m *Model) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		*m = Model{}
		return json.Unmarshal(b, &m.ID)
	}
	type plain Model
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*m = Model(p)
	return nil
}

// ModelValue is the picker.select value naming model of provider.
func ModelValue(provider, model string) string { return provider + "/" + model }

// SplitModelValue splits a picker.model answer at its first '/': the
// provider id has none, the model id may ("qwen/qwq-32b"). A value without
// '/' is a bare model id.
func SplitModelValue(v string) (provider, model string) {
	if p, m, ok := strings.Cut(v, "/"); ok {
		return p, m
	}
	return "", v
}
