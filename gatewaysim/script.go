package gatewaysim

import (
	"fmt"
	"strings"

	"github.com/hermes/iris/frame"
)

// composeReply writes the agent's markdown answer to user message m: a
// heading, the notes of the tool and picker phase, a list, a code fence and a
// table, so that clients exercise their whole markdown path.
func composeReply(m frame.Message, notes []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Re: %s\n\n", instantTitle(m.Text))
	for _, n := range notes {
		b.WriteString(n + "\n\n")
	}
	for _, md := range m.Media {
		fmt.Fprintf(&b, "I received **%s** (%s, %d bytes).\n\n", md.Filename, md.Mime, md.Size)
	}
	b.WriteString(`Here is what I found after checking the workspace:

- The module builds **cleanly** with Go 1.26
- ` + "`3`" + ` packages have tests, and all of them pass
- Nothing else needs your attention right now

` + "```go" + `
func main() {
	fmt.Println("hello from the gateway simulator")
}
` + "```" + `

| check | result |
| --- | --- |
| build | ok |
| tests | 12 passed |
| lint | clean |

Anything else you want me to look at?`)
	return b.String()
}

// pickerStep asks one picker and returns a note for the reply.
type pickerStep func(t *turn) string

// keywordPickers returns the pickers a message's keywords ask for, in a
// fixed order.
func keywordPickers(text string) []pickerStep {
	lower := strings.ToLower(text)
	var steps []pickerStep
	if cmd := rmCommand(text); cmd != "" {
		steps = append(steps, func(t *turn) string { return t.approve(cmd) })
	}
	if strings.Contains(lower, "clarify") {
		steps = append(steps, (*turn).clarify)
	}
	if strings.Contains(lower, "confirm") {
		steps = append(steps, (*turn).confirm)
	}
	if strings.Contains(lower, "choose") {
		steps = append(steps, (*turn).chooseEffort)
	}
	return append(steps, hermesPickers(lower)...) // pickers.go
}

// rmCommand returns the command starting at the word "rm", or "".
func rmCommand(text string) string {
	words := strings.Fields(text)
	for i, w := range words {
		if strings.Trim(w, "`'\"") == "rm" {
			cmd := strings.Trim(strings.Join(words[i:min(len(words), i+6)], " "), "`'\".,;!?")
			if cmd == "rm" {
				cmd = "rm -rf ./build"
			}
			return cmd
		}
	}
	return ""
}

// approve asks to run a dangerous command and runs it unless denied. An
// earlier "session" or "always" answer approves it without asking, as
// Hermes remembers approvals per pattern.
func (t *turn) approve(cmd string) string {
	const pattern = "recursive delete"
	t.s.mu.Lock()
	answer, ok := t.s.approvals[pattern], true
	t.s.mu.Unlock()
	if answer == "" {
		answer, ok = t.ask(frame.TypePickerApproval, frame.Picker{
			Command: cmd, Description: pattern, AllowPermanent: frame.Ptr(true), TimeoutS: frame.Ptr(300.0),
		})
	}
	switch {
	case !ok:
		return ""
	case answer == "once" || answer == "session" || answer == "always":
		if answer != "once" {
			t.s.mu.Lock()
			t.s.approvals[pattern] = answer
			t.s.mu.Unlock()
		}
		t.runTool(cmd, "removed 3 files")
		return fmt.Sprintf("I ran `%s` (approved: %s).", cmd, answer)
	default:
		return fmt.Sprintf("I did **not** run `%s`: you denied it.", cmd)
	}
}

func (t *turn) clarify() string {
	answer, ok := t.ask(frame.TypePickerClarify, frame.Picker{
		Question: "What kind of answer do you want?", AllowText: frame.Ptr(true), TimeoutS: frame.Ptr(600.0),
		Choices: []frame.Choice{
			{Value: "summary", Label: "A short summary"},
			{Value: "detailed", Label: "A detailed walkthrough"},
			{Value: "code", Label: "Just the code"},
		},
	})
	switch {
	case !ok:
		return ""
	case answer == "":
		return "No answer came, so I kept it short."
	}
	return "You clarified: *" + answer + "*."
}

func (t *turn) confirm() string {
	answer, ok := t.ask(frame.TypePickerConfirm, frame.Picker{
		Title: "Apply changes?", Message: "This rewrites 3 files in the workspace.",
		Choices: []frame.Choice{{Value: "once", Label: "Once"}, {Value: "always", Label: "Always"}, {Value: "cancel", Label: "Cancel"}},
	})
	switch {
	case !ok:
		return ""
	case answer == "once" || answer == "always":
		return "Confirmed (" + answer + "): the changes are applied."
	default:
		return "Cancelled: nothing was changed."
	}
}

// efforts are the reasoning effort levels.
var efforts = []string{"none", "low", "medium", "high"}

// chooseEffort asks for the reasoning effort with picker.choice.
func (t *turn) chooseEffort() string {
	t.s.mu.Lock()
	current := t.s.effort
	t.s.mu.Unlock()
	var choices []frame.Choice
	for _, e := range efforts {
		c := frame.Choice{Value: e, Label: strings.ToUpper(e[:1]) + e[1:]}
		if e == current {
			c.IsCurrent = frame.Ptr(true)
		}
		choices = append(choices, c)
	}
	answer, ok := t.ask(frame.TypePickerChoice, frame.Picker{Title: "Reasoning effort", Choices: choices})
	if !ok {
		return ""
	}
	return t.setEffort(answer)
}

// setEffort changes the reasoning effort and says so.
func (t *turn) setEffort(v string) string {
	for _, e := range efforts {
		if e == v {
			t.s.mu.Lock()
			t.s.effort = v
			t.s.mu.Unlock()
			return "Reasoning effort is now **" + v + "**."
		}
	}
	return "Unknown reasoning effort " + quote(v) + "; nothing changed."
}
