package statusbar

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

func TestStatusBar(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	cases := []struct {
		name string
		conn Conn
		info *common.InfoMsg
		want []string
	}{
		{"connecting", Conn{State: common.ConnConnecting}, nil, []string{"◌ connecting…", "?/f1 help"}},
		{"online", Conn{State: common.ConnOnline}, nil, []string{"● online"}},
		{"countdown", Conn{State: common.ConnReconnecting, Attempt: 3, RetryAt: now.Add(2100 * time.Millisecond)}, nil,
			[]string{"↻ reconnecting in 3s (attempt 3)"}},
		{"auth", Conn{State: common.ConnAuthFailed}, nil, []string{"✗ token rejected"}},
		{"mismatch", Conn{State: common.ConnProtocolMismatch}, nil, []string{"✗ protocol mismatch"}},
		{"sync retry", Conn{State: common.ConnOnline, SyncAttempt: 3, SyncRetryAt: now.Add(2100 * time.Millisecond)}, nil,
			[]string{"● online ↻ sync failed, retrying in 3s (attempt 3)"}},
		{"handshake", Conn{State: common.ConnHandshakeFailed, Err: "payload is a string\x1b[2J"}, nil,
			[]string{"✗ handshake failed — payload is a string␛[2J"}},
		{"info is sanitised", Conn{State: common.ConnOnline}, &common.InfoMsg{Text: "bad\x1b]0;x\x07", TTL: time.Second}, []string{"bad␛]0;x␇"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			com := common.NewForTest(now)
			m := New(com)
			m.SetSize(100, 1)
			m.SetConn(c.conn)
			if c.info != nil {
				m.Update(*c.info)
			}
			v := m.View()
			if strings.Contains(v, "\x07") || strings.Count(v, "\n") != 0 || ansi.StringWidth(v) != 100 {
				t.Fatalf("bar is not one safe row of 100 cells: %q", v)
			}
			for _, w := range c.want {
				if !strings.Contains(ansi.Strip(v), w) {
					t.Fatalf("bar %q lacks %q", ansi.Strip(v), w)
				}
			}
		})
	}
}

func TestStatusBarLaneAndTurn(t *testing.T) {
	com := common.NewForTest(time.Unix(0, 0))
	l := frame.Lane{ChatID: "c"}
	com.Store.(*store.State).Apply(frame.Frame{Type: frame.TypeChannelCreated, Payload: &frame.Channel{ChatID: "c", Name: "Ops", Kind: frame.KindChannel}}, false)
	com.Store.(*store.State).Apply(frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some("c"), Payload: &frame.Message{MessageID: "a",
		Role: frame.RoleAssistant, Text: "x", Runtime: &frame.Runtime{Model: "m1", ContextPct: frame.Ptr(42)}}}, false)
	m := New(com)
	m.SetSize(100, 1)
	m.SetLane(l)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "# Ops") || !strings.Contains(v, "m1 · ctx 42%") || strings.Contains(v, "unread") {
		t.Fatalf("bar %q", v)
	}
	m.SetLane(frame.Lane{ChatID: "other"})
	if v := ansi.Strip(m.View()); !strings.Contains(v, "1 unread") {
		t.Fatalf("unread elsewhere missing: %q", v)
	}
}
