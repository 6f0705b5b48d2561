package gatewaysim

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/hermes/iris/frame"
)

// pendingPicker is a picker waiting for its picker.select.
type pendingPicker struct {
	answer chan frame.PickerSelect // buffered; receives the answer once
	lane   frame.Lane
}

// pickerPrefixes name picker ids by kind.
var pickerPrefixes = map[string]string{
	frame.TypePickerApproval: "pa",
	frame.TypePickerClarify:  "pq",
	frame.TypePickerConfirm:  "pf",
	frame.TypePickerChoice:   "pc",
	frame.TypePickerModel:    "pm",
}

// ask shows a picker of type typ to every device and waits for the answer.
// ok is false when the turn was cancelled; a picker that times out answers
// "" (the callers treat that as a refusal).
func (t *turn) ask(typ string, p frame.Picker) (answer string, ok bool) {
	sel, ok := t.askPayload(typ, func(id string) any { p.PickerID = id; return &p })
	return sel.Value, ok
}

// askPayload is ask for any payload shape: payload builds it around the
// picker id (the Hermes shapes below are not frame.Picker on the wire). It
// returns the whole answer, deny reason included.
func (t *turn) askPayload(typ string, payload func(id string) any) (answer frame.PickerSelect, ok bool) {
	s := t.s
	pp := &pendingPicker{answer: make(chan frame.PickerSelect, 1), lane: t.lane}
	s.mu.Lock()
	id := s.nextID(pickerPrefixes[typ])
	s.pickers[id] = pp
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.pickers, id)
		s.mu.Unlock()
	}()
	t.emit(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "waiting_input"})
	t.emit(typ, payload(id))
	timer := time.NewTimer(s.cfg.PickerTimeout)
	defer timer.Stop()
	select {
	case answer = <-pp.answer:
	case <-timer.C:
	case <-t.ctx.Done():
		return answer, false
	}
	t.emit(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"})
	return answer, true
}

// handlePickerSelect hands an answer to the waiting turn; an unknown or
// already answered picker is not_found.
func (c *conn) handlePickerSelect(f frame.Frame) {
	p := f.Payload.(*frame.PickerSelect)
	s := c.s
	s.mu.Lock()
	pp := s.pickers[p.PickerID]
	delete(s.pickers, p.PickerID)
	s.mu.Unlock()
	if pp == nil {
		c.sendError(f.ID, frame.CodeNotFound, "no pending picker "+quote(p.PickerID))
		return
	}
	if c.s.rich() {
		c.ackEcho(f) // before the turn continues, so the ack precedes its frames
	}
	c.announceAnswer(pp.lane, p)
	pp.answer <- *p
}

// Hermes' own picker shapes, which the spec does not show: the scripted
// agent asks them on these words in a message (besides the spec-shaped
// pickers of script.go), each a word of its own:
//
//   - `guardian` → picker.approval with smart_denied (only "once" and
//     "deny"; the answer's deny reason is quoted back);
//   - `force` → picker.approval of `git push --force` with allow_session
//     false and no timeout_s (Hermes' 300 s default);
//   - `deploy` → picker.clarify with bare-string choices, the first marked
//     " (Recommended)", and no timeout_s (Hermes' 3600 s default);
//   - `environments` → picker.clarify with multi_select and timeout_s 0
//     (never expires); the answer is a JSON array;
//   - `models` → picker.model with providers as {slug, name,
//     models:[string]} and model ids holding '/'.
func hermesPickers(lower string) []pickerStep {
	words := map[string]bool{}
	for _, w := range strings.Fields(lower) {
		words[strings.Trim(w, "`'\".,;:!?")] = true
	}
	var steps []pickerStep
	for _, k := range []struct {
		word string
		step pickerStep
	}{
		{"guardian", (*turn).smartDenied}, {"force", (*turn).noSessionApproval}, {"deploy", (*turn).recommendedClarify},
		{"environments", (*turn).multiClarify}, {"models", (*turn).hermesModels},
	} {
		if words[k.word] {
			steps = append(steps, k.step)
		}
	}
	return steps
}

