package transcript_test

import (
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// Each role gets its own header (author and time) above its text; the
// user's own text is shown as typed, the agent's as markdown.
func TestBubblesShowAuthorTimeAndText(t *testing.T) {
	f := newFixture(t, 80, 20)
	f.message("u1", frame.RoleUser, "what is **2+2**?", 3)
	f.message("a1", frame.RoleAssistant, "It is **4**.", 2)
	f.message("s1", frame.RoleSystem, "model switched", 1)
	f.message("k1", frame.RoleCron, "nightly job done", 0)
	rows := f.rows()
	order := []string{"You · 12:01", "what is **2+2**?", "Assistant · 12:02", "It is 4.", "System · 12:03",
		"model switched", "Cron · 12:04", "nightly job done"}
	last := -1
	for _, s := range order {
		i := rowOf(rows, s)
		if i <= last {
			t.Fatalf("%q is at row %d, want below row %d:\n%s", s, i, last, strings.Join(rows, "\n"))
		}
		last = i
	}
	f.mustNotShow("It is 4.", "**4**")
}

// The user's own message shows where its delivery is: queued, sending,
// ✓ sent, ✓✓ read, and a failed one says how to resend.
func TestUserMessageDeliveryTicks(t *testing.T) {
	cases := []struct {
		d    store.Delivery
		want string
	}{
		{store.DeliveryQueued, "◷ queued"},
		{store.DeliverySending, "… sending"},
		{store.DeliverySent, "✓"},
		{store.DeliveryRead, "✓✓"},
		{store.DeliveryFailed, "✗ not sent ("},
		{store.DeliveryUnknown, "? delivery unknown ("},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			f := newFixture(t, 80, 10)
			msg := f.st.AddOutgoing(chat, "hello there", "cm1", "", nil)
			f.st.SetDelivery(msg.ClientMsgID, c.d)
			f.m.Refresh()
			rows := f.rows()
			h := rowOf(rows, "You")
			if h < 0 || !strings.Contains(rows[h], c.want) || rowOf(rows, "hello there") != h+1 {
				t.Fatalf("want the header with %q above the text:\n%s", c.want, strings.Join(rows, "\n"))
			}
		})
	}
}

// A steered message says so in its header.
func TestSteeredMessageIsMarked(t *testing.T) {
	f := newFixture(t, 80, 10)
	f.st.AddSteer(chat, "use tabs", "cm1")
	f.m.Refresh()
	f.mustShow("You ↪ steered", "use tabs")
}

// A reply shows the first line of the message it answers as a quote, or
// says the message is not loaded.
func TestReplyQuote(t *testing.T) {
	f := newFixture(t, 80, 14)
	f.message("q", frame.RoleUser, "first line\nsecond line", 2)
	f.apply(frame.TypeMessage, &frame.Message{MessageID: "r", Role: frame.RoleAssistant, Text: "answer",
		ReplyTo: frame.Some("q"), TS: at(1)})
	f.apply(frame.TypeMessage, &frame.Message{MessageID: "r2", Role: frame.RoleAssistant, Text: "other",
		ReplyTo: frame.Some("gone"), TS: at(0)})
	rows := f.rows()
	q := rowOf(rows, "↪ first line …")
	if q < 0 || rowOf(rows, "answer") != q+1 {
		t.Fatalf("want the quote right above the reply:\n%s", strings.Join(rows, "\n"))
	}
	if a := rowOf(rows, "↪ a message not loaded"); a < 0 || rowOf(rows, "other") != a+1 {
		t.Fatalf("want the not-loaded quote above the second reply:\n%s", strings.Join(rows, "\n"))
	}
}

// An empty lane says what to do; one whose history is still on its way
// says it is loading.
func TestEmptyLane(t *testing.T) {
	f := newFixture(t, 60, 8)
	f.mustShow("Loading history…")
	f.st.ApplyHistory(chat, "", frame.History{})
	f.m.Refresh()
	f.mustNotShow("No messages yet. Say hello below.", "Loading")
}

// Notices (client-made lines such as a gateway restart) are shown as
// plain lines in the transcript.
func TestNoticeIsShown(t *testing.T) {
	f := newFixture(t, 60, 8)
	f.message("a", frame.RoleAssistant, "before", 1)
	f.st.AddNotice(chat, "Gateway restarting")
	f.m.Refresh()
	rows := f.rows()
	if rowOf(rows, "Gateway restarting") <= rowOf(rows, "before") {
		t.Fatalf("the notice is not below the message:\n%s", strings.Join(rows, "\n"))
	}
}

// TestDeliveryCauseShownAndFitsTheWidth: a failed or unknown delivery says
// why beside its mark, sanitised, and a long cause is cut to the width.
func TestDeliveryCauseShownAndFitsTheWidth(t *testing.T) {
	f := newFixture(t, 100, 10)
	msg := f.st.AddOutgoing(chat, "hello there", "cm1", "", nil)
	f.st.SetDeliveryCause(msg.ClientMsgID, store.DeliveryFailed, "no answer from the gateway for 12 s")
	f.m.Refresh()
	f.mustShow("✗ not sent: no answer from the gateway for 12 s (ctrl+g resend)")
	f.st.SetDeliveryCause(msg.ClientMsgID, store.DeliveryUnknown, "gateway said \x1b[2Jno "+strings.Repeat("very ", 30)+"long")
	f.m.Refresh()
	f.mustShow("? delivery unknown: gateway said ␛[2Jno very", "…")
	narrow := newFixture(t, 40, 10)
	m := narrow.st.AddOutgoing(chat, "hi", "cm2", "", nil)
	narrow.st.SetDeliveryCause(m.ClientMsgID, store.DeliveryFailed, "no answer from the gateway for 12 s")
	narrow.m.Refresh()
	narrow.mustShow("You · ", "✗ not sent: no") // view fails on a row wider than 40
}

// A reply cut off by a lost connection says so in full, wrapped to the
// bubble, at any width: the note was cut at the width, losing its end.
func TestLostReplyNoteWrapsInFull(t *testing.T) {
	f := newFixture(t, 60, 20)
	f.apply(frame.TypeMessageStart, &frame.MessageStart{MessageID: "a1", Role: frame.RoleAssistant, TS: at(0)})
	f.apply(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "a1", Text: "Checking the CI script"})
	f.st.ConnectionLost()
	f.m.Refresh()
	words := strings.Join(strings.Fields(strings.ReplaceAll(f.text(), "┃", "")), " ")
	if !strings.Contains(words, "⚠ connection lost: the rest comes, or the reply is marked interrupted, once the gateway is back") {
		t.Fatalf("the note is not whole:\n%s", f.text())
	}
}
