package linear

import (
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

var t0 = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

func approval() store.Picker {
	return store.Picker{Type: frame.TypePickerApproval, Lane: frame.Lane{ChatID: "c"}, Arrived: t0, Deadline: t0.Add(5 * time.Minute),
		Picker: frame.Picker{PickerID: "pa_1", Command: "rm -rf ./out", Description: "recursive delete", AllowPermanent: frame.Ptr(true)}}
}

func TestApprovalAnnouncement(t *testing.T) {
	a := newAsking(approval(), "Lobby", 0)
	got := a.announcement(t0.Add(time.Second))
	want := "Approval needed in Lobby, 4:59 left: rm -rf ./out (recursive delete). Answers: 1 Allow once, 2 Allow for this session, " +
		"3 Always allow (asks again), 4 Deny, 5 Deny with a reason. Type the number, then Enter."
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// Only a line begun after the announcement that is exactly an answer
// answers; anything else says what is accepted.
func TestApprovalTakesOnlyExactAnswersTypedAfter(t *testing.T) {
	a := newAsking(approval(), "Lobby", 10)
	if v := a.take("4", 10); v.answer != nil || !strings.Contains(v.say, "before the question") {
		t.Fatalf("a 4 begun before the announcement: %+v", v)
	}
	for _, line := range []string{"yes", "4 please", "04", "0", "6", "deny", ""} {
		if v := a.take(line, 11); v.answer != nil || v.say == "" {
			t.Fatalf("%q was taken: %+v", line, v)
		}
	}
	v := a.take(" 4 ", 11)
	if v.answer == nil || v.answer.value != "deny" || v.answer.record != "denied: rm -rf ./out" {
		t.Fatalf("4: %+v", v)
	}
}

// A permanent answer asks again; only the same number, typed after the
// question, confirms it.
func TestPermanentAnswerAsksAgain(t *testing.T) {
	a := newAsking(approval(), "Lobby", 0)
	v := a.take("3", 1)
	if v.answer != nil || !v.rearm || !strings.Contains(v.say, "Type 3 again") {
		t.Fatalf("3: %+v", v)
	}
	a.armedAt = 5
	if v := a.take("3", 5); v.answer != nil {
		t.Fatalf("a 3 begun before the second question confirmed: %+v", v)
	}
	a.stage = stageConfirm
	if v := a.take("3", 6); v.answer == nil || v.answer.value != "always" {
		t.Fatalf("the confirmation: %+v", v)
	}
}

func TestDenyWithReason(t *testing.T) {
	a := newAsking(approval(), "Lobby", 0)
	if v := a.take("5", 1); v.answer != nil || !strings.Contains(v.say, "reason") {
		t.Fatalf("5: %+v", v)
	}
	v := a.take("not in prod", 2)
	if v.answer == nil || v.answer.value != "deny" || v.answer.reason != "not in prod" {
		t.Fatalf("reason: %+v", v)
	}
}

func TestClarifyTakesFreeText(t *testing.T) {
	p := store.Picker{Type: frame.TypePickerClarify, Lane: frame.Lane{ChatID: "c"},
		Picker: frame.Picker{PickerID: "pc_1", Question: "What kind of answer do you want?", AllowText: frame.Ptr(true),
			Choices: []frame.Choice{{Value: "summary", Label: "A short summary"}, {Value: "code", Label: "Just the code"}}}}
	a := newAsking(p, "Lobby", 0)
	if got := a.announcement(t0); got != "Question in Lobby: What kind of answer do you want? Answers: 1 A short summary, 2 Just the code. Type the number or your own answer, then Enter." {
		t.Fatalf("announcement %q", got)
	}
	if v := a.take("2", 1); v.answer == nil || v.answer.value != "code" {
		t.Fatalf("2: %+v", v)
	}
	if v := a.take("3 days of logs", 1); v.answer == nil || v.answer.value != "3 days of logs" {
		t.Fatalf("free text: %+v", v)
	}
}

// Text from the wire is sanitised in the announcement.
func TestAnnouncementIsSanitised(t *testing.T) {
	p := approval()
	p.Command = "rm -rf \x1b[2J./out\x07"
	got := newAsking(p, "Lo\x1b]0;x\x07bby", 0).announcement(t0)
	if strings.ContainsAny(got, "\x1b\x07") {
		t.Fatalf("escape or bell reached the line: %q", got)
	}
}
