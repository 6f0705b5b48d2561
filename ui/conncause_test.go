package ui

import (
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"syscall"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/hermes/iris/wsclient"
)

func TestConnCause(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	cases := []struct {
		err  error
		want string
	}{
		{nil, ""},
		{fmt.Errorf("dial ws://127.0.0.1:1: %w", refused), "connection refused"},
		{&net.DNSError{Err: "no such host", Name: "gw.example", IsNotFound: true}, "DNS: no such host gw.example"},
		{fmt.Errorf("tls: %w", x509.UnknownAuthorityError{}), "TLS: certificate signed by an unknown authority"},
		{&net.OpError{Op: "dial", Err: timeoutErr{}}, "timed out"},
		{errors.New("odd \x1b]0;x\x07 failure"), "odd ␛]0;x␇ failure"},
	}
	for _, c := range cases {
		if got := connCause(c.err); got != c.want {
			t.Errorf("connCause(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

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
