package store

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// clock is a settable test clock.
type clock struct{ t time.Time }

func (c *clock) now() time.Time           { return c.t }
func (c *clock) advance(d time.Duration)  { c.t = c.t.Add(d) }
func newClock() *clock                    { return &clock{t: time.UnixMilli(1_800_000_000_000)} }
func newState(c *clock) *State            { return New(Options{Now: c.now}) }
func lane(chat, thread string) frame.Lane { return frame.Lane{ChatID: chat, ThreadID: thread} }

var (
	def   = lane("d", "")
	chan7 = lane("c7", "")
	thr   = lane("c7", "t1")
)

// decode parses one server frame.
func decode(t *testing.T, js string) frame.Frame {
	t.Helper()
	f, err := frame.Decode([]byte(js), frame.FromServer)
	if err != nil {
		t.Fatalf("decode %s: %v", js, err)
	}
	return f
}

// apply applies live frames (JSON) in order and returns the merged change.
func apply(t *testing.T, s *State, frames ...string) Change {
	t.Helper()
	return feed(t, s, false, frames)
}

// replay applies frames as a sync replay.
func replay(t *testing.T, s *State, frames ...string) Change {
	t.Helper()
	return feed(t, s, true, frames)
}

func feed(t *testing.T, s *State, replayed bool, frames []string) Change {
	t.Helper()
	var c Change
	for _, js := range frames {
		c.Merge(s.Apply(decode(t, js), replayed))
		if err := invariants(s); err != nil {
			t.Fatalf("after %s: %v", js, err)
		}
	}
	return c
}

// dump renders a lane's items one per line, for comparisons.
func dump(s *State, l frame.Lane) string {
	ln := read(s, l)
	var b strings.Builder
	for i := range ln.Len() {
		b.WriteString(itemLine(ln.Item(i)))
		b.WriteByte('\n')
	}
	return b.String()
}

func itemLine(it *Item) string {
	switch it.Kind {
	case KindMessage:
		m := it.Msg
		s := fmt.Sprintf("%s %s %q", m.Role, m.ID, m.Text)
		if m.Reasoning != "" {
			s += fmt.Sprintf(" r=%q", m.Reasoning)
		}
		if m.Streaming {
			s += " streaming"
		}
		if m.Delivery != DeliveryNone {
			s += " " + m.Delivery.String()
		}
		if m.Steer {
			s += " steer"
		}
		if m.Cut.Interrupted() {
			s += " " + m.Cut.String()
		}
		for _, md := range m.Media {
			s += " media=" + md.MediaID
		}
		return s
	case KindTool:
		tc := it.Tool
		s := fmt.Sprintf("tool %d %s", tc.Index, tc.Name)
		if tc.Running {
			s += " running"
		}
		if tc.Note != "" {
			s += " note=" + tc.Note
		}
		if tc.OK != nil {
			s += fmt.Sprintf(" ok=%v", *tc.OK)
		}
		if tc.Output != "" {
			s += " out=" + tc.Output
		}
		if tc.Cut.Interrupted() {
			s += " " + tc.Cut.String()
		}
		return s
	default:
		return fmt.Sprintf("%s %q", it.Kind, it.Text)
	}
}

// want compares a lane dump with the expected lines.
func want(t *testing.T, s *State, l frame.Lane, lines ...string) {
	t.Helper()
	if err := invariants(s); err != nil {
		t.Fatal(err)
	}
	exp := strings.Join(lines, "\n")
	if len(lines) > 0 {
		exp += "\n"
	}
	if got := dump(s, l); got != exp {
		t.Fatalf("lane %s:\n got:\n%s want:\n%s", l, got, exp)
	}
}

// helloAck is a hello.ack with a default channel d, a channel c7 and its
// thread t1.
const helloAck = `{"type":"hello.ack","payload":{"server_caps":{"streaming":true},"sync_cursor":10,
 "last_pushed_cursor":0,"channels":[
  {"chat_id":"d","name":"Default","kind":"default","is_default":true},
  {"chat_id":"c7","name":"Seven","kind":"channel"},
  {"chat_id":"c7","thread_id":"t1","name":"Thread","kind":"thread","parent_chat_id":"c7"}]}}`

// helloAckAnswered is helloAck from a gateway offering the picker_answered
// extension.
var helloAckAnswered = strings.Replace(helloAck, `"streaming":true`, `"streaming":true,"picker_answered":true`, 1)

// loadOlder is LoadOlder with the page read it asks for made at once and
// applied, as the UI's command would; a page that adds nothing, or the
// lane's first, lets it ask again (now the gateway, or nothing).
func loadOlder(s *State, l frame.Lane) (Change, *frame.HistoryRequest) {
	chg, rd, req := s.LoadOlder(l)
	for rd != nil {
		p := rd.Read()
		got := s.ApplyPage(p)
		chg.Merge(got)
		if got.Has(l) && !p.First() {
			return chg, nil
		}
		var more Change
		more, rd, req = s.LoadOlder(l)
		chg.Merge(more)
	}
	return chg, req
}

// focus is Focus with the page read OpenPage asks for made at once and
// applied, as the UI's command would.
func focus(s *State, l frame.Lane) Change {
	chg := s.Focus(l)
	if rd := s.OpenPage(l); rd != nil {
		chg.Merge(s.ApplyPage(rd.Read()))
	}
	return chg
}

// read returns lane l with its stored items read (as the reducer reads
// them, on first use): for tests that look at what a reopened store holds.
func read(s *State, l frame.Lane) *Lane {
	ln := s.Lane(l)
	s.fill(ln)
	return ln
}
