package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
	"github.com/hermes/iris/wsclient"
)

// fixedNow is the clock of every UI test.
var fixedNow = time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC)

func ms(min, sec int) int64 {
	return time.Date(2026, 11, 30, 9, min, sec, 0, time.UTC).UnixMilli()
}

// fakeGateway records what the UI sends and answers requests from a
// function; it counts calls so tests can prove Update does no I/O itself.
type fakeGateway struct {
	mu       sync.Mutex
	sent     []frame.Frame
	requests []frame.Frame
	answer   func(frame.Frame) (frame.Frame, error)
}

func (g *fakeGateway) Request(_ context.Context, f frame.Frame) (frame.Frame, error) {
	g.mu.Lock()
	g.requests = append(g.requests, f)
	answer := g.answer
	g.mu.Unlock()
	if answer == nil {
		if f.Type == frame.TypeHistory {
			return frame.Frame{Type: f.Type, Payload: &frame.History{}}, nil
		}
		return frame.Frame{Type: f.Type, Payload: &frame.Empty{}}, nil
	}
	return answer(f)
}

// Post answers like Request: a response confirms it, an error frame
// refuses it, another error means not sent, and errSilent from the answer
// func is a gateway that says nothing (sent, not confirmed).
func (g *fakeGateway) Post(ctx context.Context, f frame.Frame) (bool, error) {
	resp, err := g.Request(ctx, f)
	switch {
	case errors.Is(err, errSilent):
		return false, nil
	case err != nil:
		return false, err
	case resp.Type == frame.TypeError:
		return false, resp.Payload.(*frame.Error)
	}
	return true, nil
}

// errSilent makes fakeGateway.Post report sent, not confirmed.
var errSilent = errors.New("the gateway stays silent")

func (g *fakeGateway) Send(f frame.Frame) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.sent = append(g.sent, f)
	return nil
}

func (g *fakeGateway) calls() (req, sent []frame.Frame) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]frame.Frame(nil), g.requests...), append([]frame.Frame(nil), g.sent...)
}

// harness drives a root model synchronously.
type harness struct {
	t    *testing.T
	m    *Model
	gw   *fakeGateway
	st   *store.State
	raws []string // what tea.Raw commands would have written
}

type harnessOpt func(*Options)

func withTheme(n themes.Name) harnessOpt { return func(o *Options) { o.Theme = n } }

func newHarness(t *testing.T, w, h int, opts ...harnessOpt) *harness {
	t.Helper()
	st := store.New(store.Options{Now: func() time.Time { return fixedNow }})
	gw := &fakeGateway{}
	settings := common.DefaultSettings()
	o := Options{Gateway: gw, State: st, Theme: themes.Dark, Settings: &settings,
		Now: func() time.Time { return fixedNow }, Location: time.UTC}
	for _, f := range opts {
		f(&o)
	}
	m := New(o)
	m.scr.tick = testTick
	hs := &harness{t: t, m: m, gw: gw, st: o.State}
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(m.openLaneCmd(m.lane)) // as Init does: the lane's stored items
	return hs
}

// send feeds msg to Update and runs the returned commands, feeding back
// the messages they produce, except ticks (time) which the test drives.
// The client's events reach the model only inside a ClientEventsMsg (see
// inbound); a bare one would be dropped silently, so it fails the test.
func (h *harness) send(msg tea.Msg) {
	h.t.Helper()
	if _, bare := msg.(wsclient.Event); bare {
		h.t.Fatalf("%T sent bare: wrap it with inbound", msg)
	}
	_, cmd := h.m.Update(msg)
	h.run(cmd)
}

