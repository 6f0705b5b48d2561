package store

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/hermes/iris/frame"
)

// Picker is a pending picker.* prompt. Pickers queue per lane in arrival
// order; the first is the one to show. Pickers are not persisted: after a
// restart the gateway's own timeout applies.
type Picker struct {
	// Type is the frame type (frame.TypePickerApproval, ...).
	Type string
	Lane frame.Lane
	frame.Picker
	Arrived time.Time
	// Deadline is Arrived + timeout_s; zero when the picker has none.
	Deadline time.Time
	// Failed is why this device's last answer was refused or not sent; the
	// picker is pending again. "" when no answer failed.
	Failed string
	// Unconfirmed: this device's last answer was sent and nothing has
	// confirmed it yet; the picker is answerable again, and the turn
	// moving on accepts that answer.
	Unconfirmed bool
	// Outage: the connection was lost while it waited (ConnectionLost). A
	// gateway that then no longer has it may have answered it elsewhere or
	// forgotten it in a restart nothing announced (a crash).
	Outage bool
}

// maxTimeout bounds timeout_s (seconds) so that a huge value cannot
// overflow into an immediate expiry; beyond it the picker has no deadline.
const maxTimeout = 1e6

// defaultTimeouts are Hermes' timeouts of the pickers that bring no
// timeout_s: clarify waits an hour, approvals and confirms five minutes.
// Model and choice pickers have none.
var defaultTimeouts = map[string]time.Duration{
	frame.TypePickerClarify:  time.Hour,
	frame.TypePickerApproval: 5 * time.Minute,
	frame.TypePickerConfirm:  5 * time.Minute,
}

// pickerTimeout is how long a picker of type typ with timeout_s ts waits:
// the kind's default without timeout_s, none (0) for ts <= 0 or beyond
// maxTimeout.
func pickerTimeout(typ string, ts *float64) time.Duration {
	switch {
	case ts == nil:
		return defaultTimeouts[typ]
	case *ts <= 0 || *ts >= maxTimeout:
		return 0
	}
	return time.Duration(*ts * float64(time.Second))
}

// Pickers returns lane l's pending pickers, oldest first. The slice is the
// State's own: read it, do not keep it across mutating calls.
func (s *State) Pickers(l frame.Lane) []Picker {
	if ln := s.lanes[l]; ln != nil {
		return ln.pickers
	}
	return nil
}

// AllPickers returns the pending pickers of every lane, oldest first.
func (s *State) AllPickers() []Picker {
	var out []Picker
	for _, ln := range s.lanes {
		out = append(out, ln.pickers...)
	}
	slices.SortFunc(out, func(a, b Picker) int {
		return cmp.Or(a.Arrived.Compare(b.Arrived), strings.Compare(a.PickerID, b.PickerID))
	})
	return out
}

// PendingCount is the number of pending pickers in all lanes.
func (s *State) PendingCount() int {
	n := 0
	for _, ln := range s.lanes {
		n += len(ln.pickers)
	}
	return n
}

// PendingLanes returns the lanes with at least one pending picker, in
// directory order first, then any others. It looks only at the lanes in
// memory, so its cost does not grow with the directory.
func (s *State) PendingLanes() []frame.Lane {
	var listed, others []frame.Lane
	for k, ln := range s.lanes {
		switch {
		case len(ln.pickers) == 0:
		case s.byLane[k] != nil:
			listed = append(listed, k)
		default:
			others = append(others, k)
		}
	}
	pos := s.dirPositions()
	slices.SortFunc(listed, func(a, b frame.Lane) int { return pos[a] - pos[b] })
	return append(listed, others...)
}

// applyPicker queues a picker. A replay of one queued or already ended in
// this session is a no-op.
// One arriving for a lane that is not focused raises a banner.
func (s *State) applyPicker(f frame.Frame, p *frame.Picker) {
	ln := s.lane(f.Lane())
	if ln == nil || p.PickerID == "" || s.ended[p.PickerID] || s.answering[p.PickerID] != nil {
		return
	}
	for _, q := range ln.pickers {
		if q.PickerID == p.PickerID {
			return
		}
	}
	now := s.now()
	pk := Picker{Type: f.Type, Lane: ln.Key, Picker: *p, Arrived: now}
	if t := pickerTimeout(f.Type, p.TimeoutS); t > 0 {
		pk.Deadline = now.Add(t)
	}
	ln.pickers = append(ln.pickers, pk)
	s.laneChanged(ln)
	s.chg.Pickers = true
	s.chg.Directory = true
	if ln.Key != s.focus {
		s.banner(Banner{Lane: ln.Key, Kind: BannerPicker, Title: ln.Name, Body: pk.Summary()})
	}
}

