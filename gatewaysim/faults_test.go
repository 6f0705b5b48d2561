package gatewaysim

import (
	"bufio"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
)

// exec runs a fault command and fails the test on error.
func exec(t *testing.T, s *Server, line string) string {
	t.Helper()
	out, err := s.Exec(line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	return out
}

// expectDropped checks the connection ends without a close frame.
func (c *client) expectDropped() {
	c.t.Helper()
	c.ws.SetReadDeadline(time.Now().Add(waitTimeout))
	for {
		_, _, err := c.ws.ReadMessage()
		if err == nil {
			continue
		}
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			c.t.Fatal("connection not dropped")
		}
		if websocket.IsCloseError(err, websocket.CloseNormalClosure, websocket.CloseGoingAway, websocket.ClosePolicyViolation) {
			c.t.Fatalf("closed with a close frame (%v), want an abrupt drop", err)
		}
		return
	}
}

// countUntilDropped reads until the connection ends and counts the frames
// for which pred holds.
func (c *client) countUntilDropped(pred func(frame.Frame) bool) int {
	c.t.Helper()
	n := 0
	c.ws.SetReadDeadline(time.Now().Add(waitTimeout))
	for {
		_, data, err := c.ws.ReadMessage()
		if err != nil {
			var ne net.Error
			must(c.t, !errors.As(err, &ne) || !ne.Timeout(), "the connection was not dropped")
			return n
		}
		if f, err := frame.Decode(data, frame.FromServer); err == nil && pred(f) {
			n++
		}
	}
}

func TestInjectedFrameAndDegradedStatus(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	exec(t, s, `frame {"v":1,"type":"future.thing","payload":{"x":1}}`)
	c.ws.SetReadDeadline(time.Now().Add(waitTimeout))
	_, data, err := c.ws.ReadMessage()
	must(t, err == nil && string(data) == `{"v":1,"type":"future.thing","payload":{"x":1}}`, "injected frame %s %v", data, err)

	exec(t, s, "status degraded")
	must(t, c.expect(frame.TypeStatus).Payload.(*frame.Status).State == frame.StateDegraded, "status broadcast")
	late := dial(t, url)
	late.hello(testToken, "dev_b")
	late.expect(frame.TypeHelloAck)
	must(t, late.expect(frame.TypeStatus).Payload.(*frame.Status).State == frame.StateDegraded, "a late joiner is told degraded")
	exec(t, s, "status online")
	must(t, c.expect(frame.TypeStatus).Payload.(*frame.Status).State == frame.StateOnline, "back online")
}

func TestInjectedErrorAnswersTheNextRequestOfItsType(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	exec(t, s, "error sync internal outbox unavailable")
	id := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{TS: 1})
	must(t, c.response(id).Type == frame.TypePong, "a ping is not failed")
	id = c.request(frame.TypeSync, frame.Lane{}, &frame.Sync{})
	e := c.expectError(id, frame.CodeInternal)
	must(t, e.Message == "outbox unavailable", "message %q", e.Message)
	id = c.request(frame.TypeSync, frame.Lane{}, &frame.Sync{})
	must(t, c.response(id).Type == frame.TypeSyncDone, "only the next sync fails")

	exec(t, s, "error hello auth revoked")
	d := dial(t, url)
	d.hello(testToken, "dev_b")
	must(t, d.expect(frame.TypeError).Payload.(*frame.Error).Code == frame.CodeAuth, "hello failed")
}

func TestSilenceAnswersNothingUntilLifted(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	exec(t, s, "silence on")
	first := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{TS: 1})
	_, err := s.WaitReceived(ctxTimeout(t), func(f frame.Frame) bool { return f.ID == first && f.Type == frame.TypePing })
	must(t, err == nil, "the silent gateway still reads: %v", err)
	exec(t, s, "silence off")
	second := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{TS: 2})
	f := c.read()
	must(t, f.ID == second, "first frame after the silence answers %d, want only the second ping %d", f.ID, second)
}