func (h *harness) run(cmd tea.Cmd) {
	h.t.Helper()
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := runCmd(c)
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case flushMsg, spinMsg, clockMsg:
			h.m.Update(msg)
		case tea.RawMsg:
			h.raws = append(h.raws, fmt.Sprint(msg.Msg))
		default:
			_, next := h.m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// testTick fires render flushes and picker arming at once and never fires
// the spinner, the clock or picker expiry, so views are deterministic (tests
// send spinMsg/clockMsg/pickerExpiryMsg themselves; the arming delay itself
// is tested in internal/ui/dialog).
func testTick(_ time.Duration, msg tea.Msg) tea.Cmd {
	switch msg.(type) {
	case flushMsg, dialog.PickerArmedMsg:
		return func() tea.Msg { return msg }
	}
	return nil
}

// runCmd runs a command with a deadline; tea.Tick commands would block for
// their interval, so they are recognised by their result type and fired at
// once.
func runCmd(c tea.Cmd) tea.Msg {
	done := make(chan tea.Msg, 1)
	go func() { done <- c() }()
	select {
	case msg := <-done:
		return msg
	case <-time.After(5 * time.Second):
		return nil
	}
}

// inbound is the one way tests feed the model what the gateway sends: it
// wraps items, in order, into the ClientEventsMsg that internal/app/client.go's bridge
// sends in production. An item is a frame.Frame (a live frame, as a
// *wsclient.FrameEvent) or any wsclient.Event (a replayed FrameEvent, a
// StateEvent for a connection change, a CursorEvent …).
func inbound(items ...any) ClientEventsMsg {
	evs := make(ClientEventsMsg, 0, len(items))
	for _, it := range items {
		switch it := it.(type) {
		case frame.Frame:
			evs = append(evs, &wsclient.FrameEvent{Frame: it})
		case wsclient.Event:
			evs = append(evs, it)
		default:
			panic(fmt.Sprintf("inbound: %T is neither a frame.Frame nor a wsclient.Event", it))
		}
	}
	return evs
}

// frame feeds one live frame from the gateway.
func (h *harness) frame(f frame.Frame) { h.t.Helper(); h.send(inbound(f)) }

func (h *harness) frames(fs ...frame.Frame) {
	h.t.Helper()
	for _, f := range fs {
		h.frame(f)
	}
}

func (h *harness) key(code rune, mod tea.KeyMod) {
	h.t.Helper()
	h.send(tea.KeyPressMsg{Code: code, Mod: mod})
}

func (h *harness) typeText(s string) {
	h.t.Helper()
	for _, r := range s {
		h.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// view renders the screen.
func (h *harness) view() string { return h.m.View().Content }

// plain is the screen without styling.
func (h *harness) plain() string { return ansi.Strip(h.view()) }

func (h *harness) mustShow(subs ...string) {
	h.t.Helper()
	p := h.plain()
	for _, s := range subs {
		if !strings.Contains(p, s) {
			h.t.Fatalf("screen lacks %q:\n%s", s, p)
		}
	}
}

func (h *harness) mustNotShow(subs ...string) {
	h.t.Helper()
	p := h.plain()
	for _, s := range subs {
		if strings.Contains(p, s) {
			h.t.Fatalf("screen shows %q:\n%s", s, p)
		}
	}
}

// Frame builders.

const chat = "android:default"

var lane0 = frame.Lane{ChatID: chat}

func hello(channels ...frame.Channel) frame.Frame {
	if len(channels) == 0 {
		channels = []frame.Channel{
			{ChatID: chat, Name: "Default", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)},
			{ChatID: "android:chan_7", Name: "Cron Reports", Kind: frame.KindChannel},
			{ChatID: "android:chan_7", ThreadID: frame.Some("t_1"), Name: "Nightly build", Kind: frame.KindThread, ParentChatID: frame.Some("android:chan_7")},
		}
	}
	return frame.Frame{Type: frame.TypeHelloAck, Payload: &frame.HelloAck{Channels: channels}}
}

func inLane(l frame.Lane, typ string, p any) frame.Frame {
	return frame.Frame{Type: typ, ChatID: frame.Some(l.ChatID), ThreadID: frame.OrNull(l.ThreadID), Payload: p}
}

func on(typ string, p any) frame.Frame { return inLane(lane0, typ, p) }

func msgFrame(id, role, text string, ts int64) frame.Frame {
	return on(frame.TypeMessage, &frame.Message{MessageID: id, Role: role, Text: text, TS: ts})
}

// online connects the harness: hello.ack then the online state.
func (h *harness) online() {
	h.t.Helper()
	h.frame(hello())
	h.send(inbound(&wsclient.StateEvent{State: wsclient.StateOnline}))
}

// answerSearchOverHistory makes the gateway hold 120 history messages and
// answer any search with one hit, "history message 10" (id h10), which is
// reached only by paging history.
func answerSearchOverHistory(h *harness) {
	history := historyAnswer(120)
	h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
		if f.Type == frame.TypeSearch {
			return frame.Frame{Type: frame.TypeSearchResults, Payload: &frame.SearchResults{Query: "message 10", Scope: "all",
				Hits: []frame.SearchHit{{MessageID: "h10", ChatID: chat, Role: "user", Snippet: "history message 10", TS: ms(1, 0)}}}}, nil
		}
		return history(f)
	}
}

// openLane focuses lane l of st and reads its stored items as the root
// does, the read made at once: for tests that look into a reopened store.
func openLane(st *store.State, l frame.Lane) *store.Lane {
	st.Focus(l)
	if rd := st.OpenPage(l); rd != nil {
		st.ApplyPage(rd.Read())
	}
	return st.Lane(l)
}

// sentTexts returns the texts of the message.send requests made so far.
func sentTexts(h *harness) []string {
	req, _ := h.gw.calls()
	var out []string
	for _, f := range req {
		if p, ok := f.Payload.(*frame.MessageSend); ok {
			out = append(out, p.Text)
		}
	}
	return out
}
