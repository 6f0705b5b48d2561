package devicelink

import (
	"slices"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
)

func noteAt(body string, cursor int64) *wsclient.FrameEvent {
	return &wsclient.FrameEvent{Frame: frame.Frame{Type: frame.TypeNotification, Cursor: cursor, Payload: &frame.Notification{Body: body}}, Replayed: cursor > 0}
}

func bodiesOf(ns []numbered) []string {
	var out []string
	for _, n := range ns {
		switch ev := n.ev.(type) {
		case *wsclient.HelloEvent:
			out = append(out, "hello")
		case *wsclient.FrameEvent:
			b := ev.Frame.Payload.(*frame.Notification).Body
			if !ev.Replayed {
				b += " live"
			}
			out = append(out, b)
		}
	}
	return out
}

// TestJournalSnapshotsGiveEachAttacherWhatItLacks: a fresh attacher gets
// everything as a replay but the replayed frames at or below its cursor;
// one that followed another holder, what this holder's own connection
// brought; one this holder cut off, what came after its last entry. Past
// the cap the older half goes, but the last hello.ack stays.
func TestJournalSnapshotsGiveEachAttacherWhatItLacks(t *testing.T) {
	var j journal
	j.add(&wsclient.HelloEvent{}, 1)
	j.add(noteAt("r5", 5), 1)
	j.add(noteAt("r6", 6), 1)
	j.add(&wsclient.CursorEvent{Cursor: 6}, 1) // not journaled
	j.add(noteAt("a", 0), 1)
	j.add(&wsclient.HelloEvent{}, 2) // this process took over
	last := j.add(noteAt("b", 0), 2)
	j.add(noteAt("c", 0), 2)

	for _, c := range []struct {
		name string
		ask  attach
		want []string
	}{
		{"fresh", attach{since: 5}, []string{"hello", "r6", "a", "hello", "b", "c"}},
		{"after a handover", attach{resume: true}, []string{"hello", "b live", "c live"}},
		{"cut off by this holder", attach{resume: true, same: true, after: last}, []string{"c live"}},
	} {
		if got := bodiesOf(j.snapshot(c.ask, 2)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}

	for range journalCap {
		j.add(noteAt("x", 0), 2)
	}
	if len(j.entries) > journalCap {
		t.Fatalf("%d entries kept, cap %d", len(j.entries), journalCap)
	}
	if _, ok := j.entries[0].ev.(*wsclient.HelloEvent); !ok {
		t.Fatalf("the trimmed journal starts with %T, not the last hello.ack", j.entries[0].ev)
	}
}
