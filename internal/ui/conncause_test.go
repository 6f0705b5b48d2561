package ui

import (
	"errors"
	"fmt"
	"net"
	"os"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/dialog"
	"github.com/hermes/iris/wsclient"
)

// TestReconnectingSaysWhy: the status bar names the cause of the last
// failure, and the detail key shows the whole error.
func TestReconnectingSaysWhy(t *testing.T) {
	h := newHarness(t, 200, 30)
	err := fmt.Errorf("dial tcp 127.0.0.1:1: %w", &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)})
	h.send(inbound(&wsclient.StateEvent{State: wsclient.StateReconnecting, Attempt: 7, RetryAt: fixedNow.Add(16 * time.Second), Err: err}))
	h.mustShow("↻ reconnecting in 16s (attempt 7) · connection refused")
	h.send(tea.KeyPressMsg{Code: 'w', Mod: tea.ModAlt})
	h.mustShow("dial tcp 127.0.0.1:1: dial tcp: connect: connection refused")
}

// TestConnDetailShowsTheWholeErrorWrapped: an error longer than the status
// bar is shown whole, wrapped in a notice, and Esc closes it.
func TestConnDetailShowsTheWholeErrorWrapped(t *testing.T) {
	h := newHarness(t, 80, 30)
	long := "websocket: bad handshake: the gateway answered 502 Bad Gateway from the reverse proxy in front of it, " +
		"which could not reach the upstream service at 10.0.0.7:8765 (connection refused); retry later END-OF-ERROR"
	h.send(inbound(&wsclient.StateEvent{State: wsclient.StateReconnecting, Attempt: 2, RetryAt: fixedNow.Add(4 * time.Second), Err: errors.New(long)}))
	h.send(tea.KeyPressMsg{Code: 'w', Mod: tea.ModAlt})
	h.mustShow("Last connection error", "websocket: bad handshake", "10.0.0.7:8765", "END-OF-ERROR")
	if h.m.DialogOpen() != dialog.NoticeID {
		t.Fatalf("dialog %q open", h.m.DialogOpen())
	}
	h.send(tea.KeyPressMsg{Code: tea.KeyEscape})
	if h.m.DialogOpen() != "" {
		t.Fatalf("Esc left %q open", h.m.DialogOpen())
	}
}
