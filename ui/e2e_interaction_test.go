package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/wsclient/frame"
)

// End-to-end tests of issue 4 on the tmux harness of e2e_test.go: what the
// pane shows, and what the simulator received.

// waitReceived waits for the first frame the simulator received that pred
// accepts.
func waitReceived(t *testing.T, sim *gatewaysim.Server, pred func(frame.Frame) bool) frame.Frame {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), e2eDeadline)
	defer cancel()
	f, err := sim.WaitReceived(ctx, pred)
	if err != nil {
		t.Fatalf("the simulator never received the frame: %v", err)
	}
	return f
}

// shows is a waitFor condition: every sub is on screen.
func shows(subs ...string) func(string) bool {
	return func(s string) bool {
		for _, sub := range subs {
			if !strings.Contains(s, sub) {
				return false
			}
		}
		return true
	}
}

func TestEndToEndApprovalFromKeyboard(t *testing.T) {
	tm, sim := startIris(t)
	tm.run("send-keys", "-t", "iris", "-l", "please rm -rf ./build")
	tm.run("send-keys", "-t", "iris", "Enter")
	tm.waitFor("the armed approval", shows("Approve command?", "rm -rf ./build", "recursive delete", "1-9 pick"))
	tm.run("send-keys", "-t", "iris", "2")
	f := waitReceived(t, sim, func(f frame.Frame) bool { return f.Type == frame.TypePickerSelect })
	if v := f.Payload.(*frame.PickerSelect).Value; v != "session" {
		t.Fatalf("picker.select value %q, want session", v)
	}
	tm.waitFor("the record and the agent going on", shows("approved for the session: rm -rf ./build", "(approved: session)"))
}

func TestEndToEndSlashModelCompletion(t *testing.T) {
	tm, sim := startIris(t)
	tm.run("send-keys", "-t", "iris", "-l", "/mod")
	tm.waitFor("the / drawer", shows("/model", "tab complete"))
	tm.run("send-keys", "-t", "iris", "Tab")
	tm.run("send-keys", "-t", "iris", "Enter")
	f := waitReceived(t, sim, func(f frame.Frame) bool { return f.Type == frame.TypeMessageSend })
	if text := f.Payload.(*frame.MessageSend).Text; text != "/model" {
		t.Fatalf("sent %q, want /model", text)
	}
	tm.waitFor("the model picker", shows("Switch model", "Qwen3 27B"))
}

func TestEndToEndSearchJumpsToHit(t *testing.T) {
	tm, _ := startIris(t)
	tm.run("send-keys", "-t", "iris", "C-f")
	tm.waitFor("the search dialog", shows("Search", "in all channels"))
	tm.run("send-keys", "-t", "iris", "-l", "speculative")
	tm.run("send-keys", "-t", "iris", "Enter")
	tm.waitFor("the hits", shows("found", "Research"))
	tm.run("send-keys", "-t", "iris", "Enter")
	tm.waitFor("the marked hit in Research", shows("▌", "Medusa", "# Research"))
}
