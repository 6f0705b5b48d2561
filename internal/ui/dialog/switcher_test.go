package dialog

import (
	"fmt"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

// Typing a query forward and erasing it gives the same matches as typing
// each query afresh: the narrowing and the kept earlier results never
// change the answer.
func TestSwitcherNarrowingAndErasingMatchFreshResults(t *testing.T) {
	com := common.NewForTest(time.Unix(0, 0))
	var chans []frame.Channel
	for i := range 300 {
		chans = append(chans, frame.Channel{ChatID: fmt.Sprintf("c%d", i), Name: fmt.Sprintf("team %d ops", i)})
		if i%7 == 0 {
			chans = append(chans, frame.Channel{ChatID: fmt.Sprintf("c%d", i), ThreadID: frame.Some("t"), Name: "deploy"})
		}
	}
	com.Store.(*store.State).Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &frame.HelloAck{Channels: chans}}, false)
	var idx LaneIndex
	fresh := func(q string) []string {
		s := NewSwitcher(com, &idx)
		s.input.SetValue(q)
		s.rank = nil // no earlier result to narrow from
		s.filter()
		return s.Matches()
	}
	s := NewSwitcher(com, &idx)
	typed := ""
	check := func() {
		t.Helper()
		if got, want := s.Matches(), fresh(typed); !slices.Equal(got, want) {
			t.Fatalf("query %q: %d matches, fresh %d", typed, len(got), len(want))
		}
	}
	for _, r := range "7 dep" {
		typed += string(r)
		s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		check()
	}
	if len(s.Matches()) == 0 || len(s.Matches()) == len(idx.entries) {
		t.Fatalf("%q matched %d of %d lanes: the test proves nothing", typed, len(s.Matches()), len(idx.entries))
	}
	for range 5 {
		typed = typed[:len(typed)-1]
		s.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
		check()
	}
}
