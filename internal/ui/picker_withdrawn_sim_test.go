package ui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

// observer is another device on the simulator whose frames go into a
// State of its own, as in the headless commands.
type observer struct {
	mu sync.Mutex
	st *store.State
	c  *wsclient.Client
}

// watch connects device id to the simulator at url and applies what it
// receives until the test ends.
func watch(t *testing.T, url, id string) *observer {
	t.Helper()
	c, err := wsclient.New(wsclient.Config{URL: url, Token: "tok", DeviceID: id, DeviceName: id, Timing: simtest.FastTiming()})
	if err != nil {
		t.Fatal(err)
	}
	o := &observer{st: store.New(store.Options{Now: time.Now}), c: c}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = c.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	online := make(chan struct{}, 1)
	go func() {
		for {
			ev, err := c.Next(ctx)
			if err != nil {
				return
			}
			o.mu.Lock()
			switch ev := ev.(type) {
			case *wsclient.HelloEvent:
				o.st.Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &ev.Ack}, false)
			case *wsclient.FrameEvent:
				o.st.Apply(ev.Frame, ev.Replayed)
			case *wsclient.CursorResetEvent:
				o.st.ResetCursor(ev.Gateway)
			case *wsclient.StateEvent:
				if ev.State == wsclient.StateOnline {
					select {
					case online <- struct{}{}:
					default:
					}
				}
			}
			o.mu.Unlock()
		}
	}()
	select {
	case <-online:
	case <-time.After(10 * time.Second):
		t.Fatal("the observing device never came online")
	}
	return o
}

// records returns the texts of the picker records of the default lane.
func (o *observer) records() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	ln := o.st.Lane(frame.Lane{ChatID: gatewaysim.DefaultChatID})
	var out []string
	for i := 0; ln != nil && i < ln.Len(); i++ {
		if it := ln.Item(i); it.Kind == store.KindPickerRecord {
			out = append(out, it.Text)
		}
	}
	return out
}

// waitRecord polls the observer until a record contains want.
func (o *observer) waitRecord(t *testing.T, want string) string {
	t.Helper()
	var got []string
	pollUntil(t, "the record "+want, func() bool {
		got = o.records()
		return len(got) > 0 && strings.Contains(got[len(got)-1], want)
	})
	return got[len(got)-1]
}

// TestStoppingWhileAPickerWaitsSaysWithdrawn: the device that stopped the
// agent while its approval waited records the picker as withdrawn by that
// stop; another device records it as withdrawn by the gateway (one that
// reports answers and reported none) or closed (a gateway of the spec
// alone). No device says "answered on another device".
func TestStoppingWhileAPickerWaitsSaysWithdrawn(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		e := simWith(t, gatewaysim.Config{Dialect: d})
		other := watch(t, e.url, "dev_other")
		e.typeText("please rm the cache")
		e.key(tea.KeyEnter, 0)
		e.until("the approval", func() bool { return len(e.st.AllPickers()) == 1 })
		if e.m.DialogOpen() != "" {
			e.key(tea.KeyEscape, 0) // hides the dialog; the picker waits
		}
		e.key('x', tea.ModCtrl)
		e.until("the withdrawn record", e.shows("◆ withdrawn: you stopped the agent: rm the cache"))
		e.mustNotShow("another device")
		want := "withdrawn by the gateway (no device answered): rm the cache"
		if d == gatewaysim.DialectSpec {
			want = store.ClosedText + ": rm the cache"
		}
		if got := other.waitRecord(t, want); strings.Contains(got, "another device") {
			t.Fatalf("the other device says %q", got)
		}
	})
}

// TestStopKeyInAnOpenPickerStopsTheAgent: Ctrl+X pressed while the lane's
// approval dialog has the keyboard stops the agent (an unmatched key keeps
// the dialog, so without this the stop key did nothing there), and the
// record says this device withdrew the picker.
func TestStopKeyInAnOpenPickerStopsTheAgent(t *testing.T) {
	e := simWith(t, gatewaysim.Config{})
	e.typeText("please rm the cache")
	e.key(tea.KeyEnter, 0)
	e.until("the approval", func() bool { return len(e.st.AllPickers()) == 1 })
	e.key('p', tea.ModAlt)
	if e.m.DialogOpen() == "" {
		t.Fatal("Alt+P opened no dialog")
	}
	e.key('x', tea.ModCtrl)
	e.until("the withdrawn record", e.shows("◆ withdrawn: you stopped the agent: rm the cache"))
	e.mustNotShow("another device")
}

// TestGatewayRestartWithdrawsAWaitingPicker: the gateway restarts and
// forgets the approval that waited; the record says the gateway withdrew
// it, not that another device answered.
func TestGatewayRestartWithdrawsAWaitingPicker(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		e := simWith(t, gatewaysim.Config{Dialect: d})
		e.typeText("please rm the cache")
		e.key(tea.KeyEnter, 0)
		e.until("the approval", func() bool { return len(e.st.AllPickers()) == 1 })
		e.sim.Restart(0)
		e.reconnectPastGrace()
		e.until("the withdrawn record", e.shows("◆ withdrawn by the gateway (it restarted): rm the cache"))
		e.mustNotShow("another device")
		if len(e.st.AllPickers()) != 0 {
			t.Fatalf("still pending: %+v", e.st.AllPickers())
		}
	})
}

