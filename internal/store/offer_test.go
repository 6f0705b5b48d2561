package store

import (
	"testing"

	"github.com/hermes/iris/frame"
)

// A media.offer item is dropped once a message of its lane carries the
// same media_id (the chip is shown once, in the message); other lanes and
// other media keep their offers.
func TestOfferDroppedWhenAMessageCarriesItsMedia(t *testing.T) {
	offer := func(chat, id string) string {
		return `{"type":"media.offer","chat_id":"` + chat + `","payload":{"media_id":"` + id + `","kind":"image","filename":"chart.png"}}`
	}
	reply := func(chat, id string) string {
		return `{"type":"message","chat_id":"` + chat + `","payload":{"message_id":"m1","role":"assistant","text":"here","media":[{"media_id":"` + id + `","kind":"image","filename":"chart.png"}]}}`
	}
	start := `{"type":"message.start","chat_id":"d","payload":{"message_id":"m1"}}`
	stop := `{"type":"message.stop","chat_id":"d","payload":{"message_id":"m1","final_text":"here","media":[{"media_id":"md1","kind":"image","filename":"chart.png"}]}}`
	history := func(s *State) {
		s.ApplyHistory(def, "", frame.History{Messages: []frame.Message{{MessageID: "m1", Role: frame.RoleAssistant, Text: "here",
			Media: []frame.Media{{MediaID: "md1", Kind: "image", Filename: "chart.png"}}}}})
	}
	for _, tc := range []struct {
		name   string
		frames []string
		page   bool // then the newest history page holds the reply
		lane   frame.Lane
		want   []string
		unread int
	}{
		{"message", []string{offer("d", "md1"), reply("d", "md1")}, false, def,
			[]string{`assistant m1 "here" media=md1`}, 0},
		{"message.stop", []string{offer("d", "md1"), start, stop}, false, def,
			[]string{`assistant m1 "here" media=md1`}, 0},
		{"history page", []string{offer("d", "md1")}, true, def,
			[]string{`assistant m1 "here" media=md1`}, 0},
		{"offer after the message", []string{reply("d", "md1"), offer("d", "md1")}, false, def,
			[]string{`assistant m1 "here" media=md1`}, 0},
		{"other media", []string{offer("d", "md2"), reply("d", "md1")}, false, def,
			[]string{`assistant  "" media=md2`, `assistant m1 "here" media=md1`}, 0},
		{"other lane", []string{offer("d", "md1"), reply("c7", "md1")}, false, def,
			[]string{`assistant  "" media=md1`}, 0},
		{"unread counted once", []string{offer("c7", "md1"), reply("c7", "md1")}, false, chan7,
			[]string{`assistant m1 "here" media=md1`}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newState(newClock())
			apply(t, s, helloAck)
			focus(s, def)
			apply(t, s, tc.frames...)
			if tc.page {
				history(s)
			}
			want(t, s, tc.lane, tc.want...)
			if u := s.Lane(tc.lane).Unread; u != tc.unread {
				t.Fatalf("unread %d, want %d", u, tc.unread)
			}
		})
	}
}
