package linear

import (
	"context"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/wsclient"
)

// live is iris --linear's loop on a real socket to the simulator, a real
// store in a temp dir, typed into through a pipe.
type live struct {
	t   *testing.T
	sim *gatewaysim.Server
	in  *io.PipeWriter
	out *simtest.Buffer
}

func startLive(t *testing.T) *live { return startLiveAudited(t, nil) }

// startLiveAudited is startLive writing the answers to log.
func startLiveAudited(t *testing.T, log AuditLog) *live {
	t.Helper()
	return startLiveWith(t, gatewaysim.DialectRich, log)
}

// startLiveIn is startLive against a simulator of dialect d.
func startLiveIn(t *testing.T, d gatewaysim.Dialect) *live {
	t.Helper()
	return startLiveWith(t, d, nil)
}

// startLiveWith is startLive against a simulator of dialect d, writing the
// answers to log.
func startLiveWith(t *testing.T, d gatewaysim.Dialect, log AuditLog) *live {
	t.Helper()
	sim, url := simtest.StartSim(t, gatewaysim.Config{StreamInterval: time.Millisecond, Dialect: d, Seed: true})
	st, err := store.Open(t.TempDir(), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := wsclient.New(wsclient.Config{URL: url, Token: simtest.Token, DeviceID: "dev_linear", Timing: simtest.FastTiming(), Cursor: st.Cursor})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	l := &live{t: t, sim: sim, in: pw, out: &simtest.Buffer{}}
	done := make(chan struct{}, 2)
	go func() { _ = c.Run(ctx); done <- struct{}{} }()
	go func() {
		_ = Run(ctx, Options{In: pr, Out: l.out, Echo: true, Gateway: c, State: st, DeviceName: "laptop", Footer: true, Audit: log})
		done <- struct{}{}
	}()
	t.Cleanup(func() {
		cancel()
		pw.Close()
		<-done
		<-done
		if err := st.Close(); err != nil {
			t.Errorf("store close: %v", err)
		}
	})
	l.wait(1, "Online.")
	return l
}

// wait polls the output until sub shows n times, or fails.
func (l *live) wait(n int, sub string) string {
	l.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if out := strings.Join(term(l.t, l.out.String()), "\n"); strings.Count(out, sub) >= n {
			return out
		}
		time.Sleep(5 * time.Millisecond)
	}
	l.t.Fatalf("no %q (%d times) in the output:\n%s", sub, n, strings.Join(term(l.t, l.out.String()), "\n"))
	return ""
}

func (l *live) typeText(s string) {
	l.t.Helper()
	if _, err := io.WriteString(l.in, s); err != nil {
		l.t.Fatal(err)
	}
}

// The connection's state changes are lines, each once: lost and
// reconnecting with the time of the next try, online again; a gateway
// restart is said in the lane.
func TestStateChangesAreLinesOnce(t *testing.T) {
	l := startLive(t)
	l.sim.Restart(300 * time.Millisecond) // refused for a while: several tries
	out := l.wait(1, "Online again.")
	if !regexp.MustCompile(`Connection lost \(.*\)\. Reconnecting, next try at \d\d:\d\d:\d\d\.`).MatchString(out) {
		t.Fatalf("no connection-lost line with the time:\n%s", out)
	}
	if n := strings.Count(out, "Connection lost"); n != 1 {
		t.Fatalf("connection lost said %d times:\n%s", n, out)
	}
	if !strings.Contains(out, "Notice: Gateway restarting") {
		t.Fatalf("the restart was not said:\n%s", out)
	}
}

// A message is said sent, or not sent with the gateway's cause.
func TestSentAndFailedWithCause(t *testing.T) {
	l := startLive(t)
	l.wait(1, "You are in Default.")
	l.sim.FailNext(frame.TypeMessageSend, "rate_limited", "slow down")
	l.typeText("first\r")
	l.wait(1, "Not sent: gateway error rate_limited: slow down.")
	l.typeText("second\r")
	l.wait(1, "Sent.")
}

// /later puts a question aside so that lines go to the chat; /pickers
// lists it and /answer takes it up again, and only then does 4 deny it;
// against a gateway that acknowledges the answer and one that does not
// (the turn going on accepts it).
func TestLaterPickersAnswer(t *testing.T) {
	simtest.EachDialect(t, testLaterPickersAnswer)
}

func testLaterPickersAnswer(t *testing.T, d gatewaysim.Dialect) {
	l := startLiveIn(t, d)
	l.wait(1, "You are in Default.")
	l.typeText("please rm -rf ./x\r")
	l.wait(1, "Approval needed in Default")
	l.typeText("/later\r")
	l.wait(1, "The question waits")
	l.typeText("also this\r")
	l.wait(1, "You: also this")
	l.typeText("/pickers\r")
	l.wait(1, "1. Approval needed in Default")
	for _, f := range l.sim.Received() {
		if f.Type == frame.TypePickerSelect {
			t.Fatalf("answered while aside: %+v", f.Payload)
		}
	}
	l.typeText("/answer 1\r")
	l.wait(2, "Type the number, then Enter.") // announced again
	l.typeText("4\r")
	l.wait(1, "Answered: denied: rm -rf ./x")
}

// /lanes lists the directory; /lane goes to a lane and prints its last
// messages, loaded from the gateway; /more prints older ones; /search
// finds what is held.
func TestLanesLaneMoreSearch(t *testing.T) {
	l := startLive(t)
	l.wait(1, "You are in Default.")
	l.typeText("/lanes\r")
	l.wait(1, "Default, you are here")
	l.wait(1, "Research")
	l.typeText("/lane res\r")
	l.wait(1, "You are in Research.")
	l.wait(1, "Last messages in Research, 2 items:")
	l.wait(1, "Assistant: Here are three starting points:")
	l.typeText("/lane default\r")
	l.wait(1, "Last messages in Default, 10 items:")
	l.typeText("/more\r")
	l.wait(1, "Older messages in Default, 10 items:")
	l.typeText("/search staging URL\r")
	l.wait(1, "In Default, You: Remind me what the staging URL is")
}

// An answer typed here goes out naming this device and is audited as the
// TUI's are (the engine's answer path), with this mode as its via.
func TestAnswerNamesTheDeviceAndIsAudited(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l := startLiveAudited(t, audit.New(path))
	l.wait(1, "You are in Default.")
	l.typeText("please rm -rf ./x\r")
	l.wait(1, "Approval needed in Default")
	l.typeText("4\r")
	l.wait(1, "Answered: denied: rm -rf ./x")
	var by *frame.AnswerBy
	for _, f := range l.sim.Received() {
		if p, ok := f.Payload.(*frame.PickerSelect); ok {
			by = p.By
		}
	}
	if by == nil || by.DeviceName != "laptop" {
		t.Fatalf("picker.select by %+v", by)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		es, _, err := audit.Read(path, time.Time{})
		if err == nil && len(es) > 0 && es[len(es)-1].Result == audit.Accepted {
			if e := es[len(es)-1]; e.Via != via || e.Device != "laptop" || e.Answer != "deny" {
				t.Fatalf("audit entry %+v", e)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no accepted answer in the audit log: %+v %v", es, err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
