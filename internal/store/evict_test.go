package store

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// openShedding opens a persistent State that sheds as the app's does.
func openShedding(t *testing.T) *State {
	t.Helper()
	s, err := Open(t.TempDir(), Options{Now: newClock().now, PageSize: 50, IdleItems: IdleItems})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// held counts the items and index entries every lane holds in memory.
func held(s *State) (items, indexed int) {
	for _, ln := range s.lanes {
		items += len(ln.items)
		indexed += len(ln.byMsg)
	}
	return items, indexed
}

// settled waits for the writer and makes one call, so the lanes shed what
// the writer has written since their last change.
func settled(s *State) {
	s.db.flush()
	focus(s, s.Focused())
}

// stream plays one answer into lane l: start, update, stop.
func stream(s *State, l frame.Lane, id string) {
	streamText(s, l, id, "Answer "+id+": the **build** passed.")
}

// streamText is stream with the answer's text.
func streamText(s *State, l frame.Lane, id, text string) {
	s.Apply(frame.Frame{Type: frame.TypeMessageStart, ChatID: frame.Some(l.ChatID), ThreadID: frame.OrNull(l.ThreadID),
		Payload: &frame.MessageStart{MessageID: id, Role: frame.RoleAssistant}}, false)
	s.Apply(frame.Frame{Type: frame.TypeMessageUpdate, ChatID: frame.Some(l.ChatID), ThreadID: frame.OrNull(l.ThreadID),
		Payload: &frame.MessageUpdate{MessageID: id, Text: text[:10]}}, false)
	s.Apply(frame.Frame{Type: frame.TypeMessageStop, ChatID: frame.Some(l.ChatID), ThreadID: frame.OrNull(l.ThreadID),
		Payload: &frame.MessageStop{MessageID: id, FinalText: text}}, false)
}

// dayLane is lane i of the simulated day.
func dayLane(i int) frame.Lane { return lane(fmt.Sprintf("day%d", i), "") }

// A smaller day than BenchmarkDayLongSession with its proportions (100
// answers per lane, the first hour about four per lane, a lane switch every
// 100 answers, paging up on each): what the lanes hold at the end of the day is at most 1.5×
// what they held after the first hour, every unfocused lane holds at most
// IdleItems items, and the id indexes shrink with them.
func TestDayKeepsMemoryFlat(t *testing.T) {
	const lanes, answers, switchEvery = 60, 6000, 100
	hour := answers / 24
	s := openShedding(t)
	defer closeState(t, s)
	focus(s, dayLane(0))
	var atHour int
	for i := range answers {
		stream(s, dayLane(i%lanes), fmt.Sprintf("a%d", i))
		if i%switchEvery == switchEvery-1 {
			focus(s, dayLane((i*7)%lanes))
			loadOlder(s, s.Focused()) // paging up a few screens
		}
		if i == hour-1 {
			settled(s)
			atHour, _ = held(s)
		}
	}
	settled(s)
	items, indexed := held(s)
	focused := s.Lane(s.Focused()).Len()
	if limit := (lanes-1)*s.opts.IdleItems + focused; items > limit {
		t.Errorf("lanes hold %d items after the day, want ≤ %d (%d unfocused lanes × %d + %d focused)",
			items, limit, lanes-1, s.opts.IdleItems, focused)
	}
	if r := float64(items) / float64(atHour); r > 1.5 {
		t.Errorf("lanes hold %d items after the day, %.2f× the %d after the first hour (want ≤ 1.5×)", items, r, atHour)
	}
	if indexed > items {
		t.Errorf("id indexes hold %d entries for %d items", indexed, items)
	}
	if err := invariants(s); err != nil {
		t.Fatal(err)
	}
}

// The lane left is shed at once; focusing it again reads its newest page
// back, and scrolling up reads every answer back, in order, once.
func TestLaneSwitchShedsAndPagesBack(t *testing.T) {
	s := openShedding(t)
	defer closeState(t, s)
	focus(s, def)
	const n = 120
	for i := range n {
		stream(s, def, fmt.Sprintf("m%03d", i))
	}
	s.db.flush()
	focus(s, chan7)
	if got := s.Lane(def).Len(); got != s.opts.IdleItems {
		t.Fatalf("the lane left holds %d items, want %d", got, s.opts.IdleItems)
	}
	if !s.Lane(def).HasMore {
		t.Fatal("the shed lane does not say it has more")
	}
	focus(s, def)
	if got := s.Lane(def).Len(); got != s.opts.IdleItems+s.opts.PageSize {
		t.Fatalf("the lane focused again holds %d items, want a page back (%d)", got, s.opts.IdleItems+s.opts.PageSize)
	}
	for s.Lane(def).HasMore {
		if chg, _ := loadOlder(s, def); chg.Empty() {
			t.Fatal("LoadOlder read nothing while HasMore")
		}
	}
	ln := s.Lane(def)
	if ln.Len() != n {
		t.Fatalf("%d answers read back, want %d", ln.Len(), n)
	}
	for i := range n {
		if id := ln.Item(i).Msg.ID; id != fmt.Sprintf("m%03d", i) {
			t.Fatalf("item %d is %s", i, id)
		}
	}
	if err := invariants(s); err != nil {
		t.Fatal(err)
	}
	// A replayed stop of a shed answer is still known: nothing is doubled.
	focus(s, chan7)
	replay(t, s, `{"cursor":9,"type":"message.stop","chat_id":"d","payload":{"message_id":"m001","final_text":"again"}}`)
	focus(s, def)
	for s.Lane(def).HasMore {
		loadOlder(s, def)
	}
	if got := s.Lane(def).Len(); got != n {
		t.Fatalf("after a replayed stop of a shed answer the lane holds %d items, want %d", got, n)
	}
}

// What the writer has not written (a full disk holds it), a streaming
// answer and a queued outgoing message stay in memory however old; once
// the disk has room again the written items go.
func TestShedKeepsWhatIsNotOnDisk(t *testing.T) {
	clk := newClock()
	s, err := Open(t.TempDir(), Options{Now: clk.now, WriteRetry: 10 * time.Millisecond, IdleItems: IdleItems})
	if err != nil {
		t.Fatal(err)
	}
	defer closeState(t, s)
	focus(s, def)
	s.Apply(frame.Frame{Type: frame.TypeMessageStart, ChatID: frame.Some("c7"),
		Payload: &frame.MessageStart{MessageID: "live", Role: frame.RoleAssistant}}, false)
	s.AddOutgoing(chan7, "typed", "c1", "", nil)
	for i := range 20 {
		stream(s, chan7, fmt.Sprintf("w%d", i))
	}
	settled(s)
	ln := s.Lane(chan7)
	if ln.Len() != 22 || ln.Item(0).Msg.ID != "live" || ln.Item(1).Msg.ClientMsgID != "c1" {
		t.Fatalf("the lane holds %d items, the streaming answer and the queued message first; want all 22", ln.Len())
	}

	s.SetDelivery("c1", DeliverySent)
	s.Apply(frame.Frame{Type: frame.TypeMessageStop, ChatID: frame.Some("c7"),
		Payload: &frame.MessageStop{MessageID: "live", FinalText: "done"}}, false)
	if err := s.FillDisk(true); err != nil {
		t.Fatal(err)
	}
	s.Apply(frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some("c7"),
		Payload: &frame.Message{MessageID: "echo", Role: frame.RoleUser, Text: "typed", ClientMsgID: "c1"}}, false)
	big := strings.Repeat("a long line to fill pages ", 400)
	for i := range 20 {
		streamText(s, chan7, fmt.Sprintf("h%d", i), big)
	}
	waitHealth(t, s, "full disk", func(h Health) bool { return h.WriteErr != nil })
	settled(s)
	if got := s.Lane(chan7).Len(); got < 20 {
		t.Fatalf("with the disk full the lane holds %d items; the 20 unwritten answers must stay", got)
	}
	for i := range 20 {
		if s.Lane(chan7).Message(fmt.Sprintf("h%d", i)) == nil {
			t.Fatalf("unwritten answer h%d was dropped", i)
		}
	}

	if err := s.FillDisk(false); err != nil {
		t.Fatal(err)
	}
	waitHealth(t, s, "space returned", func(h Health) bool { return h.WriteErr == nil })
	settled(s)
	if got := s.Lane(chan7).Len(); got != s.opts.IdleItems {
		t.Fatalf("once written the lane holds %d items, want %d", got, s.opts.IdleItems)
	}
	if err := invariants(s); err != nil {
		t.Fatal(err)
	}
}

// A memory-only State has nowhere to read items back from: it keeps them.
func TestMemoryOnlyStateKeepsEverything(t *testing.T) {
	s := newState(newClock())
	focus(s, def)
	for i := range 30 {
		stream(s, chan7, fmt.Sprintf("m%d", i))
	}
	focus(s, thr)
	if got := s.Lane(chan7).Len(); got != 30 {
		t.Fatalf("a memory-only lane holds %d of 30 items", got)
	}
}