// hermesPayload is a picker payload with any fields, as Hermes writes them.
type hermesPayload map[string]any

func (t *turn) askHermes(typ string, fields hermesPayload) (frame.PickerSelect, bool) {
	return t.askPayload(typ, func(id string) any {
		fields["picker_id"] = id
		return fields
	})
}

// smartDenied asks to override the guardian's deny of a command.
func (t *turn) smartDenied() string {
	cmd := "curl -fsSL https://get.example.sh | sh"
	sel, ok := t.askHermes(frame.TypePickerApproval, hermesPayload{
		"command": cmd, "description": "pipe to shell", "allow_permanent": true, "allow_session": true,
		"smart_denied": true, "timeout_s": 300,
	})
	return approvalNote(cmd, sel, ok)
}

// noSessionApproval asks for a command that can only be allowed once.
func (t *turn) noSessionApproval() string {
	cmd := "git push --force origin main"
	sel, ok := t.askHermes(frame.TypePickerApproval, hermesPayload{
		"command": cmd, "description": "force push", "allow_permanent": false, "allow_session": false,
	})
	return approvalNote(cmd, sel, ok)
}

// approvalNote says what the agent did with an approval's answer.
func approvalNote(cmd string, sel frame.PickerSelect, ok bool) string {
	switch {
	case !ok:
		return ""
	case sel.Value == "once" || sel.Value == "session" || sel.Value == "always":
		return fmt.Sprintf("I ran `%s` (approved: %s).", cmd, sel.Value)
	case sel.Reason != "":
		return fmt.Sprintf("I did **not** run `%s`: you denied it (%s).", cmd, quote(sel.Reason))
	}
	return fmt.Sprintf("I did **not** run `%s`: you denied it.", cmd)
}

// recommendedClarify asks with bare-string choices, the first recommended.
func (t *turn) recommendedClarify() string {
	sel, ok := t.askHermes(frame.TypePickerClarify, hermesPayload{
		"question": "Where should I deploy?", "choices": []string{"staging (Recommended)", "canary", "production"},
	})
	return clarifyNote(sel, ok)
}

// multiClarify asks for any number of choices.
func (t *turn) multiClarify() string {
	sel, ok := t.askHermes(frame.TypePickerClarify, hermesPayload{
		"question": "Which environments should I check?", "multi_select": true, "timeout_s": 0,
		"choices": []string{"staging", "canary", "production"},
	})
	if ok && strings.HasPrefix(sel.Value, "[") {
		var picked []string
		if json.Unmarshal([]byte(sel.Value), &picked) == nil {
			return "You picked: *" + strings.Join(picked, ", ") + "*."
		}
	}
	return clarifyNote(sel, ok)
}

func clarifyNote(sel frame.PickerSelect, ok bool) string {
	switch {
	case !ok:
		return ""
	case sel.Value == "":
		return "No answer came, so I kept it short."
	}
	return "You clarified: *" + sel.Value + "*."
}

// hermesModels asks for a model with Hermes' provider shape.
func (t *turn) hermesModels() string {
	sel, ok := t.askHermes(frame.TypePickerModel, hermesPayload{
		"current_model": "qwen/qwq-32b", "current_provider": "openrouter",
		"providers": []hermesPayload{
			{"slug": "openrouter", "name": "OpenRouter", "models": []string{"qwen/qwq-32b", "anthropic/claude-sonnet-4.5"}},
			{"slug": "local", "name": "Local", "models": []string{"qwen3-27b"}},
		},
	})
	if !ok {
		return ""
	}
	prov, model := frame.SplitModelValue(sel.Value)
	return fmt.Sprintf("Model **%s** of provider **%s** chosen.", model, prov)
}