// Summary is a one-line description of the picker: the first non-empty of
// title, question, command, message, description, or words naming its kind
// (a model picker brings only providers).
func (p Picker) Summary() string {
	for _, s := range []string{p.Title, p.Question, p.Command, p.Message, p.Description} {
		if s != "" {
			return s
		}
	}
	if s := kindSummaries[p.Type]; s != "" {
		return s
	}
	return "Question"
}

// kindSummaries sum up a picker that has no text of its own.
var kindSummaries = map[string]string{
	frame.TypePickerModel: "Choose a model", frame.TypePickerChoice: "Make a choice",
	frame.TypePickerApproval: "Approve a command", frame.TypePickerClarify: "The agent asks",
	frame.TypePickerConfirm: "Confirm",
}

// PickerGone ends a picker the gateway no longer holds (error not_found for
// a picker.select) as answered on another device. When it was this
// device's answer that was refused, the pending record says the answer was
// not used.
func (s *State) PickerGone(l frame.Lane, pickerID string) Change {
	s.begin()
	if a := s.answering[pickerID]; a != nil {
		s.notUsed(a)
	} else {
		s.endPicker(l, pickerID, AnsweredElsewhere, "")
	}
	return s.end()
}

// Expire ends every picker whose deadline is at or before now (the UI calls
// it on a tick); each is recorded as expired.
func (s *State) Expire(now time.Time) Change {
	s.begin()
	for _, ln := range s.lanes {
		for _, p := range append([]Picker(nil), ln.pickers...) {
			if !p.Deadline.IsZero() && !now.Before(p.Deadline) {
				s.endPicker(ln.Key, p.PickerID, Expired, "")
			}
		}
	}
	return s.end()
}

// expiryGrace is how close to its deadline a picker whose turn moves on
// counts as expired: the gateway's own timer started before the picker
// reached us, so its timeout moves the turn on a little before ours fires.
const expiryGrace = 2 * time.Second

// TakesText reports whether the picker takes a typed answer: a clarify
// always does, an approval or a confirm never (letters never answer what
// grants something; a deny's reason is its own field), any other kind when
// it says allow_text. The TUI's dialog and `iris answer` both follow it.
func (p Picker) TakesText() bool {
	switch p.Type {
	case frame.TypePickerClarify:
		return true
	case frame.TypePickerApproval, frame.TypePickerConfirm:
		return false
	}
	return p.AllowText != nil && *p.AllowText
}

// blocksTurn reports whether the agent's turn waits for the picker's answer:
// an approval or a clarify does (Hermes blocks the tool call). A model,
// choice or confirm picker does not: Hermes sends it from a slash command
// with a callback for the answer and ends that command's turn at once, so
// the turn moving on says nothing about it; it waits until answered here or
// elsewhere (picker.answered), or its timeout.
func (p Picker) blocksTurn() bool {
	return p.Type == frame.TypePickerApproval || p.Type == frame.TypePickerClarify
}

// TimedOut reports whether the picker's deadline is (almost, within
// expiryGrace) reached at now: the gateway may have timed it out already.
func (p Picker) TimedOut(now time.Time) bool {
	return !p.Deadline.IsZero() && !now.Before(p.Deadline.Add(-expiryGrace))
}

// turnMovedOn is a tool.start, tool.end, message.stop or agent.idle in lane
// ln: the agent went on, so every picker pending there that held the turn
// (blocksTurn) ended without an answer from here. (Answers from this
// device the turn moved on after were accepted before, see
// answersMovedOn.) What the record says is what is known (closeCause);
// one whose answer from here failed may have been answered by that answer
// after all (the connection dropped after it went out), so its record says
// unconfirmed.
func (s *State) turnMovedOn(ln *Lane) { s.closePickers(ln, CutNone) }