func TestDropClosesWithoutCloseFrame(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	exec(t, s, "drop")
	c.expectDropped()

	c, _ = connect(t, url, "dev_a")
	exec(t, s, "on recv ping drop 1m")
	must(t, s.Armed() == 1, "armed %d", s.Armed())
	c.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
	c.expectDropped()
	must(t, s.Armed() == 0, "armed %d after the trigger", s.Armed())
	_, resp, err := websocket.DefaultDialer.Dial(url, nil)
	must(t, err != nil && resp != nil && resp.StatusCode == http.StatusServiceUnavailable, "dial during the outage: %v", err)
}

func TestRestartLosesStateAndRefusesDuringDowntime(t *testing.T) {
	s, url := newTestServer(t, func(c *Config) { c.Seed = true })
	c, ack := connect(t, url, "dev_a")
	must(t, len(ack.Channels) > 1, "seeded channels %v", ack.Channels)
	before := c.turn(defaultLane, "remember me")[0].Payload.(*frame.Message).MessageID
	c.leave(s, "dev_a")
	s.PostCron("", "parked while away") // parks frames for dev_a

	exec(t, s, "restart 1s")
	_, resp, err := websocket.DefaultDialer.Dial(url, nil)
	must(t, err != nil && resp != nil && resp.StatusCode == http.StatusServiceUnavailable, "dial during the downtime: %v %+v", err, resp)

	var again *client
	for deadline := time.Now().Add(waitTimeout); again == nil; {
		ws, _, err := websocket.DefaultDialer.Dial(url, nil)
		if err == nil {
			again = &client{t: t, ws: ws}
			t.Cleanup(func() { ws.Close() })
			break
		}
		must(t, time.Now().Before(deadline), "still refused after the downtime: %v", err)
		time.Sleep(20 * time.Millisecond) // polling interval, not synchronisation
	}
	again.hello(testToken, "dev_a")
	ack = again.expect(frame.TypeHelloAck).Payload.(*frame.HelloAck)
	must(t, ack.SyncCursor == 0 && len(ack.Channels) == 1 && ack.Channels[0].ChatID == DefaultChatID, "after the restart: %+v", ack)
	id := again.request(frame.TypeSync, frame.Lane{}, &frame.Sync{Cursor: 40})
	done := again.response(id)
	must(t, done.Type == frame.TypeSyncDone && done.Payload.(*frame.SyncDone).Cursor == 0, "nothing parked survives, the head is not raised: %+v", done)
	h := again.history(defaultLane, "", 0).Payload.(*frame.History)
	must(t, len(h.Messages) == 0, "history survived: %+v", h.Messages)
	after := again.turn(defaultLane, "new life")[0].Payload.(*frame.Message).MessageID
	must(t, after != before, "message id %s reused", after)
}

// leave closes the client's socket and waits until the gateway has
// noticed, so that what it sends next is parked.
func (c *client) leave(s *Server, device string) {
	c.t.Helper()
	c.ws.Close()
	for deadline := time.Now().Add(waitTimeout); ; time.Sleep(5 * time.Millisecond) { // polling
		s.mu.Lock()
		d := s.deviceByID(device)
		offline := d == nil || d.conn == nil
		s.mu.Unlock()
		if offline {
			return
		}
		must(c.t, time.Now().Before(deadline), "%s still online", device)
	}
}

