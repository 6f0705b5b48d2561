package frame

import (
	"bytes"
	"encoding/json"
	"strings"
)

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
