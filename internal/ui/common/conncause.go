package common

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"syscall"

	"github.com/charmbracelet/x/ansi"
	"github.com/gorilla/websocket"

	"github.com/hermes/iris/internal/termsafe"
)

// ConnCause says in a few words why connecting failed (connection refused,
// DNS, TLS, timeout), for the status bar next to "reconnecting" (the full
// error is one key away, Global.ConnDetail) and the setup form's test.
func ConnCause(err error) string {
	if err == nil {
		return ""
	}
	var dns *net.DNSError
	var unknownCA x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	var netErr net.Error
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return "host unreachable"
	case errors.As(err, &dns):
		if dns.IsNotFound {
			return "DNS: no such host " + termsafe.Line(dns.Name)
		}
		return "DNS lookup failed"
	case errors.As(err, &unknownCA):
		return "TLS: certificate signed by an unknown authority"
	case errors.As(err, &hostname):
		return "TLS: certificate is for another host"
	case errors.As(err, &invalid):
		return "TLS: certificate invalid or expired"
	case errors.As(err, &record):
		return "TLS: the server does not speak TLS"
	case errors.Is(err, websocket.ErrBadHandshake):
		return "not a WebSocket endpoint (bad handshake)"
	case errors.As(err, &netErr) && netErr.Timeout():
		return "timed out"
	}
	return ansi.Truncate(termsafe.Line(err.Error()), 48, "…")
}
