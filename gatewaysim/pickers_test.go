package gatewaysim

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
)

// TestHermesPickerShapes: the simulator asks every picker shape of Hermes'
// own code, on the wire as Hermes writes it, and reads
// the answers back, a deny reason and a multi-select array included.
func TestHermesPickerShapes(t *testing.T) {
	cases := []struct {
		text, typ string
		raw       []string // substrings of the picker frame as sent
		check     func(*frame.Picker) bool
		answer    frame.PickerSelect
		want      string
	}{
		{"ask the guardian", frame.TypePickerApproval, []string{`"smart_denied":true`},
			func(p *frame.Picker) bool { return *p.SmartDenied && *p.AllowSession && *p.TimeoutS == 300 },
			frame.PickerSelect{Value: "deny", Reason: "pin the script's hash"}, "you denied it (\"pin the script's hash\")"},
		{"force it", frame.TypePickerApproval, []string{`"allow_session":false`},
			func(p *frame.Picker) bool { return !*p.AllowSession && !*p.AllowPermanent && p.TimeoutS == nil },
			frame.PickerSelect{Value: "once"}, "I ran `git push --force origin main` (approved: once)"},
		{"deploy it", frame.TypePickerClarify, []string{`"choices":["staging (Recommended)","canary","production"]`},
			func(p *frame.Picker) bool {
				return p.TimeoutS == nil && p.Choices[0].Recommended && p.Choices[0].Label == "staging" && p.Choices[1].Value == "canary"
			},
			frame.PickerSelect{Value: "3 days"}, "You clarified: *3 days*"},
		{"check the environments", frame.TypePickerClarify, []string{`"multi_select":true`, `"timeout_s":0`},
			func(p *frame.Picker) bool { return *p.MultiSelect && len(p.Choices) == 3 },
			frame.PickerSelect{Value: `["staging","production"]`}, "You picked: *staging, production*"},
		{"list the models", frame.TypePickerModel, []string{`"slug":"openrouter"`, `"models":["qwen/qwq-32b",`},
			func(p *frame.Picker) bool {
				return p.Providers[0].ID == "openrouter" && p.Providers[0].Label == "OpenRouter" && p.Providers[0].Models[0].ID == "qwen/qwq-32b"
			},
			frame.PickerSelect{Value: "openrouter/qwen/qwq-32b"}, "Model **qwen/qwq-32b** of provider **openrouter**"},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			_, url := newTestServer(t, nil)
			c, _ := connect(t, url, "dev_a")
			c.send(defaultLane, tc.text)
			f := c.expect(tc.typ)
			raw := c.raw
			for _, sub := range tc.raw {
				must(t, bytes.Contains(raw, []byte(sub)), "%s lacks %s", raw, sub)
			}
			p := f.Payload.(*frame.Picker)
			must(t, tc.check(p), "picker %+v", p)
			sel := tc.answer
			sel.PickerID = p.PickerID
			id := c.request(frame.TypePickerSelect, defaultLane, &sel)
			must(t, c.response(id).Type == frame.TypePickerSelect, "picker.select not acknowledged")
			stop := stopOf(t, c.until(isType(frame.TypeAgentIdle)))
			must(t, strings.Contains(stop.FinalText, tc.want), "reply %q lacks %q", stop.FinalText, tc.want)
		})
	}
}