// forgedBy is what any device may claim in picker.select's "by".
var forgedBy = &frame.AnswerBy{DeviceName: "buildhost", Policy: "ci.toml", Rule: "pytest"}

// TestForgedAttributionIsTheGatewaysClaim: another device answers the
// approval the user has open, claiming to be a policy on buildhost. The
// record says the gateway reported it so (a claim, not a fact), and the
// open dialog stays up with the news until the user dismisses it.
func TestForgedAttributionIsTheGatewaysClaim(t *testing.T) {
	e := simWith(t, gatewaysim.Config{})
	e.typeText("please rm the cache")
	e.key(tea.KeyEnter, 0)
	e.until("the approval", func() bool { return len(e.st.AllPickers()) == 1 })
	e.key('p', tea.ModAlt)
	id := e.st.AllPickers()[0].PickerID
	other := onlineDevice(t, e.url, "dev_forger")
	sel := frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: id, Value: "once", By: forgedBy}}
	if _, err := other.Request(context.Background(), sel); err != nil {
		t.Fatal(err)
	}
	claim := "approved once: rm the cache · reported by the gateway as policy ci.toml, rule pytest, on buildhost"
	e.until("the claimed record", e.recordIs(claim))
	if e.m.DialogOpen() == "" {
		t.Fatal("the report closed the dialog the user had open")
	}
	e.mustShow("no longer waiting: approved once")
	e.key(tea.KeyEscape, 0)
	if e.m.DialogOpen() != "" {
		t.Fatalf("esc left the dialog %q up", e.m.DialogOpen())
	}
}

// TestPickerAnsweredFromAGatewayThatNeverOfferedItIsIgnored: a gateway of
// the spec alone (no picker_answered in hello.ack) sends a picker.answered
// anyway; the approval stays pending, with no record, and answerable.
func TestPickerAnsweredFromAGatewayThatNeverOfferedItIsIgnored(t *testing.T) {
	e := simWith(t, gatewaysim.Config{Dialect: gatewaysim.DialectSpec})
	e.typeText("please rm the cache")
	e.key(tea.KeyEnter, 0)
	e.until("the approval", func() bool { return len(e.st.AllPickers()) == 1 })
	id := e.st.AllPickers()[0].PickerID
	e.sim.InjectRaw([]byte(`{"type":"picker.answered","chat_id":"` + gatewaysim.DefaultChatID + `","thread_id":null,"payload":{"picker_id":"` + id +
		`","value":"once","by":{"device_name":"buildhost","policy":"ci.toml","rule":"pytest"}}}`))
	e.sim.InjectRaw([]byte(`{"type":"agent.busy","chat_id":"` + gatewaysim.DefaultChatID + `","thread_id":null,"payload":{"reason":"cron"}}`)) // a frame to wait for
	e.until("the frame after it", func() bool { return e.st.Lane(e.m.Lane()).BusyReason == "cron" })
	if len(e.st.AllPickers()) != 1 || e.lastRecord() != "" {
		t.Fatalf("applied: pending %d, record %q", len(e.st.AllPickers()), e.lastRecord())
	}
	e.mustNotShow("pytest")
}

// TestLosingARaceSaysWhatWon: another device approves while this user
// presses Deny; the gateway refuses the deny (not_found). The record and
// the status bar say the deny was not used and, when the gateway reported
// it (picker_answered), that the command was approved, by whom as the
// gateway claims. A gateway of the spec alone says only that another
// device answered.
func TestLosingARaceSaysWhatWon(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		e := simWith(t, gatewaysim.Config{Dialect: d})
		obs := watch(t, e.url, "dev_obs") // tells when the gateway took the phone's answer
		e.typeText("please rm the cache")
		e.key(tea.KeyEnter, 0)
		e.until("the approval", func() bool { return len(e.st.AllPickers()) == 1 })
		e.key('p', tea.ModAlt)
		id := e.st.AllPickers()[0].PickerID
		other := onlineDevice(t, e.url, "phone")
		sel := frame.Frame{Type: frame.TypePickerSelect, ID: 1, Payload: &frame.PickerSelect{PickerID: id, Value: "once"}}
		if err := other.Send(sel); err != nil {
			t.Fatal(err)
		}
		obs.waitRecord(t, "rm the cache")
		e.typeText("4") // Deny, before this device heard of the approval
		want := "your answer “deny” was not used: answered on another device: rm the cache"
		if d == gatewaysim.DialectRich {
			want = "⚠ your answer “deny” was not used: approved once on another device: rm the cache · reported by the gateway as phone"
		}
		e.until("the record of the lost race", e.recordIs(want))
		e.until("the agent's reply", e.shows("approved: once"))
		if e.lastRecord() != want {
			t.Fatalf("the record became %q", e.lastRecord())
		}
		if d == gatewaysim.DialectRich {
			lines := strings.Split(strings.TrimRight(e.plain(), "\n"), "\n")
			if bar := lines[len(lines)-1]; !strings.Contains(bar, "your answer “deny” was not used: approved once") {
				t.Fatalf("the status bar does not say what won: %q", bar)
			}
		}
	})
}
