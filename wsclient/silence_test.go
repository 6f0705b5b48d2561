package wsclient_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

func isSilence(over bool) func(wsclient.Event) bool {
	return func(ev wsclient.Event) bool {
		se, ok := ev.(*wsclient.SilenceEvent)
		return ok && se.Over == over
	}
}

// onlineWithGrace connects a client pinging every 50 ms, reporting a ping
// unanswered for 100 ms, dead after deadAfter, to a simulator; it returns
// them once online, with the index of the online event.
func onlineWithGrace(t *testing.T, deadAfter time.Duration) (*gatewaysim.Server, *collector, int) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	c := start(t, newClient(t, url, func(cfg *wsclient.Config) {
		cfg.Timing.PingInterval = 50 * time.Millisecond
		cfg.Timing.PingGrace = 100 * time.Millisecond
		cfg.Timing.DeadAfter = deadAfter
	}))
	col := collect(t, c.Client)
	return sim, col, col.wait(t, 0, "online", isState(wsclient.StateOnline))
}

// TestUnansweredPingReportedBeforeDead: a gateway that keeps the TCP
// connection open but answers nothing is reported as silent as soon as a
// ping goes unanswered, long before the connection is declared dead.
func TestUnansweredPingReportedBeforeDead(t *testing.T) {
	sim, col, on := onlineWithGrace(t, 3*time.Second)
	sim.SetSilent(true)
	began := time.Now()
	i := col.wait(t, on, "silence reported", isSilence(false))
	reported := time.Since(began)
	ev := col.all()[i].(*wsclient.SilenceEvent)
	if ev.Unanswered < 100*time.Millisecond || ev.Unanswered > reported {
		t.Errorf("ping unanswered for %v when reported %v into the silence, want PingGrace (100ms) or more", ev.Unanswered, reported)
	}
	if dead := reported + ev.DeadIn; dead < 2*time.Second || dead > 3*time.Second+100*time.Millisecond {
		t.Errorf("dead %v into the silence, want about DeadAfter (3s)", dead)
	}
	if reported >= 2*time.Second {
		t.Errorf("silence reported after %v, not as soon as a ping went unanswered", reported)
	}
	for _, e := range col.all()[on+1 : i] {
		if se, ok := e.(*wsclient.StateEvent); ok {
			t.Fatalf("state %v before the silence was reported", se.State)
		}
	}
	j := col.wait(t, i, "declared dead", isState(wsclient.StateReconnecting))
	if err := col.all()[j].(*wsclient.StateEvent).Err; !errors.Is(err, wsclient.ErrDead) {
		t.Fatalf("reconnect reason %v, want ErrDead", err)
	}
	if n := countMatching(col.all()[i+1:j], isSilence(false)); n != 0 {
		t.Errorf("%d more silence events for the same silence", n)
	}
}

// TestSilenceOverWhenGatewayTalksAgain: once the gateway answers again the
// silence is reported over and the connection stays up.
func TestSilenceOverWhenGatewayTalksAgain(t *testing.T) {
	sim, col, on := onlineWithGrace(t, 10*time.Second)
	sim.SetSilent(true)
	i := col.wait(t, on, "silence reported", isSilence(false))
	sim.SetSilent(false)
	j := col.wait(t, i, "silence over", isSilence(true))
	for _, e := range col.all()[i:j] {
		if se, ok := e.(*wsclient.StateEvent); ok {
			t.Fatalf("state %v during a silence that ended", se.State)
		}
	}
}

// TestAnsweredPingsReportNoSilence: a gateway that answers every ping is
// never reported silent.
func TestAnsweredPingsReportNoSilence(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	c := start(t, newClient(t, url, func(cfg *wsclient.Config) {
		cfg.Timing.PingInterval = 20 * time.Millisecond
		cfg.Timing.PingGrace = 400 * time.Millisecond
	}))
	col := collect(t, c.Client)
	col.wait(t, 0, "online", isState(wsclient.StateOnline))
	ctx, cancel := context.WithTimeout(t.Context(), waitLimit)
	defer cancel()
	pings := 0
	if _, err := sim.WaitReceived(ctx, func(f frame.Frame) bool {
		if f.Type == frame.TypePing {
			pings++
		}
		return pings == 40
	}); err != nil {
		t.Fatalf("40 pings: %v (got %d)", err, pings)
	}
	if n := countMatching(col.all(), isSilence(false)); n != 0 {
		t.Fatalf("%d silence events on a gateway answering every ping: %s", n, describe(col.all()))
	}
}

func countMatching(evs []wsclient.Event, pred func(wsclient.Event) bool) int {
	n := 0
	for _, e := range evs {
		if pred(e) {
			n++
		}
	}
	return n
}

// TestSlowLargeFrameIsNoSilence: a frame that takes longer than PingGrace
// to arrive (a big message on a slow link) is an answer: its bytes keep
// coming, so no silence is reported, though this gateway never answers a
// ping.
func TestSlowLargeFrameIsNoSilence(t *testing.T) {
	text := strings.Repeat("slow link ", 8<<10) // 80 KiB
	data, err := frame.Encode(frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some(defaultChat),
		Payload: &frame.Message{MessageID: "m_big", Role: frame.RoleAssistant, Text: text}})
	if err != nil {
		t.Fatal(err)
	}
	const chunks = 10
	rs := startRawScript(t, rawScript{afterSync: func(ws *websocket.Conn) {
		w, err := ws.NextWriter(websocket.TextMessage)
		if err != nil {
			return
		}
		step := len(data)/chunks + 1
		for i := 0; i < len(data); i += step {
			if i > 0 {
				time.Sleep(100 * time.Millisecond) // the slow link: 1 s for the frame
			}
			if _, err := w.Write(data[i:min(i+step, len(data))]); err != nil {
				return
			}
		}
		w.Close()
	}})
	c := start(t, newClient(t, rs.url, func(cfg *wsclient.Config) {
		cfg.Timing.PingInterval = 20 * time.Millisecond
		cfg.Timing.PingGrace = 300 * time.Millisecond
		cfg.Timing.DeadAfter = 5 * time.Second
	}))
	col := collect(t, c.Client)
	i := col.wait(t, 0, "the slow frame", isFrame(frame.TypeMessage))
	if n := countMatching(col.all()[:i], isSilence(false)); n != 0 {
		t.Fatalf("silence reported while the frame was arriving: %s", describe(col.all()))
	}
	rs.accept(t)
}
