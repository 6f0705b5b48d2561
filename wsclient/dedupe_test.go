package wsclient_test

import (
	"fmt"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

// TestReplaysRepeatingWhatWasSeenAreDropped: replayed frames that repeat a
// live one, an earlier replay, or a finished message never reach the
// consumer twice; new replayed frames do, flagged Replayed.
func TestReplaysRepeatingWhatWasSeenAreDropped(t *testing.T) {
	_, col, rc := onlineRaw(t, func(cfg *wsclient.Config) { cfg.Cursor = func() int64 { return 0 } })
	if rc.syncCursor != 7 {
		t.Fatalf("synced from %d; with no stored cursor the client must use hello.ack.sync_cursor (7)", rc.syncCursor)
	}
	cur := col.wait(t, 0, "cursor", func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.CursorEvent); return ok })
	if got := col.all()[cur].(*wsclient.CursorEvent).Cursor; got != 7 {
		t.Fatalf("CursorEvent %d, want 7", got)
	}

	msg := func(cursor int64, id string) frame.Frame {
		return frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some(defaultChat), Cursor: cursor, Payload: &frame.Message{MessageID: id, Text: id}}
	}
	upd := func(cursor int64, id string) frame.Frame {
		return frame.Frame{Type: frame.TypeMessageUpdate, ChatID: frame.Some(defaultChat), Cursor: cursor, Payload: &frame.MessageUpdate{MessageID: id, Text: id}}
	}
	for _, f := range []frame.Frame{
		msg(0, "live"),     // live
		msg(5, "old"),      // below the synced cursor: dropped
		msg(8, "live"),     // repeats a live message: dropped
		upd(9, "live"),     // would regress a finished message: dropped
		upd(10, "new"),     // delivered
		upd(10, "new"),     // same cursor again: dropped
		msg(11, "new"),     // delivered, finishes "new"
		upd(12, "new"),     // dropped
		msg(13, "another"), // delivered
	} {
		if err := rc.sendFrame(f); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, fe := range deliveredUpTo(t, rc, col, cur) {
		got = append(got, fmt.Sprintf("%s/%d/%v", fe.Frame.Type, fe.Frame.Cursor, fe.Replayed))
	}
	want := "[message/0/false message.update/10/true message/11/true message/13/true]"
	if fmt.Sprint(got) != want {
		t.Fatalf("delivered %v\nwant %s", got, want)
	}
}

// TestStoredCursorIsUsedForSync: Config.Cursor wins over a hello.ack
// sync_cursor at or above it.
func TestStoredCursorIsUsedForSync(t *testing.T) {
	rs := startRawAck(t, `{"type":"hello.ack","payload":{"sync_cursor":50}}`)
	c := start(t, newClient(t, rs.url, func(cfg *wsclient.Config) { cfg.Cursor = func() int64 { return 42 } }))
	collect(t, c.Client)
	if rc := rs.accept(t); rc.syncCursor != 42 {
		t.Fatalf("synced from %d, want the stored 42", rc.syncCursor)
	}
}

// TestSameMessageIDInTwoLanesIsTwoMessages: dedupe is per lane. A message
// id finished in one lane does not drop a replayed message of the same id
// in another lane; in its own lane it is still a repeat.
func TestSameMessageIDInTwoLanesIsTwoMessages(t *testing.T) {
	_, col, rc := onlineRaw(t, func(cfg *wsclient.Config) { cfg.Cursor = func() int64 { return 0 } })
	cur := col.wait(t, 0, "cursor", func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.CursorEvent); return ok })
	msg := func(cursor int64, chat, text string) frame.Frame {
		return frame.Frame{Type: frame.TypeMessage, Cursor: cursor, ChatID: frame.Some(chat), ThreadID: frame.Null(),
			Payload: &frame.Message{MessageID: "m_1", Text: text}}
	}
	for _, f := range []frame.Frame{
		msg(0, "iris:a", "live in a"),
		msg(8, "iris:b", "replayed in b"),
		msg(9, "iris:a", "repeat in a"),
		msg(10, "iris:b", "repeat in b"),
	} {
		if err := rc.sendFrame(f); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, fe := range deliveredUpTo(t, rc, col, cur) {
		got = append(got, fe.Frame.Payload.(*frame.Message).Text)
	}
	if want := "[live in a replayed in b]"; fmt.Sprint(got) != want {
		t.Fatalf("delivered %v, want %s", got, want)
	}
}

// deliveredUpTo sends a status frame as a marker and returns the frame
// events delivered after event index from and before the marker.
func deliveredUpTo(t *testing.T, rc *rawConn, col *collector, from int) []*wsclient.FrameEvent {
	t.Helper()
	if err := rc.sendFrame(frame.Frame{Type: frame.TypeStatus, Payload: &frame.Status{State: "marker"}}); err != nil {
		t.Fatal(err)
	}
	mark := col.wait(t, from, "marker", func(ev wsclient.Event) bool {
		fe, ok := ev.(*wsclient.FrameEvent)
		return ok && fe.Frame.Type == frame.TypeStatus && fe.Frame.Payload.(*frame.Status).State == "marker"
	})
	var out []*wsclient.FrameEvent
	for _, ev := range col.all()[from:mark] {
		if fe, ok := ev.(*wsclient.FrameEvent); ok {
			out = append(out, fe)
		}
	}
	return out
}
