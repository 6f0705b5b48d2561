package headless

import (
	"fmt"
	"strings"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
)

// pickerView is a pending picker as the headless commands show it, its
// strings sanitised.
type pickerView struct {
	ID       string
	Type     string // approval, clarify, confirm, choice or model
	Lane     frame.Lane
	LaneName string
	Question string // the question, title or command
	Choices  []string
	Age      time.Duration
	Left     time.Duration // 0 when the picker has no deadline
	p        store.Picker
}

func newPickerView(p store.Picker, st *store.State, now time.Time) pickerView {
	v := pickerView{
		ID: termsafe.Line(p.PickerID), Type: strings.TrimPrefix(p.Type, "picker."), Lane: p.Lane,
		LaneName: termsafe.Line(laneName(st, p.Lane)), Question: termsafe.Line(question(p)),
		Age: now.Sub(p.Arrived).Round(time.Second), p: p,
	}
	if !p.Deadline.IsZero() {
		v.Left = max(0, p.Deadline.Sub(now)).Round(time.Second)
	}
	for _, c := range allowedValues(p) {
		v.Choices = append(v.Choices, termsafe.Line(c))
	}
	return v
}

// question is what the picker asks.
func question(p store.Picker) string {
	for _, s := range []string{p.Command, p.Question, p.Title, p.Message, p.Description} {
		if s != "" {
			return s
		}
	}
	if p.Type == frame.TypePickerModel {
		return "choose a model (now " + p.CurrentProvider + "/" + p.CurrentModel + ")"
	}
	return ""
}

// laneName names lane l from the directory, else by its id.
func laneName(st *store.State, l frame.Lane) string {
	for _, n := range st.Tree() {
		for _, c := range append([]store.ChannelNode{n}, n.Threads...) {
			if c.Lane == l {
				return c.Name
			}
		}
	}
	return laneID(l)
}

// kind names the picker in a sentence, with its article.
func (v pickerView) kind() string {
	switch v.Type {
	case "approval":
		return "an approval"
	case "clarify":
		return "a clarify question"
	case "model":
		return "a model picker"
	}
	return "a " + v.Type
}

// summary is the one-line description used in messages.
func (v pickerView) summary() string {
	return fmt.Sprintf("%s in %s: %s", v.ID, v.LaneName, v.Question)
}

// event is the picker as an NDJSON line.
func (v pickerView) event() Event {
	return Event{Event: "picker", PickerID: v.ID, Type: v.Type, Question: v.Question, Choices: v.Choices}.withLane(v.Lane)
}
