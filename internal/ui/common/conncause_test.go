package common

import (
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"syscall"
	"testing"
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
		if got := ConnCause(c.err); got != c.want {
			t.Errorf("ConnCause(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }
