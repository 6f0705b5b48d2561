package store

import (
	"github.com/hermes/iris/frame"
	"testing"
)

func TestUnreadAndFocus(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	focus(s, def)
	c := apply(t, s,
		`{"type":"message","chat_id":"c7","payload":{"message_id":"a","role":"assistant","text":"x"}}`,
		`{"type":"message.start","chat_id":"c7","payload":{"message_id":"b"}}`,
		`{"type":"message.stop","chat_id":"c7","payload":{"message_id":"b","final_text":"y"}}`,
		`{"type":"message","chat_id":"c7","payload":{"message_id":"u","role":"user","text":"mine"}}`,
		`{"type":"message","chat_id":"d","payload":{"message_id":"f","role":"assistant","text":"seen"}}`)
	if s.Lane(chan7).Unread != 2 || s.Lane(def).Unread != 0 || !c.Directory {
		t.Fatalf("unread c7 %d d %d", s.Lane(chan7).Unread, s.Lane(def).Unread)
	}
	replay(t, s, `{"type":"message","chat_id":"c7","payload":{"message_id":"a","role":"assistant","text":"x"}}`)
	if s.Lane(chan7).Unread != 2 {
		t.Fatalf("replay counted: %d", s.Lane(chan7).Unread)
	}
	c = focus(s, chan7)
	if s.Lane(chan7).Unread != 0 || !c.Directory || !c.Has(chan7) || s.Focused() != chan7 {
		t.Fatalf("focus: %+v", c)
	}
	apply(t, s, `{"type":"message","chat_id":"d","payload":{"message_id":"g","text":"z"}}`)
	if c := s.MarkRead(def); s.Lane(def).Unread != 0 || !c.Has(def) {
		t.Fatalf("mark read: %+v", c)
	}
	if c := s.MarkRead(def); !c.Empty() {
		t.Fatalf("second mark read: %+v", c)
	}
}

func TestDraftsSettingsNotices(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	s.SetDraft(def, "half")
	s.SetSetting("theme", "light")
	if s.Draft(def) != "half" || s.Draft(chan7) != "" {
		t.Fatal("draft")
	}
	if v, ok := s.Setting("theme"); !ok || v != "light" {
		t.Fatal("setting")
	}
	if _, ok := s.Setting("nope"); ok {
		t.Fatal("unset setting found")
	}
	s.SetDraft(def, "")
	if s.Draft(def) != "" {
		t.Fatal("draft not cleared")
	}
	c := s.AddNotice(def, "offline")
	want(t, s, def, `notice "offline"`)
	if !c.Has(def) {
		t.Fatalf("%+v", c)
	}
	if ln := s.Lane(lane("", "")); ln == nil || ln.Len() != 0 {
		t.Fatal("zero lane")
	}
}

func TestChangeMerge(t *testing.T) {
	var c Change
	if !c.Empty() {
		t.Fatal("zero change not empty")
	}
	c.Merge(Change{Lanes: []frame.Lane{def}, Catalog: true})
	c.Merge(Change{Lanes: []frame.Lane{def, chan7}, Removed: []frame.Lane{thr}, Banners: true})
	if len(c.Lanes) != 2 || !c.Has(chan7) || len(c.Removed) != 1 || !c.Catalog || !c.Banners || c.Status || c.Empty() {
		t.Fatalf("%+v", c)
	}
}

// Cursor may be read from another goroutine (wsclient's) while frames are
// applied; -race checks it.
func TestCursorReadFromAnotherGoroutine(t *testing.T) {
	s := newState(newClock())
	stop, done := make(chan struct{}), make(chan int64)
	go func() {
		var last int64
		for {
			select {
			case <-stop:
				done <- s.Cursor()
				return
			default:
			}
			c := s.Cursor()
			if c < last {
				t.Errorf("cursor went back from %d to %d", last, c)
			}
			last = c
		}
	}()
	for i := int64(1); i <= 100; i++ {
		s.Apply(frame.Frame{Type: frame.TypePong, Cursor: i, Payload: &frame.Pong{}}, true)
	}
	close(stop)
	if got := <-done; got != 100 {
		t.Fatalf("reader saw %d", got)
	}
}

func TestCatalogAndNames(t *testing.T) {
	s := newState(newClock())
	if c := s.SetCatalog([]frame.Command{{Name: "/new"}}); !c.Catalog || s.Catalog()[0].Name != "/new" {
		t.Fatalf("%+v", c)
	}
	for want, got := range map[string]string{
		"message": KindMessage.String(), "tool": KindTool.String(), "commentary": KindCommentary.String(),
		"notice": KindNotice.String(), "picker-record": KindPickerRecord.String(), "unknown": ItemKind(9).String(),
		"none": DeliveryNone.String(), "queued": DeliveryQueued.String(), "invalid": Delivery(9).String(),
		"answered": Answered.String(), "expired": Expired.String(), "answered on another device": AnsweredElsewhere.String(),
		"answering…": Answering.String(), "not delivered": NotDelivered.String(),
		"invalid outcome": PickerOutcome(9).String() + " outcome",
	} {
		if got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
}
