package sshserve

import (
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/hermes/iris/internal/sshserve/sshtest"
)

func TestUnauthorizedKeyIsRefused(t *testing.T) {
	_, line := sshtest.NewKey(t, "ok")
	stranger, _ := sshtest.NewKey(t, "stranger")
	ts := startServer(t, []string{line}, nil)
	if c, err := ts.dial(gossh.PublicKeys(stranger)); err == nil {
		c.Close()
		t.Fatal("an unknown key got in")
	}
	ts.waitLog(t, "key="+gossh.FingerprintSHA256(stranger.PublicKey()))
}

func TestPasswordAndKeyboardInteractiveAreRefused(t *testing.T) {
	_, line := sshtest.NewKey(t, "ok")
	ts := startServer(t, []string{line}, nil)
	asked := false
	_, err := ts.dial(gossh.Password("hunter2"), gossh.KeyboardInteractive(
		func(string, string, []string, []bool) ([]string, error) { asked = true; return nil, nil }))
	if err == nil {
		t.Fatal("a password got in")
	}
	if asked {
		t.Error("the server asked keyboard-interactive questions")
	}
	ts.waitLog(t, "ssh: connection failed")
	if strings.Contains(ts.logs.String(), "hunter2") {
		t.Errorf("the password reached the log:\n%s", ts.logs)
	}
}

func TestOnlyAnInteractivePtyIsServed(t *testing.T) {
	ts, c := serveOneKey(t, "ok", nil)

	sess, _ := c.NewSession()
	if out, err := sess.CombinedOutput("cat /etc/passwd"); err == nil {
		t.Errorf("exec ran: %q", out)
	}
	sess.Close()

	sess, _ = c.NewSession()
	if err := sess.RequestSubsystem("sftp"); err == nil {
		t.Error("the sftp subsystem was granted")
	}
	sess.Close()

	sess, _ = c.NewSession()
	if err := sess.Shell(); err == nil {
		t.Error("a shell without a pty was granted")
	}
	sess.Close()

	sess, _ = c.NewSession()
	if ok, err := sess.SendRequest("auth-agent-req@openssh.com", true, nil); ok || err != nil {
		t.Errorf("agent forwarding: granted %v, err %v", ok, err)
	}
	if ok, err := sess.SendRequest("x11-req", true, gossh.Marshal(struct {
		Single        bool
		Proto, Cookie string
		Screen        uint32
	}{false, "MIT-MAGIC-COOKIE-1", "00", 0})); ok || err != nil {
		t.Errorf("X11 forwarding: granted %v, err %v", ok, err)
	}
	sess.Close()

	ts.mu.Lock()
	defer ts.mu.Unlock()
	if len(ts.terms) != 0 {
		t.Errorf("the app was started %d times", len(ts.terms))
	}
}

func TestPortForwardingIsRefused(t *testing.T) {
	signer, line := sshtest.NewKey(t, "ok")
	ts := startServer(t, []string{line}, nil)
	target, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer target.Close()
	c := ts.login(t, signer)
	if conn, err := c.Dial("tcp", target.Addr().String()); err == nil {
		conn.Close()
		t.Error("local port forwarding (direct-tcpip) was allowed")
	}
	if ln, err := c.Listen("tcp", "127.0.0.1:0"); err == nil {
		ln.Close()
		t.Error("remote port forwarding (tcpip-forward) was allowed")
	}
	for _, want := range []string{"channel=direct-tcpip", "request=tcpip-forward"} {
		if !strings.Contains(ts.logs.String(), want) {
			t.Errorf("the log lacks %s:\n%s", want, ts.logs.String())
		}
	}
}

func TestBareConnectsNeverLockOutAKey(t *testing.T) {
	signer, line := sshtest.NewKey(t, "ok")
	ts := startServer(t, []string{line}, func(c *Config) { c.MaxFailures = 3 })
	for range 10 {
		conn, err := net.Dial("tcp", ts.addr)
		if err != nil {
			t.Fatal(err)
		}
		conn.Close()
	}
	// The fourth is past the limit: the old server refused the address.
	ts.waitLog(t, "ssh: connection failed; too many failures")
	ts.login(t, signer)
	if n := strings.Count(ts.logs.String(), "ssh: connection failed"); n != 4 {
		t.Errorf("%d bare connects logged, want 4 (3, then one saying the rest are not):\n%s", n, ts.logs)
	}
}

func TestFailedAuthenticationsNeverLockOutAKeyThatAuthenticates(t *testing.T) {
	signer, line := sshtest.NewKey(t, "ok")
	stranger, _ := sshtest.NewKey(t, "stranger")
	other, _ := sshtest.NewKey(t, "other")
	var now atomic.Int64
	now.Store(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC).UnixNano())
	ts := startServer(t, []string{line}, func(c *Config) {
		c.MaxFailures, c.FailureWindow = 3, time.Minute
		c.Now = func() time.Time { return time.Unix(0, now.Load()) }
	})
	attempt := func(auth gossh.AuthMethod) {
		t.Helper()
		if c, err := ts.dial(auth); err == nil {
			c.Close()
			t.Fatal("a stranger got in")
		}
	}
	// Each attempt is counted (and logged) before the client hears "no".
	for range 5 {
		attempt(gossh.PublicKeys(stranger))
	}
	attempt(gossh.Password("hunter2"))
	strangerFP := "key=" + gossh.FingerprintSHA256(stranger.PublicKey())
	if n := strings.Count(ts.logs.String(), strangerFP); n != 4 {
		t.Errorf("the stranger's key is logged %d times, want 4 (the last saying the limit is passed):\n%s", n, ts.logs)
	}
	ts.waitLog(t, "ssh: authentication refused; too many failures")

	// The address is past the limit, but a key that authenticates gets in.
	ts.login(t, signer)

	// Another key from that address is refused without a log line, until
	// the address's failures age out.
	otherFP := "key=" + gossh.FingerprintSHA256(other.PublicKey())
	attempt(gossh.PublicKeys(other))
	if strings.Contains(ts.logs.String(), otherFP) {
		t.Errorf("a failure past the address's limit was logged:\n%s", ts.logs)
	}
	now.Add(int64(time.Minute + time.Second))
	attempt(gossh.PublicKeys(other))
	if !strings.Contains(ts.logs.String(), otherFP) {
		t.Errorf("a failure after the others aged out was not logged:\n%s", ts.logs)
	}
}

func TestRevokedKeyIsRefusedWithoutRestart(t *testing.T) {
	signer, line := sshtest.NewKey(t, "ok")
	_, other := sshtest.NewKey(t, "other")
	ts := startServer(t, []string{line, other}, nil)
	sshtest.WriteKeys(t, ts.keysFile, other)
	if c, err := ts.dial(gossh.PublicKeys(signer)); err == nil {
		c.Close()
		t.Fatal("a key removed from the file still got in")
	}
}
