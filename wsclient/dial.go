package wsclient

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"

	"github.com/gorilla/websocket"
)

// Resolver looks up a host's IP addresses; *net.Resolver implements it.
type Resolver interface {
	LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error)
}

// DialFunc opens a network connection to addr ("host:port").
type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

// newDialer builds the WebSocket dialer for u. Plain ws:// without the
// Insecure opt-in dials through loopbackOnly and never through a proxy (a
// proxy would see the token in clear, and would resolve the name itself):
// the address actually dialled, not the host's name, decides whether the
// token may travel unencrypted.
func newDialer(cfg *Config, u *url.URL, tc *tls.Config) *websocket.Dialer {
	dial := cfg.Dial
	if dial == nil {
		dial = (&net.Dialer{}).DialContext
	}
	d := &websocket.Dialer{
		Proxy:            http.ProxyFromEnvironment,
		NetDialContext:   dial,
		HandshakeTimeout: cfg.Timing.HelloTimeout,
		TLSClientConfig:  tc,
		// A streamed answer's update carries the whole text so far (tens
		// of KiB): read it in one system call, not one per 4 KiB.
		ReadBufferSize: 64 << 10,
	}
	if u.Scheme == "ws" && !cfg.Insecure {
		resolver := cfg.Resolver
		if resolver == nil {
			resolver = net.DefaultResolver
		}
		d.Proxy = nil
		d.NetDialContext = loopbackOnly(resolver, dial)
	}
	return d
}

// loopbackOnly returns a dial function that resolves the host with r,
// refuses before any connection is attempted when one of its addresses is
// not loopback (the error wraps ErrInsecure and names the address), and
// then dials the checked addresses themselves, never the name again, so
// what is dialled is what was checked. "localhost" and "*.localhost" get no
// trust from their name: /etc/hosts or DNS may map them anywhere.
func loopbackOnly(r Resolver, dial DialFunc) DialFunc {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		ips, err := resolveHost(ctx, r, host)
		if err != nil {
			return nil, err
		}
		for _, ip := range ips {
			if !ip.IsLoopback() {
				return nil, fmt.Errorf("%w: %s resolves to %s, which is not loopback: use wss://, or opt in with --insecure (or insecure = true in the config file)",
					ErrInsecure, host, ip)
			}
		}
		var errs []error
		for _, ip := range ips {
			conn, err := dial(ctx, network, net.JoinHostPort(ip.String(), port))
			if err == nil {
				return conn, nil
			}
			errs = append(errs, err)
		}
		return nil, errors.Join(errs...)
	}
}

// resolveHost returns host's addresses: the address itself for an IP
// literal, else r's answer.
func resolveHost(ctx context.Context, r Resolver, host string) ([]net.IP, error) {
	if ip := net.ParseIP(host); ip != nil {
		return []net.IP{ip}, nil
	}
	addrs, err := r.LookupIPAddr(ctx, host)
	if err != nil {
		return nil, err
	}
	if len(addrs) == 0 {
		return nil, fmt.Errorf("%s has no address", host)
	}
	ips := make([]net.IP, len(addrs))
	for i, a := range addrs {
		ips[i] = a.IP
	}
	return ips, nil
}

// DialRaw opens a bare WebSocket to cfg.URL through the same checks and
// transport as a Client (the plain ws:// refusal for a host that is not
// loopback unless cfg.Insecure, the CA file, cfg.Dial and cfg.Resolver, the
// hello timeout for the opening handshake) and sends nothing on it: the
// caller speaks the protocol itself. The gateway conformance kit drives a
// gateway through it.
func DialRaw(ctx context.Context, cfg Config) (*websocket.Conn, error) {
	u, tc, err := cfg.validate()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.Timing.HelloTimeout)
	defer cancel()
	return dialWS(ctx, newDialer(&cfg, u, tc), u)
}

// dialWS opens the WebSocket to u with d; the error names the URL without
// its credentials.
func dialWS(ctx context.Context, d *websocket.Dialer, u *url.URL) (*websocket.Conn, error) {
	ws, resp, err := d.DialContext(ctx, u.String(), nil)
	if resp != nil && resp.Body != nil {
		resp.Body.Close()
	}
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", u.Redacted(), err)
	}
	return ws, nil
}
