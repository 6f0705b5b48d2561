package ui

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/audit"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/dialog"
	"github.com/hermes/iris/wsclient"
)

// fakeAudit collects audit entries, or fails every write with err.
type fakeAudit struct {
	mu      sync.Mutex
	entries []audit.Entry
	err     error
}

func (a *fakeAudit) Append(e audit.Entry) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.err != nil {
		return a.err
	}
	a.entries = append(a.entries, e)
	return nil
}

func (a *fakeAudit) all() []audit.Entry {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]audit.Entry(nil), a.entries...)
}

// withTimeout bounds every request of the model to d.
func withTimeout(d time.Duration) harnessOpt { return func(o *Options) { o.RequestTimeout = d } }

func withAudit(a AuditLog) harnessOpt {
	return func(o *Options) { o.Audit, o.GatewayURL = a, "wss://alice:tok3n@gw.example/ws?token=tok3n" }
}

// answerSelect makes the gateway answer every picker.select with resp/err.
func answerSelect(h *harness, resp frame.Frame, err error) {
	h.gw.mu.Lock()
	defer h.gw.mu.Unlock()
	h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
		if f.Type == frame.TypePickerSelect {
			return resp, err
		}
		return frame.Frame{Type: f.Type, Payload: &frame.Empty{}}, nil
	}
}

var notFound = frame.Frame{Type: frame.TypeError, Payload: &frame.Error{Code: frame.CodeNotFound, Message: "no pending picker"}}

// TestPickerClosesWhenTheTurnMovesOnInTheUI: each frame that shows the agent
// went on takes the dialog down with a truthful record, never "expired".
func TestPickerClosesWhenTheTurnMovesOnInTheUI(t *testing.T) {
	for _, tc := range []struct {
		name   string
		before []frame.Frame
		after  frame.Frame
	}{
		{"tool.start", nil, on(frame.TypeToolStart, &frame.ToolStart{Index: 2, Name: "terminal"})},
		{"tool.end", []frame.Frame{on(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "terminal"})},
			on(frame.TypeToolEnd, &frame.ToolEnd{Index: 1, OK: frame.Ptr(true)})},
		{"message.stop", []frame.Frame{on(frame.TypeMessageStart, &frame.MessageStart{MessageID: "m9"})},
			on(frame.TypeMessageStop, &frame.MessageStop{MessageID: "m9", FinalText: "I did not run it."})},
		{"agent.idle", nil, on(frame.TypeAgentIdle, &frame.Empty{})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, 120, 40)
			h.online()
			h.frames(tc.before...)
			h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./dist2"))
			if h.m.DialogOpen() != dialog.PickerDialogID {
				t.Fatal("no dialog")
			}
			h.frame(tc.after)
			if h.m.DialogOpen() != "" || len(h.st.AllPickers()) != 0 {
				t.Fatalf("still open: dialog %q", h.m.DialogOpen())
			}
			h.mustShow("◆ closed without an answer from here (the agent went on): rm -rf ./dist2")
			h.mustNotShow("expired", "approved")
			h.typeText("1") // goes to the composer now
			if sel := h.requestsOf(frame.TypePickerSelect); len(sel) != 0 {
				t.Fatalf("a closed picker was answered: %v", sel)
			}
		})
	}
}

// TestLateAnswerIsNeverRecordedAsApproved: the record waits for the
// gateway ("answering…"); a not_found reply makes it "not used", and no
// "approved" line exists at any point.
func TestLateAnswerIsNeverRecordedAsApproved(t *testing.T) {
	log := &fakeAudit{}
	h := newHarness(t, 120, 40, withAudit(log))
	answerSelect(h, notFound, nil)
	h.online()
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./dist2"))
	_, cmd := h.m.Update(tea.KeyPressMsg{Code: '1', Text: "1"})
	h.mustShow("◆ answering…: rm -rf ./dist2")
	h.mustNotShow("approved")
	h.run(cmd)
	h.mustShow("◆ your answer “approve once” was not used: answered on another device: rm -rf ./dist2", "your answer was not used")
	h.mustNotShow("approved", "answering…")
	es := log.all()
	if len(es) != 1 || es[0].Result != audit.RejectedElsewhere || es[0].Answer != "once" || es[0].Scope != "once" ||
		es[0].Subject != "rm -rf ./dist2" || es[0].Type != frame.TypePickerApproval || es[0].Lane != lane0.String() || es[0].LaneName != "Default" ||
		es[0].Gateway != "wss://gw.example/ws" || !es[0].Time.Equal(fixedNow) {
		t.Fatalf("audit %+v", es)
	}
}