func TestCursorResetDropsAndRestartsCursors(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	c.leave(s, "dev_a")
	s.PostCron("", "one") // four parked frames
	c, _ = connect(t, url, "dev_a")
	id := c.request(frame.TypeSync, frame.Lane{}, &frame.Sync{})
	head := c.response(id).Payload.(*frame.SyncDone).Cursor
	must(t, head == 4, "head %d", head)

	exec(t, s, "cursor-reset")
	c.expectDropped()
	c, ack := connect(t, url, "dev_a")
	must(t, ack.SyncCursor == 0, "sync_cursor %d after the reset", ack.SyncCursor)
	c.leave(s, "dev_a")
	s.PostCron("", "two")
	c, _ = connect(t, url, "dev_a")
	id = c.request(frame.TypeSync, frame.Lane{}, &frame.Sync{Cursor: head})
	fs := c.until(func(f frame.Frame) bool { return f.ID == id })
	must(t, len(fs) == 1 && fs[0].Payload.(*frame.SyncDone).Cursor == 4, "a sync from the old cursor: %v", types(fs))
	id = c.request(frame.TypeSync, frame.Lane{}, &frame.Sync{Cursor: 0})
	fs = c.until(func(f frame.Frame) bool { return f.ID == id })
	must(t, len(fs) == 5 && fs[1].Cursor == 2 && fs[1].Payload.(*frame.Message).Text == "two", "a sync from 0: %v", types(fs))
}

// sendThroughTrigger arms trigger, sends a message that trips it, connects
// again and returns the frames read up to the answer of a sync from 0.
func sendThroughTrigger(t *testing.T, trigger, clientMsgID string) (*Server, *client, []frame.Frame) {
	t.Helper()
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	exec(t, s, trigger)
	c.request(frame.TypeMessageSend, defaultLane, &frame.MessageSend{Text: "through " + trigger, ClientMsgID: clientMsgID})
	c.expectDropped()
	c, _ = connect(t, url, "dev_a")
	id := c.request(frame.TypeSync, frame.Lane{}, &frame.Sync{})
	return s, c, c.until(func(f frame.Frame) bool { return f.ID == id })
}

func TestTriggerDropOnReceivedSendParksTheEcho(t *testing.T) {
	s, _, fs := sendThroughTrigger(t, "on recv message.send drop", "cm_9")
	// The agent's frames may go out live to the new connection before the
	// replay; the echo itself is only in the replay.
	echoes := 0
	for _, f := range fs {
		if m, ok := f.Payload.(*frame.Message); ok && m.ClientMsgID == "cm_9" {
			must(t, f.Cursor > 0, "the echo came live: %+v", f)
			echoes++
		}
	}
	must(t, echoes == 1, "%d echoes in %v", echoes, types(fs))
	must(t, s.countReceived(frame.TypeMessageSend) == 1, "received %d sends", s.countReceived(frame.TypeMessageSend))
}

func TestTriggerCutLosesTheFrameItself(t *testing.T) {
	s, c, fs := sendThroughTrigger(t, "on recv message.send cut", "cm_7")
	must(t, len(fs) == 1, "replayed %v after a cut", types(fs))
	h := c.history(defaultLane, "", 0).Payload.(*frame.History)
	must(t, len(h.Messages) == 0 && s.countReceived(frame.TypeMessageSend) == 0, "the cut message was served: %+v", h.Messages)
}

func TestTriggerDropMidReplayAndMidStream(t *testing.T) {
	s, url := newTestServer(t, func(c *Config) { c.StreamInterval = time.Millisecond })
	c, _ := connect(t, url, "dev_a")
	c.leave(s, "dev_a")
	for range 3 {
		s.PostCron("", "parked")
	}
	exec(t, s, "on send replay 5 drop")
	c, _ = connect(t, url, "dev_a")
	c.request(frame.TypeSync, frame.Lane{}, &frame.Sync{})
	replayed := c.countUntilDropped(func(f frame.Frame) bool { return f.Cursor > 0 })
	must(t, replayed == 5, "%d replayed frames reached the client before the drop, want 5", replayed)

	c, _ = connect(t, url, "dev_a")
	exec(t, s, "on send message.update 2 drop")
	c.send(defaultLane, "stream then die")
	updates := c.countUntilDropped(isType(frame.TypeMessageUpdate))
	must(t, updates == 2, "%d updates before the drop, want 2", updates)
}

