package wsclient_test

import (
	"context"
	"encoding/pem"
	"errors"
	"io"
	"log"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/internal/wstest"
	"github.com/hermes/iris/wsclient"
)

func TestHandshakeSyncAndRequest(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		sim, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		var mu sync.Mutex
		var taps []string
		c := start(t, newClient(t, url, func(cfg *wsclient.Config) {
			cfg.OnFrame = func(out bool, data []byte) {
				mu.Lock()
				defer mu.Unlock()
				if out {
					taps = append(taps, string(data))
				}
			}
		}))
		col := collect(t, c.Client)
		col.wait(t, 0, "connecting", isState(wsclient.StateConnecting))
		h := col.wait(t, 0, "hello", func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.HelloEvent); return ok })
		on := col.wait(t, h, "online", isState(wsclient.StateOnline))
		col.wait(t, on, "cursor after sync", func(ev wsclient.Event) bool { _, ok := ev.(*wsclient.CursorEvent); return ok })
		ack := col.all()[h].(*wsclient.HelloEvent).Ack
		if len(ack.Channels) == 0 || ack.Channels[0].ChatID != defaultChat {
			t.Fatalf("hello.ack channels %+v", ack.Channels)
		}

		hello := sim.Received()[0]
		p, ok := hello.Payload.(*frame.Hello)
		if hello.Type != frame.TypeHello || !ok || p.Token != testToken || p.DeviceID != "dev_test" ||
			p.Caps.MinProtocol != 1 || p.Caps.Push != "none" || p.FCMToken != "" {
			t.Fatalf("hello frame %+v %+v", hello, p)
		}
		if sync := sim.Received()[1]; sync.Type != frame.TypeSync || sync.ID <= 0 {
			t.Fatalf("second frame %+v, want sync with an id", sync)
		}

		resp, err := c.Request(context.Background(), frame.Frame{Type: frame.TypeCommandsCatalog})
		if err != nil || resp.Type != frame.TypeCommandsCatalog || len(resp.Payload.(*frame.CommandsCatalog).Commands) == 0 {
			t.Fatalf("commands.catalog: %v %+v", err, resp)
		}
		for _, ev := range col.all() {
			if isFrame(frame.TypeCommandsCatalog)(ev) {
				t.Fatal("a response-only frame was also queued as an event")
			}
		}
		mu.Lock()
		defer mu.Unlock()
		if len(taps) < 3 || !strings.Contains(taps[0], `"hello"`) {
			t.Fatalf("OnFrame saw %d outgoing frames", len(taps))
		}
	})
}

func TestAuthFailureIsFinal(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	c := newClient(t, url, func(cfg *wsclient.Config) { cfg.Token = "wrong" })
	col := collect(t, c)
	err := c.Run(context.Background())
	var ae *wsclient.AuthError
	if !errors.As(err, &ae) || !strings.Contains(err.Error(), "token") {
		t.Fatalf("Run = %v, want *AuthError", err)
	}
	col.wait(t, 0, "auth failed", isState(wsclient.StateAuthFailed))
	if n := len(sim.Received()); n != 1 {
		t.Fatalf("the gateway saw %d frames; an auth failure must not reconnect", n)
	}
	for _, ev := range col.all() {
		if isState(wsclient.StateReconnecting)(ev) {
			t.Fatal("reconnecting after an auth failure")
		}
	}
}

func TestProtocolMismatchInHelloAckIsFinal(t *testing.T) {
	url := wstest.Serve(t, func(ws *websocket.Conn) {
		if _, _, err := ws.ReadMessage(); err == nil {
			ws.WriteMessage(websocket.TextMessage, []byte(`{"v":2,"type":"hello.ack","payload":{"sync_cursor":1}}`))
			ws.ReadMessage()
		}
	})
	c := newClient(t, url, nil)
	col := collect(t, c)
	err := c.Run(context.Background())
	if !errors.Is(err, frame.ErrVersion) || err.Error() != "gateway speaks protocol v2, this client speaks v1" {
		t.Fatalf("Run = %v, want the version error", err)
	}
	i := col.wait(t, 0, "protocol mismatch", isState(wsclient.StateProtocolMismatch))
	if !errors.Is(col.all()[i].(*wsclient.StateEvent).Err, frame.ErrVersion) {
		t.Fatal("the state event does not carry the version error")
	}
}

