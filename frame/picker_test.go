package frame

import (
	"fmt"
	"reflect"
	"testing"
)

// TestPickerHermesShapes decodes the shapes Hermes' own code sends next to
// the spec's: bare-string choices with a recommended first one, a
// multi-select clarify, approval flags and providers as {slug, name,
// models:[string]}.
func TestPickerHermesShapes(t *testing.T) {
	cases := []struct {
		name, js string
		want     Picker
	}{
		{"bare string choices", `{"picker_id":"pq_1","question":"Deploy where?","choices":["staging (Recommended)","prod","canary"]}`,
			Picker{PickerID: "pq_1", Question: "Deploy where?", Choices: []Choice{
				{Value: "staging (Recommended)", Label: "staging", Recommended: true},
				{Value: "prod", Label: "prod"}, {Value: "canary", Label: "canary"}}}},
		{"mixed choices and case", `{"picker_id":"pq_2","multi_select":true,"choices":[{"value":"a","label":"Alpha (RECOMMENDED)"},"b"]}`,
			Picker{PickerID: "pq_2", MultiSelect: Ptr(true), Choices: []Choice{
				{Value: "a", Label: "Alpha", Recommended: true}, {Value: "b", Label: "b"}}}},
		{"suffix alone is a label", `{"picker_id":"pq_3","choices":[" (Recommended)"]}`,
			Picker{PickerID: "pq_3", Choices: []Choice{{Value: " (Recommended)", Label: " (Recommended)"}}}},
		{"approval flags", `{"picker_id":"pa_1","command":"rm -rf x","allow_permanent":false,"allow_session":false,"smart_denied":true,"timeout_s":0}`,
			Picker{PickerID: "pa_1", Command: "rm -rf x", AllowPermanent: Ptr(false), AllowSession: Ptr(false), SmartDenied: Ptr(true), TimeoutS: Ptr(0.0)}},
		{"hermes providers", `{"picker_id":"pm_1","current_model":"qwen/qwq-32b","current_provider":"openrouter","providers":[{"slug":"openrouter","name":"OpenRouter","models":["qwen/qwq-32b","anthropic/claude-sonnet-4.5"]}]}`,
			Picker{PickerID: "pm_1", CurrentModel: "qwen/qwq-32b", CurrentProvider: "openrouter", Providers: []Provider{
				{ID: "openrouter", Label: "OpenRouter", Models: []Model{{ID: "qwen/qwq-32b"}, {ID: "anthropic/claude-sonnet-4.5"}}}}}},
		{"spec providers", `{"picker_id":"pm_2","providers":[{"id":"local","label":"Local","models":[{"id":"qwen3-27b","label":"Qwen3 27B"}]}]}`,
			Picker{PickerID: "pm_2", Providers: []Provider{{ID: "local", Label: "Local", Models: []Model{{ID: "qwen3-27b", Label: "Qwen3 27B"}}}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode([]byte(`{"type":"picker.clarify","chat_id":"c","payload":`+tc.js+`}`), FromServer)
			if err != nil {
				t.Fatal(err)
			}
			if got := *f.Payload.(*Picker); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestPickerBadChoicesCostThemselvesOnly: a choice or model that is
// neither a string nor an object costs that entry only (a number is read as
// its text, anything else is left out and recorded as a field issue); the
// rest of the picker applies.
func TestPickerBadChoicesCostThemselvesOnly(t *testing.T) {
	for _, c := range []struct{ js, issues, want string }{
		{`{"picker_id":"p","choices":[3,"a",true]}`, "choices[0]:kept choices[2]:ignored", `[3 a]`},
		{`{"picker_id":"p","providers":[{"slug":"x","models":[true,"m"]}]}`, "providers[0].models[0]:ignored", `[x:[m]]`},
	} {
		f, err := Decode([]byte(`{"type":"picker.clarify","payload":`+c.js+`}`), FromServer)
		if err != nil {
			t.Fatalf("%s: %v", c.js, err)
		}
		p := f.Payload.(*Picker)
		var got []string
		for _, ch := range p.Choices {
			got = append(got, ch.Value)
		}
		for _, pr := range p.Providers {
			var ms []string
			for _, m := range pr.Models {
				ms = append(ms, m.ID)
			}
			got = append(got, pr.ID+":"+fmt.Sprint(ms))
		}
		if fmt.Sprint(got) != c.want || issueList(f.Issues) != c.issues || p.PickerID != "p" {
			t.Errorf("%s: entries %v issues %q, want %s and %q", c.js, got, issueList(f.Issues), c.want, c.issues)
		}
	}
}

// TestModelValueSplitsAtTheFirstSlash: a model id may hold '/', a provider
// id does not.
func TestModelValueSplitsAtTheFirstSlash(t *testing.T) {
	cases := []struct{ provider, model, value string }{
		{"openrouter", "qwen/qwq-32b", "openrouter/qwen/qwq-32b"},
		{"local", "qwen3-27b", "local/qwen3-27b"},
	}
	for _, c := range cases {
		if v := ModelValue(c.provider, c.model); v != c.value {
			t.Fatalf("ModelValue(%q, %q) = %q", c.provider, c.model, v)
		}
		if p, m := SplitModelValue(c.value); p != c.provider || m != c.model {
			t.Fatalf("SplitModelValue(%q) = %q, %q", c.value, p, m)
		}
	}
	if p, m := SplitModelValue("gpt-5.4"); p != "" || m != "gpt-5.4" {
		t.Fatalf("bare id: %q %q", p, m)
	}
}

// TestPickerSelectReason: a deny reason travels in its own field, and only
// when there is one.
func TestPickerSelectReason(t *testing.T) {
	for sel, want := range map[PickerSelect]string{
		{PickerID: "pa_1", Value: "deny", Reason: "use git clean"}: `{"v":1,"id":3,"type":"picker.select","payload":{"picker_id":"pa_1","value":"deny","reason":"use git clean"}}`,
		{PickerID: "pa_1", Value: "once"}:                          `{"v":1,"id":3,"type":"picker.select","payload":{"picker_id":"pa_1","value":"once"}}`,
	} {
		b, err := Encode(Frame{ID: 3, Type: TypePickerSelect, Payload: &sel})
		if err != nil || string(b) != want {
			t.Fatalf("got %s, %v\nwant %s", b, err, want)
		}
	}
}
