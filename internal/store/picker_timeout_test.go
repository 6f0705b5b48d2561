package store

import (
	"testing"
	"time"
)

// TestPickerTimeoutDefaults: without timeout_s a clarify waits an hour and
// an approval or a confirm five minutes (Hermes' defaults); model and choice
// pickers, and timeout_s <= 0, never expire.
func TestPickerTimeoutDefaults(t *testing.T) {
	cases := []struct {
		name, js string
		want     time.Duration // 0: no deadline
	}{
		{"clarify default", `{"type":"picker.clarify","chat_id":"d","payload":{"picker_id":"p","question":"?"}}`, time.Hour},
		{"approval default", `{"type":"picker.approval","chat_id":"d","payload":{"picker_id":"p","command":"rm x"}}`, 5 * time.Minute},
		{"confirm default", `{"type":"picker.confirm","chat_id":"d","payload":{"picker_id":"p","title":"Sure?"}}`, 5 * time.Minute},
		{"model has none", `{"type":"picker.model","chat_id":"d","payload":{"picker_id":"p"}}`, 0},
		{"choice has none", `{"type":"picker.choice","chat_id":"d","payload":{"picker_id":"p"}}`, 0},
		{"zero is none", `{"type":"picker.clarify","chat_id":"d","payload":{"picker_id":"p","timeout_s":0}}`, 0},
		{"negative is none", `{"type":"picker.approval","chat_id":"d","payload":{"picker_id":"p","timeout_s":-1}}`, 0},
		{"explicit", `{"type":"picker.clarify","chat_id":"d","payload":{"picker_id":"p","timeout_s":90.5}}`, 90500 * time.Millisecond},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			clk := newClock()
			s := newState(clk)
			apply(t, s, tc.js)
			ps := s.Pickers(def)
			if len(ps) != 1 {
				t.Fatalf("pickers %+v", ps)
			}
			if got := ps[0].Deadline; tc.want == 0 && !got.IsZero() || tc.want != 0 && !got.Equal(clk.now().Add(tc.want)) {
				t.Fatalf("deadline %v, want now+%v", got, tc.want)
			}
		})
	}
}
