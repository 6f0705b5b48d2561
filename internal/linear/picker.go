package linear

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/dialog"
)

// Pickers are fail-closed here: a picker is announced in one line, and
// only a line whose first key came after that announcement, and which is
// exactly one of its answers, answers it. A permanent answer asks again,
// "deny with a reason" asks for the reason, a clarify takes free text;
// anything else is refused with what is accepted.

// asking is the picker the input line answers: the one announced last.
type asking struct {
	p       store.Picker
	lane    string // its lane's name, sanitised
	answers []dialog.Answer
	stage   stage
	chosen  int // the answer asked again for (stageConfirm)
	armedAt int // the editor's key count when it was announced: keys up to it came before
}

// stage is where answering a picker is.
type stage int

const (
	stageChoose  stage = iota
	stageConfirm       // a permanent answer, asked again
	stageReason        // deny with a reason: the reason is typed
)

// answer is what a typed line answered a picker with.
type answer struct {
	value, reason, record string
	said                  string // the answer in words, for "Sending your answer"
}

// verdict is what a line typed to a picker did: an answer to send, or a
// line to say (a refusal or the next question; rearm: it asks again, so
// only lines begun after it count).
type verdict struct {
	answer *answer
	say    string
	rearm  bool
}

// kindNames lead a picker's announcement.
var kindNames = map[string]string{
	frame.TypePickerApproval: "Approval needed", frame.TypePickerClarify: "Question",
	frame.TypePickerConfirm: "Confirmation needed", frame.TypePickerChoice: "Choice needed",
	frame.TypePickerModel: "Model choice needed",
}

// kindName leads the picker's lines.
func kindName(typ string) string {
	if k := kindNames[typ]; k != "" {
		return k
	}
	return "Question"
}

// newAsking starts answering p, announced now with the editor at keys.
func newAsking(p store.Picker, lane string, keys int) *asking {
	return &asking{p: p, lane: termsafe.Line(lane), answers: dialog.Answers(p), armedAt: keys}
}

// announcement is the picker's one line: the lane, the time left, the
// question or command, each answer with its number, and what to type.
func (a *asking) announcement(now time.Time) string {
	var b strings.Builder
	b.WriteString(sentence(a.summary(now)))
	if len(a.answers) > 0 {
		b.WriteString(" Answers: " + a.list() + ".")
	}
	switch {
	case a.p.TakesText() && len(a.answers) > 0:
		b.WriteString(" Type the number or your own answer, then Enter.")
	case a.p.TakesText():
		b.WriteString(" Type your answer, then Enter.")
	default:
		b.WriteString(" Type the number, then Enter.")
	}
	return b.String()
}

// summary is the picker in a few words, for /pickers.
func (a *asking) summary(now time.Time) string {
	s := kindName(a.p.Type) + " in " + a.lane
	if left := timeLeft(a.p, now); left != "" {
		s += ", " + left + " left"
	}
	return s + ": " + subject(a.p)
}

// list is "1 Allow once, 2 …" with "(asks again)" after permanent answers.
func (a *asking) list() string {
	parts := make([]string, len(a.answers))
	for i, ans := range a.answers {
		parts[i] = strconv.Itoa(i+1) + " " + label(ans)
		if ans.Permanent {
			parts[i] += " (asks again)"
		}
	}
	return strings.Join(parts, ", ")
}

// label is an answer's label for a line (the dialog's, without its "…").
func label(a dialog.Answer) string { return strings.TrimSuffix(a.Label, "…") }

// subject is what the picker asks about: an approval's command and its
// description, else its summary (sanitised).
func subject(p store.Picker) string {
	s := p.Summary()
	if p.Type == frame.TypePickerApproval && p.Command != "" {
		s = p.Command
	}
	s = termsafe.Line(strings.TrimSpace(s))
	if d := p.Description; d != "" && d != p.Summary() && d != p.Command {
		s += " (" + termsafe.Line(d) + ")"
	}
	return s
}

// timeLeft is "4:59" until the picker's deadline, "" without one.
func timeLeft(p store.Picker, now time.Time) string {
	if p.Deadline.IsZero() {
		return ""
	}
	d := max(p.Deadline.Sub(now), 0)
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// take reads a line typed to the picker; started is the editor's key
// count at the line's first key.
func (a *asking) take(line string, started int) verdict {
	text := strings.TrimSpace(line)
	if started <= a.armedAt {
		return verdict{say: "Not taken as an answer: you began typing “" + termsafe.Line(text) + "” before the question. Type the answer again, then Enter."}
	}
	switch a.stage {
	case stageReason:
		if text == "" {
			a.stage = stageChoose
			return verdict{say: "No reason given. Answers: " + a.list() + ".", rearm: true}
		}
		return verdict{answer: &answer{value: "deny", reason: text, record: dialog.DenyRecord(a.p, text), said: "Deny, because “" + termsafe.Line(text) + "”"}}
	case stageConfirm:
		if n, ok := a.number(text); ok && n == a.chosen {
			return a.chose(n)
		}
		a.stage = stageChoose
	}
	if text == "" {
		return verdict{say: "Nothing typed: " + a.accepts()}
	}
	if n, ok := a.number(text); ok {
		ans := a.answers[n]
		switch {
		case ans.Permanent:
			a.stage, a.chosen = stageConfirm, n
			return verdict{say: label(ans) + " lasts beyond this session: " + sentence(subject(a.p)) + " Type " + strconv.Itoa(n+1) + " again to confirm, or another answer.", rearm: true}
		case ans.Reason:
			a.stage = stageReason
			return verdict{say: "Type the reason for denying, then Enter (an empty line goes back).", rearm: true}
		}
		return a.chose(n)
	}
	if a.p.TakesText() {
		return verdict{answer: &answer{value: text, record: dialog.TextRecord(a.p, text), said: "“" + termsafe.Line(text) + "”"}}
	}
	return verdict{say: "Not an answer: “" + termsafe.Line(text) + "”. " + a.accepts() + " /later puts the question aside, to chat."}
}

// chose answers with answer n.
func (a *asking) chose(n int) verdict {
	ans := a.answers[n]
	return verdict{answer: &answer{value: ans.Value, record: dialog.AnswerRecord(a.p, ans), said: label(ans)}}
}

// number is the answer a line that is exactly its number picks.
func (a *asking) number(text string) (int, bool) {
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || n > len(a.answers) || strconv.Itoa(n) != text {
		return 0, false
	}
	return n - 1, true
}

// accepts says what answers the picker.
func (a *asking) accepts() string {
	n := len(a.answers)
	switch {
	case a.p.TakesText() && n > 0:
		return fmt.Sprintf("The question in %s takes a number from 1 to %d or your own words, then Enter.", a.lane, n)
	case a.p.TakesText():
		return "The question in " + a.lane + " takes your own words, then Enter."
	case n == 1:
		return "The question in " + a.lane + " takes 1, then Enter. Answers: " + a.list() + "."
	}
	return fmt.Sprintf("The question in %s takes a number from 1 to %d, then Enter. Answers: %s.", a.lane, n, a.list())
}

// sentence ends s with a full stop unless it ends with one of its own.
func sentence(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") {
		return s
	}
	return s + "."
}