func TestNewChecksURLAndTransportSecurity(t *testing.T) {
	base := wsclient.Config{Token: "t", DeviceID: "d"}
	for _, tc := range []struct {
		url      string
		insecure bool
		wantErr  string
	}{
		{"ws://127.0.0.1:1/x", false, ""},
		{"ws://[::1]:8765", false, ""},
		{"ws://localhost:8765", false, ""},
		{"wss://gateway.example:443/ws", false, ""},
		{"ws://gateway.example/ws", true, ""},
		{"ws://gateway.example/ws", false, "--insecure"},
		{"ws://10.0.0.5:8765", false, "insecure = true"},
		{"http://gateway.example", false, "ws:// or wss://"},
		{"ws:///nohost", false, "no host"},
	} {
		cfg := base
		cfg.URL, cfg.Insecure = tc.url, tc.insecure
		_, err := wsclient.New(cfg)
		if tc.wantErr == "" && err != nil {
			t.Errorf("%s: %v", tc.url, err)
		}
		if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("%s: error %v, want one mentioning %q", tc.url, err, tc.wantErr)
		}
		if strings.Contains(tc.wantErr, "insecure") && !errors.Is(err, wsclient.ErrInsecure) {
			t.Errorf("%s: error does not wrap ErrInsecure", tc.url)
		}
	}
	bad := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(bad, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := base
	cfg.URL, cfg.CAFile = "wss://gateway.example", bad
	if _, err := wsclient.New(cfg); err == nil || !strings.Contains(err.Error(), "PEM") {
		t.Fatalf("bad CA file: %v", err)
	}
	cfg.Token = ""
	if _, err := wsclient.New(cfg); err == nil {
		t.Fatal("a config without token was accepted")
	}
}

// A ca_file that is a FIFO with no writer, or a device, fails at once
// instead of hanging start-up or filling memory.
func TestCAFileThatIsNotARegularFileFailsAtOnce(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "ca.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, "/dev/zero"} {
		cfg := wsclient.Config{URL: "wss://gateway.example", Token: "t", DeviceID: "dev_ca", CAFile: path}
		done := make(chan error, 1)
		go func() { _, err := wsclient.New(cfg); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "not a regular file") {
				t.Errorf("CA file %s: error %v, want 'not a regular file'", path, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("CA file %s: New still blocked after 10 s", path)
		}
	}
}

func TestOfflineCallsFailFast(t *testing.T) {
	c := newClient(t, "ws://127.0.0.1:1/", nil)
	if _, err := c.Request(context.Background(), frame.Frame{Type: frame.TypeCommandsCatalog}); !errors.Is(err, wsclient.ErrOffline) {
		t.Fatalf("Request offline = %v", err)
	}
	if err := c.Send(frame.Frame{Type: frame.TypeReadReceipt}); !errors.Is(err, wsclient.ErrOffline) {
		t.Fatalf("Send offline = %v", err)
	}
	if err := c.Pull(context.Background(), frame.Media{MediaID: "md_1"}, nil, nil); !errors.Is(err, wsclient.ErrOffline) {
		t.Fatalf("Pull offline = %v", err)
	}
}

func TestWSSWithExtraCAFile(t *testing.T) {
	sim := gatewaysim.New(gatewaysim.Config{Token: testToken})
	t.Cleanup(func() { sim.Close() })
	srv := httptest.NewUnstartedServer(sim.Handler())
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the expected handshake failure
	srv.StartTLS()
	t.Cleanup(srv.Close)
	url := "wss" + strings.TrimPrefix(srv.URL, "https") + "/"

	untrusted := start(t, newClient(t, url, nil))
	col := collect(t, untrusted.Client)
	i := col.wait(t, 0, "a TLS failure", isState(wsclient.StateReconnecting))
	if err := col.all()[i].(*wsclient.StateEvent).Err; err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("untrusted certificate: %v", err)
	}
	untrusted.stop(t)

	ca := filepath.Join(t.TempDir(), "ca.pem")
	block := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	if err := os.WriteFile(ca, block, 0o600); err != nil {
		t.Fatal(err)
	}
	c := start(t, newClient(t, url, func(cfg *wsclient.Config) { cfg.CAFile = ca }))
	collect(t, c.Client).wait(t, 0, "online over wss", isState(wsclient.StateOnline))
}

func TestHelloTimeoutRetries(t *testing.T) {
	accepted := make(chan struct{}, 8)
	url := wstest.Serve(t, func(ws *websocket.Conn) {
		accepted <- struct{}{}
		for {
			if _, _, err := ws.ReadMessage(); err != nil { // never answers hello
				return
			}
		}
	})
	c := start(t, newClient(t, url, func(cfg *wsclient.Config) {
		cfg.Timing.HelloTimeout = 100 * time.Millisecond
	}))
	col := collect(t, c.Client)
	i := col.wait(t, 0, "reconnecting", isState(wsclient.StateReconnecting))
	if err := col.all()[i].(*wsclient.StateEvent).Err; err == nil || !strings.Contains(err.Error(), "hello.ack") {
		t.Fatalf("hello timeout reported as %v", err)
	}
	col.wait(t, i+1, "a second attempt", isState(wsclient.StateConnecting))
	<-accepted
	<-accepted
}
