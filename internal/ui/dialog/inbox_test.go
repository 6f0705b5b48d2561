package dialog

import (
	"errors"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// inboxCom is a Common holding three pending pickers in three lanes,
// arrived 30 s apart and seen 90 s after the first; the second brings a
// hostile summary and the third had an answer that was not delivered.
func inboxCom(t *testing.T, th themes.Name) *common.Common {
	com := testCom(t, th)
	now := fixedNow
	com.Store = store.New(store.Options{Now: func() time.Time { return now }})
	applyJSON(t, com, `{"type":"hello.ack","payload":{"channels":[
		{"chat_id":"d","name":"Default","kind":"default","is_default":true},
		{"chat_id":"c7","name":"Cron Reports","kind":"channel"},
		{"chat_id":"c7","thread_id":"t1","name":"Nightly build","kind":"thread","parent_chat_id":"c7"}]}}`,
		`{"type":"picker.approval","chat_id":"c7","payload":{"picker_id":"pa","command":"rm -rf ./dist2","timeout_s":300}}`)
	now = now.Add(30 * time.Second)
	applyJSON(t, com, `{"type":"picker.clarify","chat_id":"c7","thread_id":"t1","payload":{"picker_id":"pq","question":"Which \u001b[31mregion\u001b[0m?","timeout_s":0}}`)
	now = now.Add(30 * time.Second)
	applyJSON(t, com, `{"type":"picker.confirm","chat_id":"d","payload":{"picker_id":"pf","title":"Apply changes?","timeout_s":20}}`)
	com.Store.(*store.State).AnswerPicker(frame.Lane{ChatID: "d"}, "pf", "v", "confirmed")
	com.Store.(*store.State).SettleAnswer("pf", false, errors.New("not connected"))
	com.Now = func() time.Time { return fixedNow.Add(90 * time.Second) }
	return com
}

func TestInboxGolden(t *testing.T) {
	for _, th := range []themes.Name{themes.Dark, themes.Light} {
		t.Run(string(th), func(t *testing.T) {
			b := NewInbox(inboxCom(t, th))
			b.SetSize(120, 40)
			b.Update(press("down"))
			golden.RequireEqual(t, b.View())
		})
	}
}

// TestInboxKeys: the arrows move, Enter asks to open the highlighted
// picker, Esc closes, and digits answer nothing.
func TestInboxKeys(t *testing.T) {
	b := NewInbox(inboxCom(t, themes.Dark))
	b.SetSize(120, 40)
	if act, _ := b.Update(press("1")); act != nil {
		t.Fatalf("a digit did %#v", act)
	}
	b.Update(press("down"))
	b.Update(press("down"))
	b.Update(press("down")) // stays on the last
	act, _ := b.Update(press("enter"))
	want := common.ActionOpenPicker{Lane: frame.Lane{ChatID: "d"}, PickerID: "pf"}
	if act != want {
		t.Fatalf("enter: %#v", act)
	}
	b.Update(press("up"))
	if act, _ := b.Update(press("enter")); act != (common.ActionOpenPicker{Lane: frame.Lane{ChatID: "c7", ThreadID: "t1"}, PickerID: "pq"}) {
		t.Fatalf("enter after up: %#v", act)
	}
	if act, _ := b.Update(press("esc")); act != (common.ActionClose{}) {
		t.Fatalf("esc: %#v", act)
	}
}

func TestAgeAndTimeLeft(t *testing.T) {
	for d, want := range map[time.Duration]string{-time.Second: "0s", 12 * time.Second: "12s", 4*time.Minute + 59*time.Second: "4m", 65 * time.Minute: "1h 5m"} {
		if got := Age(d); got != want {
			t.Errorf("Age(%v) = %q, want %q", d, got, want)
		}
	}
	for deadline, want := range map[time.Time]string{
		{}: "", fixedNow: "0:00 left", fixedNow.Add(90 * time.Second): "1:30 left", fixedNow.Add(65 * time.Minute): "1h05m left",
	} {
		if got := TimeLeft(store.Picker{Deadline: deadline}, fixedNow); got != want {
			t.Errorf("TimeLeft(%v) = %q, want %q", deadline, got, want)
		}
	}
}