func TestTriggerDropMidUpload(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	exec(t, s, "on recv binary 2 drop")
	c.request(frame.TypeMediaUploadStart, frame.Lane{}, &frame.MediaUploadStart{MediaRef: "mu_1", Mime: "text/plain", Size: 30})
	for i := range 3 {
		if err := c.ws.WriteMessage(websocket.BinaryMessage, []byte("0123456789")); err != nil {
			must(t, i == 2, "write %d failed: %v", i, err)
		}
	}
	c.expectDropped()
}

func TestTriggerValidation(t *testing.T) {
	s, _ := newTestServer(t, nil)
	exec(t, s, "on recv ping drop")
	exec(t, s, "error sync internal x")
	must(t, exec(t, s, "clear") == "2" && s.Armed() == 0, "clear left %d armed", s.Armed())
	for _, bad := range []string{"on", "on recv", "on sideways ping drop", "on recv ping 0 drop", "on recv ping on recv ping drop", "on recv ping explode"} {
		_, err := s.Exec(bad)
		must(t, err != nil, "%q accepted", bad)
	}
}

func TestScriptPlaysTimedSteps(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	sc, err := ParseScript(strings.NewReader(`# degrade, then a future frame
at 0s status degraded
+10ms frame {"type":"x.later","payload":{"text":"a # is kept here"}}
error ping not_found gone # the next ping fails
`))
	must(t, err == nil, "parse: %v", err)
	sc.Run(ctxTimeout(t), s)
	must(t, c.expect(frame.TypeStatus).Payload.(*frame.Status).State == frame.StateDegraded, "degraded")
	later := c.read()
	must(t, later.Type == "x.later" && strings.Contains(string(later.Payload.(*frame.Unknown).Raw), "a # is kept here"), "the injected frame follows: %+v", later)
	id := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
	e := c.expectError(id, frame.CodeNotFound)
	must(t, e.Message == "gone", "the comment is not part of the message: %q", e.Message)

	for _, bad := range []string{"at soon drop", "+1x drop", "restart forever", "at 1s", "frobnicate", "silence", "status sleepy", "error ping"} {
		_, err := ParseScript(strings.NewReader("drop\n" + bad + "\n"))
		must(t, err != nil && strings.HasPrefix(err.Error(), "line 2: "), "%q: %v", bad, err)
	}
}

func TestControlSocket(t *testing.T) {
	s, url := newTestServer(t, nil)
	_, err := s.ServeControl("0.0.0.0:0")
	must(t, err != nil, "a non-loopback control socket was opened")
	addr, err := s.ServeControl("127.0.0.1:0")
	must(t, err == nil, "control: %v", err)
	c, _ := connect(t, url, "dev_a")
	nc, err := net.Dial("tcp", addr)
	must(t, err == nil, "dial control: %v", err)
	t.Cleanup(func() { nc.Close() })
	replies := bufio.NewScanner(nc)
	ask := func(line string) string {
		t.Helper()
		nc.SetDeadline(time.Now().Add(waitTimeout))
		if _, err := nc.Write([]byte(line + "\n")); err != nil {
			t.Fatal(err)
		}
		must(t, replies.Scan(), "no reply to %q: %v", line, replies.Err())
		return replies.Text()
	}
	must(t, ask("received hello") == "ok 1", "count of hellos")
	must(t, strings.HasPrefix(ask("explode now"), `error: unknown command "explode"`), "unknown command")
	must(t, ask("drop") == "ok", "drop")
	c.expectDropped()
}

