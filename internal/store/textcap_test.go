package store

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hermes/iris/frame"
)

// bigText is n bytes of text with multi-byte runes, so cuts must respect
// rune boundaries.
func bigText(n int) string {
	return strings.Repeat("é€x", n/6+1)[:n]
}

// A message longer than TextCap keeps its first TextCap bytes (cut on a
// rune boundary) in memory and in its row; the whole text goes to a file,
// named in Overflow, that survives a restart. A streaming message is only
// cut; its final text gets the file. Deleting the message deletes the file.
func TestLongTextCappedAndKeptWhole(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	s := open(t, dir, clk)
	full := bigText(3 << 20)
	apply(t, s, `{"type":"message.start","chat_id":"d","payload":{"message_id":"s"}}`)
	s.Apply(frame.Frame{Type: frame.TypeMessageUpdate, ChatID: frame.Some("d"),
		Payload: &frame.MessageUpdate{MessageID: "s", Text: full[:1<<20]}}, false)
	msg := s.Lane(def).Item(0).Msg
	if len(msg.Text) > TextCap || msg.Overflow == nil || msg.Overflow.Path != "" {
		t.Fatalf("streaming: %d bytes kept, overflow %+v", len(msg.Text), msg.Overflow)
	}
	s.Apply(frame.Frame{Type: frame.TypeMessageStop, ChatID: frame.Some("d"),
		Payload: &frame.MessageStop{MessageID: "s", FinalText: full}}, false)
	s.Apply(frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some("d"),
		Payload: &frame.Message{MessageID: "m", Role: frame.RoleAssistant, Text: full, TS: 1_800_000_001_000}}, false)
	for i := range 2 {
		msg := s.Lane(def).Item(i).Msg
		o := msg.Overflow
		if len(msg.Text) > TextCap || !utf8.ValidString(msg.Text) || !strings.HasPrefix(full, msg.Text) || o == nil {
			t.Fatalf("message %s: %d bytes kept, overflow %+v", msg.ID, len(msg.Text), o)
		}
		if got, err := os.ReadFile(o.Path); err != nil || string(got) != full || o.Bytes != int64(len(full)-len(msg.Text)) {
			t.Fatalf("message %s: the full text file: %v (%d bytes)", msg.ID, err, len(got))
		}
	}
	closeState(t, s)
	conn := rawDB(t, dir)
	if n := count(t, conn, `SELECT MAX(LENGTH(body)) FROM items`); n > TextCap+1024 {
		t.Fatalf("a row holds %d bytes", n)
	}
	conn.Close()
	s = open(t, dir, clk)
	defer closeState(t, s)
	o := read(s, def).Item(1).Msg.Overflow
	if o == nil || o.Path == "" {
		t.Fatal("the overflow was not stored")
	}
	s.Apply(frame.Frame{Type: frame.TypeMessageDeleted, ChatID: frame.Some("d"),
		Payload: &frame.MessageDeleted{MessageIDs: []string{"m"}}}, false)
	if _, err := os.Stat(o.Path); !os.IsNotExist(err) {
		t.Fatalf("a deleted message left its full text behind: %v", err)
	}
}

// A memory-only State keeps the first TextCap bytes and says how much was
// cut, without a file.
func TestLongTextInMemoryOnlyState(t *testing.T) {
	s := newState(newClock())
	s.Apply(frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some("d"),
		Payload: &frame.Message{MessageID: "m", Text: bigText(TextCap + 10)}}, false)
	msg := s.Lane(def).Item(0).Msg
	if len(msg.Text) > TextCap || msg.Overflow == nil || msg.Overflow.Path != "" || msg.Overflow.Bytes < 10 {
		t.Fatalf("%d bytes kept, overflow %+v", len(msg.Text), msg.Overflow)
	}
}

// Reasoning is cut at TextCap too, saying how much was left out.
func TestLongReasoningCapped(t *testing.T) {
	s := newState(newClock())
	s.Apply(frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some("d"),
		Payload: &frame.Message{MessageID: "m", Text: "short", Reasoning: bigText(2 << 20)}}, false)
	r := s.Lane(def).Item(0).Msg.Reasoning
	if len(r) > TextCap+64 || !strings.HasSuffix(r, "KiB more reasoning not kept") || !utf8.ValidString(r) {
		t.Fatalf("reasoning kept: %d bytes, ends %q", len(r), r[len(r)-40:])
	}
}

// A cut never splits a link: a URL across TextCap is kept whole, a URL too long to keep whole is left out, so the OSC 8 link
// glamour makes never points to part of its target.
func TestTextCapKeepsLinksWhole(t *testing.T) {
	s := open(t, t.TempDir(), newClock())
	defer closeState(t, s)
	url := "https://example.com/docs/a/long/path/to/the/page"
	pad := strings.Repeat("word ", TextCap/5)[:TextCap-len("Read [the docs](https://example.c")]
	whole := pad + "Read [the docs](" + url + ") and more text after it"
	long := pad + "Read https://example.com/" + strings.Repeat("x", linkSlack+100) + " end"
	last := pad + "Read [the docs](" + url + ")"
	for i, text := range []string{whole, long, last} {
		id := fmt.Sprintf("m%d", i)
		apply(t, s, fmt.Sprintf(`{"type":"message","chat_id":"d","payload":{"message_id":%q,"role":"assistant","text":%q,"ts":1800000001000}}`, id, text))
	}
	if got := s.Lane(def).Item(0).Msg.Text; !strings.HasSuffix(got, "[the docs]("+url+")") {
		t.Fatalf("the link was cut: …%q", got[len(got)-40:])
	}
	if got := s.Lane(def).Item(1).Msg.Text; !strings.HasSuffix(got, "Read ") || len(got) > TextCap {
		t.Fatalf("a URL too long to keep: …%q (%d bytes)", got[max(len(got)-40, 0):], len(got))
	}
	if msg := s.Lane(def).Item(2).Msg; msg.Text != last || msg.Overflow != nil {
		t.Fatalf("a link ending the text: overflow %+v", msg.Overflow)
	}
}
