package headless

import (
	"encoding/json"
	"io"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
)

// Event is one NDJSON line of --json output. Every line has "event"; the
// other fields depend on it (see the README, "Scripting"):
//
//	sent    message_id chat_id thread_id
//	delta   message_id chat_id thread_id text        (new reply text only)
//	reply   message_id chat_id thread_id text        (the whole final reply)
//	tool    chat_id thread_id phase name [preview] [ok]
//	picker  picker_id type chat_id thread_id question [choices] [age_s left_s]
//	picker  status:"answered" picker_id chat_id thread_id value by   (iris tail;
//	        by is {device_name, policy, rule}, each when known; needs the
//	        gateway's picker_answered extension)
//	end     status exit [error]     (status: ok, failed, stopped, picker_waiting,
//	        interrupted, error)
//
// iris tail --json adds:
//
//	message     message_id chat_id thread_id role text [reply_to]
//	            (a finished message; reply_to: the user's message a reply answers)
//	busy        chat_id thread_id status                 (the agent's reason)
//	idle        chat_id thread_id
//	status      status                                   (the gateway's state)
//	connection  status                                   (online, reconnecting, ...)
//	cursor      cursor                                   (sync cursor reached; resume with --since)
//
// thread_id is absent for a channel's flat lane; left_s is 0 for a picker
// without a deadline.
//
// Strings from the gateway are sanitised (termsafe) like everything shown.
type Event struct {
	Event     string   `json:"event"`
	MessageID string   `json:"message_id,omitempty"`
	PickerID  string   `json:"picker_id,omitempty"`
	Type      string   `json:"type,omitempty"`
	ChatID    string   `json:"chat_id,omitempty"`
	ThreadID  *string  `json:"thread_id,omitempty"`
	Text      string   `json:"text,omitempty"`
	Phase     string   `json:"phase,omitempty"`
	Name      string   `json:"name,omitempty"`
	Preview   string   `json:"preview,omitempty"`
	OK        *bool    `json:"ok,omitempty"`
	Question  string   `json:"question,omitempty"`
	Choices   []string `json:"choices,omitempty"`
	Value     string   `json:"value,omitempty"`
	By        *EventBy `json:"by,omitempty"`
	AgeS      *int     `json:"age_s,omitempty"`
	LeftS     *int     `json:"left_s,omitempty"`
	Role      string   `json:"role,omitempty"`
	ReplyTo   string   `json:"reply_to,omitempty"`
	Status    string   `json:"status,omitempty"`
	Cursor    *int64   `json:"cursor,omitempty"`
	Exit      *int     `json:"exit,omitempty"`
	Error     string   `json:"error,omitempty"`
}

// EventBy is who answered a picker (Event.By), sanitised.
type EventBy struct {
	DeviceName string `json:"device_name,omitempty"`
	Policy     string `json:"policy,omitempty"`
	Rule       string `json:"rule,omitempty"`
}

// eventBy sanitises the gateway's attribution; nil when there is none.
func eventBy(by *frame.AnswerBy) *EventBy {
	if by == nil {
		return nil
	}
	return &EventBy{DeviceName: termsafe.Line(by.DeviceName), Policy: termsafe.Line(by.Policy), Rule: termsafe.Line(by.Rule)}
}

// withLane sets the event's chat_id and thread_id (null for a flat lane).
func (e Event) withLane(l frame.Lane) Event {
	e.ChatID = termsafe.Line(l.ChatID)
	t := termsafe.Line(l.ThreadID)
	if l.ThreadID == "" {
		e.ThreadID = nil
	} else {
		e.ThreadID = &t
	}
	return e
}

// ndjson writes events, one JSON object a line.
type ndjson struct{ enc *json.Encoder }

func newNDJSON(w io.Writer) *ndjson {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &ndjson{enc: enc}
}

func (n *ndjson) write(e Event) {
	_ = n.enc.Encode(e) // a closed stdout is noticed by the shell, not here
}

// endEvent is the closing line of a command's --json output.
func endEvent(status string, code int, err error) Event {
	e := Event{Event: "end", Status: status, Exit: &code}
	if err != nil {
		e.Error = err.Error()
	}
	return e
}
