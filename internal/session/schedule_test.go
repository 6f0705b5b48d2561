package session

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

var (
	home = frame.Lane{ChatID: "android:home"}
	cron = frame.Lane{ChatID: "android:chan_7"}
	t0   = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
)

// storedLanes writes a store in dir whose home and cron lanes hold n
// messages each ("home-0" …), home focused, and closes it.
func storedLanes(t *testing.T, dir string, n int) {
	t.Helper()
	st, err := store.Open(dir, store.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	st.Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &frame.HelloAck{Channels: []frame.Channel{
		{ChatID: home.ChatID, Name: "Home", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)},
		{ChatID: cron.ChatID, Name: "Cron", Kind: frame.KindChannel},
	}}}, false)
	for _, l := range []struct {
		lane frame.Lane
		name string
	}{{home, "home"}, {cron, "cron"}} {
		msgs := make([]frame.Message, n)
		for i := range msgs {
			msgs[i] = frame.Message{MessageID: fmt.Sprintf("%s-%d", l.name, i), Role: frame.RoleAssistant,
				Text: fmt.Sprintf("%s says %d", l.name, i), TS: t0.UnixMilli() + int64(i)}
		}
		st.ApplyHistory(l.lane, "", frame.History{Messages: msgs})
	}
	st.Focus(home)
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
}

// scheduled is a front-end of the scheduler for its tests: what it
// returns is the Work to run; it records, in order, what was handed on.
type scheduled struct {
	t     *testing.T
	st    *store.State
	s     *Scheduler[[]Work]
	log   []string // "frames: id id…", "event: …", "call: …"
	reads []byte   // the stack of the first read made on the test's goroutine
}