// TestAcceptedAnswerIsRecordedAndAudited: an accepted answer gets its record
// and an "accepted" audit entry.
func TestAcceptedAnswerIsRecordedAndAudited(t *testing.T) {
	log := &fakeAudit{}
	h := newHarness(t, 120, 40, withAudit(log))
	h.online()
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf build/"))
	h.typeText("1")
	h.mustShow("◆ approved once: rm -rf build/")
	h.mustNotShow("answering…")
	if es := log.all(); len(es) != 1 || es[0].Result != audit.Accepted || strings.Contains(es[0].Gateway, "tok3n") {
		t.Fatalf("audit %+v", es)
	}
}

// TestUndeliveredAnswerLeavesThePickerAnswerable: an answer not sent, lost
// with the connection or refused by an error frame brings the picker back
// with the reason, and it can then be answered.
func TestUndeliveredAnswerLeavesThePickerAnswerable(t *testing.T) {
	for _, tc := range []struct {
		name   string
		resp   frame.Frame
		err    error
		reason string
	}{
		{"offline", frame.Frame{}, wsclient.ErrOffline, "not connected to the gateway"},
		{"connection lost", frame.Frame{}, wsclient.ErrConnectionLost, "connection lost"},
		{"error frame", frame.Frame{Type: frame.TypeError, Payload: &frame.Error{Code: frame.CodeInternal, Message: "boom"}}, nil, "internal: boom"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := &fakeAudit{}
			h := newHarness(t, 120, 40, withAudit(log))
			answerSelect(h, tc.resp, tc.err)
			h.online()
			h.frame(approvalFrame(lane0, "pa_1", "rm -rf build/"))
			h.typeText("1")
			if h.m.DialogOpen() != dialog.PickerDialogID || len(h.st.Pickers(lane0)) != 1 {
				t.Fatalf("the picker was dropped: dialog %q", h.m.DialogOpen())
			}
			label, result := "not delivered", audit.Failed
			if tc.resp.Type == frame.TypeError {
				label, result = "refused", audit.Refused
			}
			h.mustShow("your answer was not delivered ("+tc.reason+")", "◆ "+label+" ("+tc.reason+"), still waiting for an answer: rm -rf build/")
			h.mustNotShow("approved")
			if es := log.all(); len(es) != 1 || es[0].Result != result || es[0].Reason != tc.reason {
				t.Fatalf("audit %+v", es)
			}
			answerSelect(h, frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.Empty{}}, nil)
			h.typeText("4")
			if sel := h.requestsOf(frame.TypePickerSelect); len(sel) != 2 || sel[1].Payload.(*frame.PickerSelect).Value != "deny" {
				t.Fatalf("second answer %v", sel)
			}
			h.mustShow("◆ denied: rm -rf build/")
			if h.m.DialogOpen() != "" {
				t.Fatal("still open after a delivered answer")
			}
		})
	}
}

// TestAuditWriteFailureIsAWarning: a log that cannot be written is a
// warning in the status bar; the answer stands.
func TestAuditWriteFailureIsAWarning(t *testing.T) {
	h := newHarness(t, 120, 40, withAudit(&fakeAudit{err: errors.New("disk full")}))
	h.online()
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf build/"))
	h.typeText("1")
	h.mustShow("◆ approved once: rm -rf build/", "answer not written to the audit log: disk full")
}

// TestAnswerRefusedAtTheDeadlineIsExpired: an answer given as the picker
// runs out, refused by the gateway (not_found), is recorded and audited as
// too late, not as another device's answer.
func TestAnswerRefusedAtTheDeadlineIsExpired(t *testing.T) {
	log := &fakeAudit{}
	now := fixedNow
	clock := func() time.Time { return now }
	h := newHarness(t, 120, 40, withAudit(log), func(o *Options) { o.Now, o.State = clock, store.New(store.Options{Now: clock}) })
	h.online()
	answerSelect(h, notFound, nil)
	h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./dist2"))
	now = now.Add(299 * time.Second)
	h.typeText("1")
	h.mustShow("◆ not used: the question had expired: rm -rf ./dist2", "the question had expired: your answer was not used")
	h.mustNotShow("another device")
	if es := log.all(); len(es) != 1 || es[0].Result != audit.Expired {
		t.Fatalf("audit %+v", es)
	}
}
