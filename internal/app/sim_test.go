package app

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// waitMatch polls out until re matches and returns the submatches.
func waitMatch(t *testing.T, out *simtest.Buffer, re *regexp.Regexp) []string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) { // polling
		if m := re.FindStringSubmatch(out.String()); m != nil {
			return m
		}
	}
	t.Fatalf("no %v in the output:\n%s", re, out.String())
	return nil
}

// The gateway-sim flags reach the simulator: TLS with a generated
// certificate whose PEM and fingerprint are printed, a script, the control
// socket, the upload limit, the cron interval and the picker timeout.
func TestGatewaySimFlags(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "faults.txt")
	if err := os.WriteFile(script, []byte("at 0s status degraded\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	opts, err := parseArgs([]string{"gateway-sim", "--listen", "127.0.0.1:0", "--token", "tok", "--tls",
		"--script", script, "--control", "127.0.0.1:0", "--max-upload", "10", "--cron-interval", "100ms",
		"--picker-timeout", "200ms", "--stream-interval", "0s", "--dialect", "spec"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut simtest.Buffer
	exited := make(chan int, 1)
	go func() { exited <- runGatewaySim(ctx, opts, &out, &errOut) }()
	var pemFile string
	t.Cleanup(func() {
		cancel()
		if code := <-exited; code != exitOK {
			t.Errorf("exit %d; stderr:\n%s", code, errOut.String())
		}
		if _, err := os.Stat(pemFile); !os.IsNotExist(err) {
			t.Errorf("the generated certificate %s is left behind: %v", pemFile, err)
		}
	})

	fp := waitMatch(t, &out, regexp.MustCompile(`fingerprint ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})\ncertificate written to (\S+)`))
	url := waitMatch(t, &out, regexp.MustCompile(`listening on (wss://\S+) \(dialect spec;`))[1]
	ctl := waitMatch(t, &out, regexp.MustCompile(`control socket on (\S+)`))[1]
	pemFile = fp[2]
	pemData, err := os.ReadFile(pemFile)
	if err != nil {
		t.Fatal(err)
	}
	roots := x509.NewCertPool()
	roots.AppendCertsFromPEM(pemData)
	d := websocket.Dialer{TLSClientConfig: &tls.Config{RootCAs: roots}}
	ws, _, err := d.Dial(url, nil)
	if err != nil {
		t.Fatalf("dial %s with the printed certificate: %v", url, err)
	}
	defer ws.Close()
	write := func(f frame.Frame) {
		t.Helper()
		data, _ := frame.Encode(f)
		if err := ws.WriteMessage(websocket.TextMessage, data); err != nil {
			t.Fatal(err)
		}
	}
	read := func(pred func(frame.Frame) bool) frame.Frame {
		t.Helper()
		ws.SetReadDeadline(time.Now().Add(10 * time.Second))
		for {
			_, data, err := ws.ReadMessage()
			if err != nil {
				t.Fatal(err)
			}
			if f, err := frame.Decode(data, frame.FromServer); err == nil && pred(f) {
				return f
			}
		}
	}
	write(frame.Frame{ID: 1, Type: frame.TypeHello, Payload: &frame.Hello{Token: "tok", DeviceID: "dev_cli", Caps: frame.Caps{MinProtocol: 1}}})
	ack := read(func(f frame.Frame) bool { return f.Type == frame.TypeHelloAck }).Payload.(*frame.HelloAck)
	if caps := ack.ServerCaps; caps.PickerAnswered != nil || caps.TurnInterrupted != nil {
		t.Errorf("--dialect spec announced extensions: %+v", caps)
	}
	st := read(func(f frame.Frame) bool { return f.Type == frame.TypeStatus })
	if s := st.Payload.(*frame.Status).State; s != frame.StateDegraded {
		t.Errorf("status after hello %q, want degraded (the script's step)", s)
	}
	read(func(f frame.Frame) bool {
		m, ok := f.Payload.(*frame.Message)
		return ok && m.Role == frame.RoleCron
	})
	write(frame.Frame{ID: 2, Type: frame.TypeMediaUploadStart, Payload: &frame.MediaUploadStart{MediaRef: "mu_1", Size: 11}})
	e := read(func(f frame.Frame) bool { return f.ID == 2 })
	if p, ok := e.Payload.(*frame.Error); !ok || p.Code != frame.CodeMediaTooLarge {
		t.Errorf("an 11-byte upload with --max-upload 10: %s %+v", e.Type, e.Payload)
	}
	write(frame.Frame{ID: 3, Type: frame.TypeMessageSend, ChatID: frame.Some("iris:default"), Payload: &frame.MessageSend{Text: "please clarify"}})
	read(func(f frame.Frame) bool { return f.Type == frame.TypePickerClarify })
	stop := read(func(f frame.Frame) bool { return f.Type == frame.TypeMessageStop })
	if !strings.Contains(stop.Payload.(*frame.MessageStop).FinalText, "No answer came") {
		t.Errorf("the unanswered picker did not time out: %q", stop.Payload.(*frame.MessageStop).FinalText)
	}

	nc, err := net.Dial("tcp", ctl)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := nc.Write([]byte("received message.send\n")); err != nil {
		t.Fatal(err)
	}
	if reply, err := bufio.NewReader(nc).ReadString('\n'); err != nil || reply != "ok 1\n" {
		t.Errorf("control reply %q %v", reply, err)
	}
}

func TestGatewaySimFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--max-upload", "0"},
		{"--protocol-version", "0"},
		{"--tls-cert", "a.pem"},
		{"--tls", "--tls-cert", "a.pem", "--tls-key", "k.pem"},
		{"--picker-timeout", "0s"},
		{"--cron-interval", "soon"},
		{"--dialect", "fancy"},
		{"--spec-only", "--dialect", "rich"},
	} {
		if _, err := parseArgs(append([]string{"gateway-sim"}, args...)); err == nil {
			t.Errorf("%q accepted", args)
		}
	}
	for args, want := range map[string]gatewaysim.Dialect{
		"": gatewaysim.DialectRich, "--dialect spec": gatewaysim.DialectSpec,
		"--spec-only": gatewaysim.DialectSpec, "--spec-only --dialect spec": gatewaysim.DialectSpec,
	} {
		if opts, err := parseArgs(append([]string{"gateway-sim"}, strings.Fields(args)...)); err != nil || opts.sim.dialect != want {
			t.Errorf("%q: dialect %q, %v; want %q", args, opts.sim.dialect, err, want)
		}
	}
	var out, errOut simtest.Buffer
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("at 1s drop\nexplode\n"), 0o600)
	opts, _ := parseArgs([]string{"gateway-sim", "--script", bad})
	if code := runGatewaySim(context.Background(), opts, &out, &errOut); code != exitUsage || !strings.Contains(errOut.String(), "line 2: unknown command") {
		t.Errorf("bad script: exit %d, stderr %q", code, errOut.String())
	}
}