func TestTLSWithSelfSignedCertificate(t *testing.T) {
	ss, err := NewSelfSigned("127.0.0.1", "localhost")
	must(t, err == nil, "generate: %v", err)
	s := New(Config{Token: testToken})
	url, err := s.StartTLS("127.0.0.1:0", ss.Cert)
	must(t, err == nil && strings.HasPrefix(url, "wss://"), "StartTLS %q %v", url, err)
	t.Cleanup(func() { s.Close() })

	_, _, err = websocket.DefaultDialer.Dial(url, nil)
	must(t, err != nil, "an unknown certificate was trusted")
	roots := x509.NewCertPool()
	must(t, roots.AppendCertsFromPEM(ss.PEM), "PEM")
	d := websocket.Dialer{TLSClientConfig: &tls.Config{RootCAs: roots}}
	ws, _, err := d.Dial(url, nil)
	must(t, err == nil, "dial with the printed certificate: %v", err)
	t.Cleanup(func() { ws.Close() })
	served := ws.NetConn().(*tls.Conn).ConnectionState().PeerCertificates[0].Raw
	must(t, Fingerprint(served) == ss.Fingerprint && len(ss.Fingerprint) == 32*3-1, "fingerprint %s", ss.Fingerprint)
	c := &client{t: t, ws: ws}
	c.hello(testToken, "dev_tls")
	c.expect(frame.TypeHelloAck)
}

func TestOtherProtocolVersionRefusesHello(t *testing.T) {
	_, url := newTestServer(t, func(c *Config) { c.ProtocolVersion = 2 })
	c := dial(t, url)
	c.hello(testToken, "dev_a")
	c.ws.SetReadDeadline(time.Now().Add(waitTimeout))
	_, data, err := c.ws.ReadMessage()
	must(t, err == nil && strings.HasPrefix(string(data), `{"v":2,`) && strings.Contains(string(data), `"code":"unsupported"`), "reply %s %v", data, err)
	c.expectClosed()
}

// Every command FaultCommands lists (what --help prints) is known to the
// parser and documented in README.md, and the README lists no other.
func TestFaultCommandsAreDocumented(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	must(t, err == nil, "README: %v", err)
	var names []string
	for _, line := range strings.Split(FaultCommands, "\n") {
		if strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "   ") {
			names = append(names, strings.Fields(line)[0])
		}
	}
	must(t, len(names) == 12, "commands in FaultCommands: %v", names)
	for _, name := range names {
		_, err := parseCommand(name)
		must(t, err == nil || !strings.Contains(err.Error(), "unknown command"), "%s is listed but unknown to the parser", name)
		must(t, strings.Contains(string(readme), "| `"+name), "README.md does not document %s", name)
	}
	// Table rows naming a command (flags start with "-", script lines
	// with "at", "+" or upper case).
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z][a-z-]*)[ `]").FindAllStringSubmatch(string(readme), -1) {
		must(t, m[1] == "at" || slices.Contains(names, m[1]), "README.md documents %s, which FaultCommands does not list", m[1])
	}
}

// TestIDEpochKeepsIdsUniqueAcrossProcessRuns: two runs of the simulator
// (a process started again under the same clients) mint different ids for
// new messages, while the seeded history keeps its ids; without an epoch
// the second run would hand out the first run's ids again, and clients,
// which dedupe by id, would take a new message for an old one.
func TestIDEpochKeepsIdsUniqueAcrossProcessRuns(t *testing.T) {
	run := func(epoch string) (seeded, minted string) {
		_, url := newTestServer(t, func(c *Config) { c.Seed = true; c.IDEpoch = epoch })
		c, _ := connect(t, url, "dev_a")
		h := c.history(defaultLane, "", 0).Payload.(*frame.History)
		must(t, len(h.Messages) > 0, "no seeded history")
		return h.Messages[0].MessageID, c.turn(defaultLane, "hello")[0].Payload.(*frame.Message).MessageID
	}
	seeded1, minted1 := run("a1")
	seeded2, minted2 := run("a2")
	must(t, seeded1 == seeded2, "seeded ids differ between runs: %s, %s", seeded1, seeded2)
	must(t, minted1 != minted2 && strings.Contains(minted1, "_a1_") && strings.Contains(minted2, "_a2_"),
		"minted ids %s, %s", minted1, minted2)
	_, plain := run("")
	must(t, plain == strings.Replace(minted1, "a1_", "", 1), "without an epoch ids stay plain: %s vs %s", plain, minted1)
}
