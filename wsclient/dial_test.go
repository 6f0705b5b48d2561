package wsclient_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

// stubResolver answers name lookups from a table, like a remapped
// /etc/hosts or a hostile DNS server would.
type stubResolver map[string][]string

func (r stubResolver) LookupIPAddr(_ context.Context, host string) ([]net.IPAddr, error) {
	ips, ok := r[host]
	if !ok {
		return nil, fmt.Errorf("stub resolver: no such host %s", host)
	}
	addrs := make([]net.IPAddr, len(ips))
	for i, s := range ips {
		addrs[i] = net.IPAddr{IP: net.ParseIP(s)}
	}
	return addrs, nil
}

// dialRecorder records every address the client dials. It connects only to
// loopback IP literals and refuses anything else without touching the
// network, so even a broken client sends nothing to 192.0.2.2.
type dialRecorder struct {
	mu    sync.Mutex
	addrs []string
}

func (d *dialRecorder) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	d.mu.Lock()
	d.addrs = append(d.addrs, addr)
	d.mu.Unlock()
	host, _, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("test dialer: %s is not a loopback address; no real network in tests", addr)
	}
	return (&net.Dialer{}).DialContext(ctx, network, addr)
}

func (d *dialRecorder) dialled() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string(nil), d.addrs...)
}

// renamed returns url with its host replaced by name (the port kept).
func renamed(t *testing.T, raw, name string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	u.Host = net.JoinHostPort(name, u.Port())
	return u.String()
}

func TestPlainWSRefusesALocalhostNameThatResolvesElsewhere(t *testing.T) {
	tests := []struct {
		name string
		ips  []string
		want string
	}{
		{"remapped", []string{"192.0.2.2"}, "foo.localhost resolves to 192.0.2.2, which is not loopback"},
		{"one of several", []string{"127.0.0.1", "192.0.2.2"}, "foo.localhost resolves to 192.0.2.2, which is not loopback"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &dialRecorder{}
			c := start(t, newClient(t, "ws://foo.localhost:8765/ws", func(cfg *wsclient.Config) {
				cfg.Resolver = stubResolver{"foo.localhost": tt.ips}
				cfg.Dial = rec.dial
			}))
			col := collect(t, c.Client)
			i := col.wait(t, 0, "reconnecting", isState(wsclient.StateReconnecting))
			err := col.all()[i].(*wsclient.StateEvent).Err
			if !errors.Is(err, wsclient.ErrInsecure) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want ErrInsecure saying %q", err, tt.want)
			}
			if !strings.Contains(err.Error(), "--insecure") {
				t.Fatalf("err = %v does not say how to opt in", err)
			}
			if got := rec.dialled(); len(got) != 0 {
				t.Fatalf("dialled %q before refusing", got)
			}
		})
	}
}

func TestPlainWSDialsTheCheckedLoopbackAddress(t *testing.T) {
	_, simURL := simtest.StartSim(t, gatewaysim.Config{})
	u, _ := url.Parse(simURL)
	rec := &dialRecorder{}
	c := start(t, newClient(t, renamed(t, simURL, "gw.localhost"), func(cfg *wsclient.Config) {
		cfg.Resolver = stubResolver{"gw.localhost": {"127.0.0.1"}}
		cfg.Dial = rec.dial
	}))
	col := collect(t, c.Client)
	col.wait(t, 0, "online", isState(wsclient.StateOnline))
	if got := rec.dialled(); len(got) == 0 || got[0] != "127.0.0.1:"+u.Port() {
		t.Fatalf("dialled %q, want the resolved address 127.0.0.1:%s", got, u.Port())
	}
}

func TestInsecureOptInSkipsTheLoopbackCheck(t *testing.T) {
	rec := &dialRecorder{}
	c := start(t, newClient(t, "ws://foo.localhost:8765/ws", func(cfg *wsclient.Config) {
		cfg.Insecure = true
		cfg.Resolver = stubResolver{"foo.localhost": {"192.0.2.2"}}
		cfg.Dial = rec.dial
	}))
	col := collect(t, c.Client)
	i := col.wait(t, 0, "reconnecting", isState(wsclient.StateReconnecting))
	if err := col.all()[i].(*wsclient.StateEvent).Err; errors.Is(err, wsclient.ErrInsecure) {
		t.Fatalf("refused despite --insecure: %v", err)
	}
	if got := rec.dialled(); len(got) == 0 || got[0] != "foo.localhost:8765" {
		t.Fatalf("dialled %q, want foo.localhost:8765", got)
	}
}

func TestDialRawKeepsThePlainWSRefusal(t *testing.T) {
	tests := []struct {
		name, url string
		resolver  stubResolver
	}{
		{"remote address", "ws://192.0.2.2:8765/ws", nil},
		{"localhost name that resolves elsewhere", "ws://foo.localhost:8765/ws", stubResolver{"foo.localhost": {"192.0.2.2"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &dialRecorder{}
			_, err := wsclient.DialRaw(context.Background(), wsclient.Config{
				URL: tt.url, Token: "t", DeviceID: "dev_x", Resolver: tt.resolver, Dial: rec.dial,
			})
			if !errors.Is(err, wsclient.ErrInsecure) || !strings.Contains(err.Error(), "--insecure") {
				t.Fatalf("err = %v, want ErrInsecure saying how to opt in", err)
			}
			if got := rec.dialled(); len(got) != 0 {
				t.Fatalf("dialled %q before refusing", got)
			}
		})
	}
}

func TestDialRawOpensASocketAndSaysNothing(t *testing.T) {
	sim, simURL := simtest.StartSim(t, gatewaysim.Config{})
	ws, err := wsclient.DialRaw(context.Background(), wsclient.Config{URL: simURL, Token: "t", DeviceID: "dev_x"})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if err := ws.WriteMessage(websocket.TextMessage, []byte(`{"v":1,"type":"hello","payload":{"token":"`+simtest.Token+`","device_id":"dev_raw"}}`)); err != nil {
		t.Fatal(err)
	}
	_, data, err := ws.ReadMessage()
	if err != nil || !strings.Contains(string(data), `"hello.ack"`) {
		t.Fatalf("first frame %s, %v; want hello.ack", data, err)
	}
	if got := sim.Received(); len(got) != 1 || got[0].Type != "hello" {
		t.Fatalf("the gateway received %d frames (%v), want only the caller's hello", len(got), got)
	}
}