// newScheduled reopens a store of two lanes of 40 messages, ten a page,
// watching for reads on the caller's goroutine.
func newScheduled(t *testing.T) *scheduled {
	t.Helper()
	dir := t.TempDir()
	storedLanes(t, dir, 40)
	f := &scheduled{t: t}
	st, err := store.Open(dir, store.Options{Now: func() time.Time { return t0 }, PageSize: 10, IdleItems: store.IdleItems,
		OnSyncRead: func() {
			if f.reads == nil {
				f.reads = debug.Stack()
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	f.st = st
	e := New(Options{State: st})
	f.s = NewScheduler(e, Hooks[[]Work]{
		Applied: func(_ store.Change, fs []frame.Frame) []Work {
			var ids []string
			for _, fr := range fs {
				ids = append(ids, fr.Type)
			}
			f.log = append(f.log, fmt.Sprint("frames: ", ids))
			return nil
		},
		Event: func(ev wsclient.Event) []Work { f.log = append(f.log, fmt.Sprintf("event: %T", ev)); return nil },
		Batch: func(ws ...[]Work) []Work { return slices.Concat(ws...) },
		Run:   func(w Work) []Work { return []Work{w} },
	})
	return f
}

// run runs ws and what their answers bring, as a front-end does.
func (f *scheduled) run(ws []Work) {
	for len(ws) > 0 {
		out := ws[0](context.Background())
		ws = ws[1:]
		if a, ok := out.(Ahead); ok {
			ws = append(ws, f.s.Ahead(a)...)
		}
	}
}

func (f *scheduled) noReads() {
	f.t.Helper()
	if f.reads != nil {
		f.t.Fatalf("the database was read on the caller's goroutine:\n%s", f.reads)
	}
}

func events(fs ...any) []wsclient.Event {
	var out []wsclient.Event
	for _, x := range fs {
		switch x := x.(type) {
		case frame.Frame:
			out = append(out, &wsclient.FrameEvent{Frame: x})
		case wsclient.Event:
			out = append(out, x)
		}
	}
	return out
}

func inCron(typ string, p any) frame.Frame { return LaneFrame(typ, cron, p) }

// laneIDs lists the message ids lane l holds in memory.
func laneIDs(st *store.State, l frame.Lane) []string {
	ln := st.Lane(l)
	var ids []string
	for i := range ln.Len() {
		if m := ln.Item(i).Msg; m != nil {
			ids = append(ids, m.ID)
		}
	}
	return ids
}

// TestFramesForALaneNeverReadWaitForItsRead: a turn streamed into a lane
// whose stored items were never read waits, with the batch after it, for
// the lane's newest page, read by Work; then both apply in order, after
// the stored items, and nothing is read on the caller's goroutine.
func TestFramesForALaneNeverReadWaitForItsRead(t *testing.T) {
	f := newScheduled(t)
	read := f.s.Events(events(
		inCron(frame.TypeAgentBusy, &frame.AgentBusy{}),
		inCron(frame.TypeMessageStart, &frame.MessageStart{MessageID: "c-new", Role: frame.RoleAssistant}),
		inCron(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "c-new", Text: "streaming"}),
		inCron(frame.TypeMessageStop, &frame.MessageStop{MessageID: "c-new", FinalText: "first new"})))
	if len(read) != 1 || len(f.log) != 0 {
		t.Fatalf("not held for a read: %d works, handed on %v", len(read), f.log)
	}
	later := inCron(frame.TypeMessage, &frame.Message{MessageID: "c-later", Role: frame.RoleAssistant, Text: "second new", TS: t0.UnixMilli() + 1000})
	if ws := f.s.Events(events(later)); len(ws) != 0 || f.s.Idle() {
		t.Fatal("a batch behind a held one was not held")
	}
	if n := f.st.Lane(cron).Len(); n != 0 {
		t.Fatalf("the lane holds %d items before its page was read", n)
	}
	f.run(read)
	ids := laneIDs(f.st, cron)
	if len(ids) < 3 || !slices.Equal(ids[len(ids)-3:], []string{"cron-39", "c-new", "c-later"}) {
		t.Fatalf("the lane holds %v", ids)
	}
	if ln := f.st.Lane(cron); !ln.Busy || ln.Unread != 2 {
		t.Fatalf("busy %v, unread %d", ln.Busy, ln.Unread)
	}
	if !f.s.Idle() {
		t.Fatal("calls still held")
	}
	f.noReads()
}

// TestEventsKeepTheirPlaceAmongHeldFrames: an event between frames that
// wait for a read is handled after the frames before it and before those
// after it; a streaming batch while nothing is held applies at once.
func TestEventsKeepTheirPlaceAmongHeldFrames(t *testing.T) {
	f := newScheduled(t)
	home1 := LaneFrame(frame.TypeTyping, home, &frame.Typing{On: frame.Ptr(true)})
	if ws := f.s.Events(events(home1)); len(ws) != 0 || len(f.log) != 1 {
		t.Fatalf("a streaming batch was not applied at once: %d works, %v", len(ws), f.log)
	}
	f.log = nil
	f.run(f.s.Events(events(
		inCron(frame.TypeAgentBusy, &frame.AgentBusy{}),
		&wsclient.CursorEvent{Cursor: 7},
		home1)))
	want := []string{"frames: [agent.busy]", "event: *wsclient.CursorEvent", "frames: [typing]"}
	if !slices.Equal(f.log, want) {
		t.Fatalf("handed on %q, want %q", f.log, want)
	}
	f.noReads()
}

// TestCallWaitsForItsLaneAndQuitMakesItAtOnce: a call that reads a lane
// (a send) waits for the lane's read, after the calls before it; Flush
// (a quit) makes a held call at once.
func TestCallWaitsForItsLaneAndQuitMakesItAtOnce(t *testing.T) {
	f := newScheduled(t)
	call := func(name string) func() []Work {
		return func() []Work { f.log = append(f.log, "call: "+name); return nil }
	}
	read := f.s.Reduce(f.s.OnLane(cron, call("send")))
	f.s.Reduce(Call(call("after"), func(*store.Reads) bool { return false }))
	if len(read) != 1 || len(f.log) != 0 {
		t.Fatalf("the send did not wait for its lane: %v", f.log)
	}
	f.run(read)
	if want := []string{"call: send", "call: after"}; !slices.Equal(f.log, want) {
		t.Fatalf("calls %q, want %q", f.log, want)
	}
	f.noReads()

	f.log = nil
	f.st.Focus(home)
	f.s.Reduce(f.s.OnLane(frame.Lane{ChatID: cron.ChatID, ThreadID: "t_new"}, call("into a thread")))
	f.s.Reduce(Call(call("quit"), func(*store.Reads) bool { return true }))
	f.s.Flush()
	if len(f.log) != 2 || f.log[1] != "call: quit" {
		t.Fatalf("a quit left calls held: %q", f.log)
	}
}
