package session

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
)

// TestDeleteAnswerStandsForTheBroadcast: message.delete's answer comes
// back as the message.deleted event, in the request's lane, for the
// front-end to apply as it applies the connection's events.
func TestDeleteAnswerStandsForTheBroadcast(t *testing.T) {
	d := newDevice(t, gatewaysim.Config{}, nil)
	l := d.st.DefaultLane()
	out := d.eng.Delete(LaneFrame(frame.TypeMessageDelete, l, &frame.MessageDelete{MessageIDs: []string{"m_1"}}))(context.Background())
	evs, ok := out.(Events)
	if !ok || len(evs) != 1 {
		t.Fatalf("delete brought back %#v", out)
	}
	fe, ok := evs[0].(*FrameEvent)
	if !ok || fe.Frame.Type != frame.TypeMessageDeleted || fe.Frame.Lane() != l {
		t.Fatalf("event %#v", evs[0])
	}
	if p := fe.Frame.Payload.(*frame.MessageDeleted); !slices.Equal(p.MessageIDs, []string{"m_1"}) {
		t.Fatalf("deleted %v", p.MessageIDs)
	}
}

// TestRefusedDeleteAndChannelCreateSayWhy: a refused request is a Failed
// that quotes back what the user typed.
func TestRefusedDeleteAndChannelCreateSayWhy(t *testing.T) {
	d := newDevice(t, gatewaysim.Config{}, nil)
	d.sim.FailNext(frame.TypeChannelCreate, "forbidden", "no more channels")
	out := d.eng.CreateChannel(frame.Frame{Type: frame.TypeChannelCreate, Payload: &frame.ChannelCreate{Name: "ops\x1b[2J"}})(context.Background())
	f, ok := out.(Failed)
	if !ok {
		t.Fatalf("channel.create brought back %#v", out)
	}
	if n := f.Notice(); n.Level != LevelError || n.Text != `channel.create failed: gateway error forbidden: no more channels (you typed "ops␛[2J")` {
		t.Fatalf("notice %+v", n)
	}
}

// TestReceiptsForLiveFinalsOnly: a final message that arrived live in the
// lane is reported read; a replayed one, the user's own, or one in
// another lane is not; offline nothing goes.
func TestReceiptsForLiveFinalsOnly(t *testing.T) {
	d := newDevice(t, gatewaysim.Config{}, nil)
	l := d.st.DefaultLane()
	live := LaneFrame(frame.TypeMessage, l, &frame.Message{MessageID: "a_1", Role: frame.RoleAssistant, Text: "hi"})
	replayed := live
	replayed.Cursor = 9
	mine := LaneFrame(frame.TypeMessage, l, &frame.Message{MessageID: "u_1", Role: frame.RoleUser, Text: "me"})
	elsewhere := LaneFrame(frame.TypeMessageStop, frame.Lane{ChatID: "other"}, &frame.MessageStop{MessageID: "a_2"})
	if w := d.eng.Receipts([]frame.Frame{live}, l); w != nil {
		t.Fatal("a receipt while offline")
	}
	d.eng.Connected(StateOnline)
	if w := d.eng.Receipts([]frame.Frame{replayed, mine, elsewhere}, l); w != nil {
		t.Fatal("a receipt for a replayed, own or other lane's message")
	}
	if out := d.eng.Receipts([]frame.Frame{live, mine}, l)(context.Background()); out != nil {
		t.Fatalf("receipts brought back %#v", out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := d.sim.WaitReceived(ctx, func(f frame.Frame) bool {
		r, ok := f.Payload.(*frame.ReadReceipt)
		return ok && r.MessageID == "a_1"
	}); err != nil {
		t.Fatalf("the gateway got no receipt: %v", err)
	}
}
