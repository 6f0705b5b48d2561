package gatewaysim

import (
	"time"

	"github.com/hermes/iris/wsclient/frame"
)

// pendingPicker is a picker waiting for its picker.select.
type pendingPicker struct {
	answer chan string // buffered; receives the selected value once
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
	s := t.s
	pp := &pendingPicker{answer: make(chan string, 1)}
	s.mu.Lock()
	p.PickerID = s.nextID(pickerPrefixes[typ])
	s.pickers[p.PickerID] = pp
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.pickers, p.PickerID)
		s.mu.Unlock()
	}()
	t.emit(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "waiting_input"})
	t.emit(typ, &p)
	timer := time.NewTimer(s.cfg.PickerTimeout)
	defer timer.Stop()
	select {
	case answer = <-pp.answer:
	case <-timer.C:
	case <-t.ctx.Done():
		return "", false
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
	c.ackEcho(f) // before the turn continues, so the ack precedes its frames
	pp.answer <- p.Value
}