// closePickers ends every picker pending in lane ln because its turn
// ended; c is how Settle ended the turn (CutNone: the gateway's frames).
// A picker that does not hold the turn ends only with a gateway restart.
func (s *State) closePickers(ln *Lane, c Cut) {
	now := s.now()
	for _, p := range append([]Picker(nil), ln.pickers...) {
		if !p.blocksTurn() && c != CutRestart {
			continue
		}
		o, record := s.closeCause(ln, c)
		switch {
		case p.Failed != "":
			o, record = NotDelivered, "answer unconfirmed ("+p.Failed+"), and the agent has moved on"
		case p.TimedOut(now):
			o, record = Expired, ""
		}
		if record != "" {
			record += ": " + p.Summary()
		}
		s.endPicker(ln.Key, p.PickerID, o, record)
	}
}

// closeCause says why lane ln's pickers end with its turn, as far as this
// device knows (PROTOCOL-NOTES, "Pickers", leaves the record to the
// client): a stop from here, a gateway that restarted or lost the turn
// (Settle's c), a gateway offering picker_answered that reported no
// answer before the turn went on. Otherwise the cause is unknown: the
// record is "closed", never "answered on another device".
func (s *State) closeCause(ln *Lane, c Cut) (PickerOutcome, string) {
	switch {
	case ln.stopAsked:
		return Withdrawn, "withdrawn: you stopped the agent"
	case c == CutRestart:
		return Withdrawn, "withdrawn by the gateway (it restarted)"
	case c == CutLost:
		return Withdrawn, "withdrawn by the gateway (it lost the turn)"
	case frame.Offers(s.caps.PickerAnswered):
		return Withdrawn, "withdrawn by the gateway (no device answered)"
	}
	return Closed, ClosedText
}

// ClosedText starts the record of a picker whose turn moved on for a
// reason nothing told: answered on another device, stopped there, or
// dropped by the gateway.
const ClosedText = "closed without an answer from here (the agent went on)"

// withdrawAll ends every pending picker as withdrawn by the gateway, which
// restarted and forgot them (its cursor went back, ResetCursor, or its
// instance id changed, NewInstance).
func (s *State) withdrawAll() {
	for _, ln := range s.lanes {
		for _, p := range slices.Clone(ln.pickers) {
			s.endPicker(ln.Key, p.PickerID, Withdrawn, "withdrawn by the gateway (it restarted): "+p.Summary())
		}
	}
}

// endPicker takes a picker out of its queue and records how it ended; a
// record text "" becomes "<outcome>: <summary>". It returns the record (nil
// when the picker was not pending). The record of one that did not expire
// names the picker, so that word of who answered can complete it later
// (pickeranswered.go); those whose cause is unknown are also kept for
// TakeUnattributed.
func (s *State) endPicker(l frame.Lane, pickerID string, o PickerOutcome, record string) *Item {
	ln := s.lanes[l]
	if ln == nil {
		return nil
	}
	i := pickerIndex(ln.pickers, pickerID)
	if i < 0 {
		return nil
	}
	p := ln.pickers[i]
	s.unqueue(ln, i)
	s.ended[pickerID] = true
	delete(s.unconfirmed, pickerID)
	if record == "" {
		record = o.String() + ": " + p.Summary()
	}
	it := &Item{Kind: KindPickerRecord, Text: record, Outcome: o, TS: s.now()}
	if o != Expired {
		it.Answer = &PickerAnswer{PickerID: pickerID, Type: p.Type, Subject: p.subject()}
	}
	if o == AnsweredElsewhere || o == Closed {
		s.noteUnattributed(PickerEnd{Lane: l, PickerID: pickerID, Arrived: p.Arrived})
	}
	s.add(ln, ln.Len(), it)
	return it
}

// pickerIndex is the position of pickerID in ps, or -1.
func pickerIndex(ps []Picker, pickerID string) int {
	for i, p := range ps {
		if p.PickerID == pickerID {
			return i
		}
	}
	return -1
}

// unqueue removes the i-th picker of lane ln.
func (s *State) unqueue(ln *Lane, i int) {
	ln.pickers = append(ln.pickers[:i:i], ln.pickers[i+1:]...)
	s.laneChanged(ln)
	s.chg.Pickers = true
	s.chg.Directory = true
}
