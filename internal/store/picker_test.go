package store

import (
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

const (
	approval = `{"type":"picker.approval","chat_id":"d","payload":{"picker_id":"pa","command":"rm -rf build/","timeout_s":300}}`
	clarify  = `{"type":"picker.clarify","chat_id":"d","payload":{"picker_id":"pq","question":"Which one?","timeout_s":600}}`
	choice   = `{"type":"picker.choice","chat_id":"d","payload":{"picker_id":"pc","title":"Effort"}}`
)

func TestPickerQueueAnswerAndReplay(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck)
	focus(s, def)
	c := apply(t, s, approval, clarify)
	wantPickers(t, s, c, def, "", "pa", "pq")
	if c.Banners {
		t.Fatal("banner for a picker in the focused lane")
	}
	if c := replay(t, s, approval); !c.Empty() {
		t.Fatalf("replayed picker changed %+v", c)
	}
	c = s.AnswerPicker(def, "pa", "v", "approved once: rm -rf build/")
	wantPickers(t, s, c, def, "", "pq")
	want(t, s, def, `picker-record "answering…: rm -rf build/"`)
	s.PickerAccepted("pa")
	want(t, s, def, `picker-record "approved once: rm -rf build/"`)
	if it := s.Lane(def).Item(0); it.Outcome != Answered {
		t.Fatalf("%+v", it)
	}
	if c := s.AnswerPicker(def, "pa", "v", "again"); !c.Empty() {
		t.Fatalf("answering twice changed %+v", c)
	}
	if c := replay(t, s, approval); !c.Empty() {
		t.Fatalf("replay of an answered picker changed %+v", c)
	}
	s.PickerGone(def, "pq")
	want(t, s, def, `picker-record "approved once: rm -rf build/"`, `picker-record "answered on another device: Which one?"`)
	if len(s.PendingLanes()) != 0 {
		t.Fatalf("pending %v", s.PendingLanes())
	}
}

func TestPickerExpiry(t *testing.T) {
	clk := newClock()
	s := newState(clk)
	apply(t, s, helloAck)
	focus(s, chan7)
	apply(t, s, approval)
	clk.advance(100 * time.Second)
	apply(t, s, clarify, choice)
	if b := s.TakeBanners(); len(b) != 3 || b[0].Kind != BannerPicker || b[0].Body != "rm -rf build/" || b[0].Lane != def {
		t.Fatalf("banners %+v", b)
	}
	if pl := s.PendingLanes(); len(pl) != 1 || pl[0] != def {
		t.Fatalf("pending %v", pl)
	}
	if c := s.Expire(clk.now().Add(199 * time.Second)); !c.Empty() {
		t.Fatalf("expired early: %+v", c)
	}
	c := s.Expire(clk.now().Add(200 * time.Second)) // 300 s after the approval
	wantPickers(t, s, c, def, "", "pq", "pc")
	want(t, s, def, `picker-record "expired: rm -rf build/"`)
	// No timeout: it never expires.
	s.Expire(clk.now().Add(600 * time.Second))
	wantPickers(t, s, Change{Pickers: true, Directory: true}, def, "", "pc")
	want(t, s, def, `picker-record "expired: rm -rf build/"`, `picker-record "expired: Which one?"`)
}

func TestPickerHugeTimeout(t *testing.T) {
	clk := newClock()
	s := newState(clk)
	apply(t, s, `{"type":"picker.choice","chat_id":"d","payload":{"picker_id":"p","timeout_s":1e300}}`)
	s.Expire(clk.now().Add(time.Hour))
	if ps := s.Pickers(def); len(ps) != 1 || !ps[0].Deadline.IsZero() {
		t.Fatalf("%+v", ps)
	}
}

// TestPickerSummaryNamesTheKind: a picker with no text of its own (a model
// picker brings only providers) is summed up in words, not as its frame
// type, in the inbox, banners and records.
func TestPickerSummaryNamesTheKind(t *testing.T) {
	for typ, want := range map[string]string{
		frame.TypePickerModel: "Choose a model", frame.TypePickerChoice: "Make a choice",
		frame.TypePickerApproval: "Approve a command", frame.TypePickerClarify: "The agent asks",
		frame.TypePickerConfirm: "Confirm", "picker.future": "Question",
	} {
		if got := (Picker{Type: typ}).Summary(); got != want {
			t.Errorf("%s: %q, want %q", typ, got, want)
		}
	}
}

// Letters never answer what grants something: approvals and confirms take
// no typed answer even when they say allow_text; clarify always does.
func TestPickerTakesText(t *testing.T) {
	yes, no := true, false
	for _, tc := range []struct {
		typ   string
		allow *bool
		want  bool
	}{
		{frame.TypePickerClarify, nil, true},
		{frame.TypePickerClarify, &no, true},
		{frame.TypePickerApproval, &yes, false},
		{frame.TypePickerConfirm, &yes, false},
		{frame.TypePickerChoice, &yes, true},
		{frame.TypePickerChoice, nil, false},
		{frame.TypePickerModel, &no, false},
	} {
		p := Picker{Type: tc.typ, Picker: frame.Picker{AllowText: tc.allow}}
		if got := p.TakesText(); got != tc.want {
			t.Errorf("%s allow_text=%v: TakesText = %v, want %v", tc.typ, tc.allow, got, tc.want)
		}
	}
}
