package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// startOnline runs the binary against a seeded simulator in a pane tall
// enough for a whole streamed answer, and waits until it is online.
func startOnline(t *testing.T) (*run, *gatewaysim.Server) {
	t.Helper()
	return startOnlineIn(t, gatewaysim.DialectRich)
}

// startOnlineIn is startOnline against a simulator of dialect d.
func startOnlineIn(t *testing.T, d gatewaysim.Dialect) (*run, *gatewaysim.Server) {
	t.Helper()
	const token = "conv-token"
	sim, url := startSimIn(t, d, token, 5*time.Millisecond)
	e := newEnv(t)
	e.height = 70
	r := e.start("--url", url, "--token", token)
	r.waitShows("● online", "Channels")
	return r, sim
}

// waitReceived waits for the first frame the simulator received that pred
// accepts.
func waitReceived(t testing.TB, sim *gatewaysim.Server, pred func(frame.Frame) bool) frame.Frame {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitDeadline)
	defer cancel()
	f, err := sim.WaitReceived(ctx, pred)
	if err != nil {
		t.Fatalf("the simulator never received the frame: %v", err)
	}
	return f
}

// A sent message gets the streamed reply with its reasoning above it and the
// tool card, and no unrendered markdown is left.
func TestStreamedReplyWithReasoningAndToolCard(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		r, _ := startOnlineIn(t, d)
		r.typeLine("please check the workspace")
		screen := r.waitFor("the final reply with its reasoning and tool card", func(s string) bool {
			return containsAll(s, "Anything else you want me to look at?", "The user wrote", "git status --short") &&
				!strings.Contains(s, "working")
		})
		reasoning := strings.Index(screen, "The user wrote")
		reply := strings.Index(screen, "Here is what I found")
		if reasoning < 0 || reply < 0 || reasoning > reply {
			t.Fatalf("reasoning must appear above the reply:\n%s", screen)
		}
		if !containsAll(screen, "✓ terminal", "0.4s") {
			t.Fatalf("tool card incomplete:\n%s", screen)
		}
		for _, raw := range []string{"```", "**"} {
			if strings.Contains(screen, raw) {
				t.Fatalf("unrendered markdown %q on screen:\n%s", raw, screen)
			}
		}
		if !containsAll(screen, "please check the workspace", "✓✓") {
			t.Fatalf("the sent message with its read ticks is missing:\n%s", screen)
		}
	})
}

// An approval answered from the keyboard reaches the gateway with the right
// value and the agent goes on.
func TestApprovalFromKeyboard(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		r, sim := startOnlineIn(t, d)
		r.askAndOpen("please rm -rf ./build", "Approve command?", "rm -rf ./build", "recursive delete", armed)
		r.answer(sim, "session", "2")
		r.waitShows("approved for the session: rm -rf ./build", "(approved: session)")
	})
}

// "/mod" + Tab + Enter sends "/model" and the model picker opens.
func TestSlashModelCompletion(t *testing.T) {
	r, sim := startOnline(t)
	r.typeText("/mod")
	r.waitShows("/model", "tab complete")
	r.keys("Tab")
	r.keys("Enter")
	f := waitReceived(t, sim, func(f frame.Frame) bool { return f.Type == frame.TypeMessageSend })
	if text := f.Payload.(*frame.MessageSend).Text; text != "/model" {
		t.Fatalf("sent %q, want /model", text)
	}
	r.waitShows("Switch model", "Qwen3 27B")
}

// A search jumps to the hit in another channel and marks it.
func TestSearchJumpsToHit(t *testing.T) {
	r, _ := startOnline(t)
	r.keys("C-f")
	r.waitShows("Search", "in all channels")
	r.typeText("speculative")
	r.keys("Enter")
	r.waitShows("found", "Research")
	r.keys("Enter")
	r.waitShows("▌", "Medusa", "# Research")
}
