package gatewaysim

import (
	"slices"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// connectAsking pairs as device (named name) with a hello that asks for
// picker.answered frames.
func connectAsking(t *testing.T, url, device, name string) (*client, *frame.HelloAck) {
	t.Helper()
	c := dial(t, url)
	c.sendFrame(frame.Frame{Type: frame.TypeHello, Payload: &frame.Hello{
		Token: testToken, DeviceID: device, DeviceName: name, Caps: frame.Caps{MinProtocol: 1, PickerAnswered: frame.Ptr(true)},
	}})
	ack := c.expect(frame.TypeHelloAck)
	c.expect(frame.TypeStatus)
	return c, ack.Payload.(*frame.HelloAck)
}

// TestPickerAnsweredReachesEveryDeviceThatAsked: an answer naming its
// policy and rule is announced with picker.answered, in the picker's lane,
// to every device whose hello asked: live (before the turn goes on), to the
// answering device after its ack, and from the outbox to one that was
// offline; the answering device's hello name fills in device_name. A
// device that did not ask gets none.
func TestPickerAnsweredReachesEveryDeviceThatAsked(t *testing.T) {
	_, url := newTestServer(t, nil)
	tui, ack := connectAsking(t, url, "dev_tui", "laptop")
	must(t, frame.Offers(ack.ServerCaps.PickerAnswered) && frame.Offers(ack.ServerCaps.TurnInterrupted), "caps %+v", ack.ServerCaps)
	plain, _ := connect(t, url, "dev_plain")
	away, _ := connectAsking(t, url, "dev_away", "phone")
	away.ws.Close()
	bot, _ := connectAsking(t, url, "dev_bot", "ci (headless)")

	p := pickerTurn(tui, "please rm the cache", frame.TypePickerApproval)
	by := &frame.AnswerBy{Policy: "ci.toml", Rule: "cache"}
	id := bot.request(frame.TypePickerSelect, defaultLane, &frame.PickerSelect{PickerID: p.PickerID, Value: "once", By: by})
	fs := bot.until(isType(frame.TypePickerAnswered))
	must(t, fs[len(fs)-2].ID == id, "the ack did not come just before: %v", types(fs))
	want := frame.PickerAnswered{PickerID: p.PickerID, Value: "once", By: &frame.AnswerBy{DeviceName: "ci (headless)", Policy: "ci.toml", Rule: "cache"}}

	fs = tui.until(isType(frame.TypePickerAnswered))
	got := fs[len(fs)-1]
	must(t, !slices.Contains(types(fs), frame.TypeToolStart) && got.Lane() == defaultLane, "lane %v after %v", got.Lane(), types(fs))
	pa := got.Payload.(*frame.PickerAnswered)
	must(t, pa.PickerID == want.PickerID && pa.Value == want.Value && *pa.By == *want.By, "picker.answered %+v by %+v", pa, pa.By)
	must(t, !slices.Contains(types(plain.until(isType(frame.TypeAgentIdle))), frame.TypePickerAnswered), "a device that did not ask got picker.answered")

	back, _ := connectAsking(t, url, "dev_away", "phone")
	sid := back.request(frame.TypeSync, frame.Lane{}, &frame.Sync{Cursor: 0})
	fs = back.until(func(f frame.Frame) bool { return f.ID == sid })
	i := slices.IndexFunc(fs, isType(frame.TypePickerAnswered))
	must(t, i >= 0 && fs[i].Cursor > 0 && *fs[i].Payload.(*frame.PickerAnswered).By == *want.By, "sync replayed %v", types(fs))
}

// TestAgentStopMarksTheReplyInterrupted: a reply cut short by agent.stop
// (here from another device) ends with message.stop "interrupted": true;
// one that finished carries no such field.
func TestAgentStopMarksTheReplyInterrupted(t *testing.T) {
	_, url := newTestServer(t, func(c *Config) { c.StreamInterval = 20 * time.Millisecond })
	a, _ := connect(t, url, "dev_a")
	b, _ := connect(t, url, "dev_b")
	must(t, stopOf(t, a.turn(defaultLane, "hi")).Interrupted == nil, "a finished reply is marked interrupted")
	b.until(isType(frame.TypeAgentIdle))

	a.send(defaultLane, "write a long answer")
	a.expect(frame.TypeMessageUpdate)
	b.request(frame.TypeAgentStop, defaultLane, nil)
	stop := stopOf(t, a.until(isType(frame.TypeAgentIdle)))
	must(t, stop.Interrupted != nil && *stop.Interrupted, "stopped reply %+v", stop)
}

// TestSpecDialectOffersNoExtension: the spec dialect makes a gateway of the
// spec alone: no extension cap, no picker.answered even for a device that
// asks, no "interrupted" on a stopped reply.
func TestSpecDialectOffersNoExtension(t *testing.T) {
	_, url := newTestServer(t, func(c *Config) { c.Dialect, c.StreamInterval = DialectSpec, 20*time.Millisecond })
	a, ack := connectAsking(t, url, "dev_a", "laptop")
	must(t, ack.ServerCaps.PickerAnswered == nil && ack.ServerCaps.TurnInterrupted == nil, "caps %+v", ack.ServerCaps)
	p := pickerTurn(a, "please rm the cache", frame.TypePickerApproval)
	fs := answer(a, p, "once")
	must(t, !slices.Contains(types(fs), frame.TypePickerAnswered), "picker.answered in the spec dialect: %v", types(fs))

	a.send(defaultLane, "write a long answer")
	a.expect(frame.TypeMessageUpdate)
	a.request(frame.TypeAgentStop, defaultLane, nil)
	must(t, stopOf(t, a.until(isType(frame.TypeAgentIdle))).Interrupted == nil, "interrupted in the spec dialect")
}
