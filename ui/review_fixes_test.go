package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/composer"
	"github.com/hermes/iris/wsclient"
)

func TestComposerKeepsEveryTypedLine(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.online()
	base := h.m.scr.layout.composer
	lines := []string{"line1", "line2", "line3", "l4", "l5", "l6", "l7", "l8"}
	for i, l := range lines {
		if i > 0 {
			if i%2 == 0 {
				h.key('j', tea.ModCtrl)
			} else {
				h.key(tea.KeyEnter, tea.ModAlt)
			}
		}
		h.typeText(l)
	}
	if h.m.scr.layout.composer > base+composer.MaxLines-1 {
		t.Fatalf("composer grew past its cap: %d rows", h.m.scr.layout.composer)
	}
	h.mustShow("› l8")
	h.key(tea.KeyEnter, 0)
	got := sentTexts(h)
	if want := strings.Join(lines, "\n"); len(got) != 1 || got[0] != want {
		t.Fatalf("sent %q, want %q", got, want)
	}
}

func TestBusyReasonInWords(t *testing.T) {
	cases := []struct{ reason, want, not string }{
		{"processing", "thinking (esc to stop)", "processing"},
		{"tool", "running a tool (esc to stop)", "· tool"},
		{"waiting_input", "waiting for your answer (alt+p to answer · esc to stop)", "waiting_input"},
		{"cron", "running a scheduled job (esc to stop)", "· cron"},
		{"", "working (esc to stop)", "working ·"},
		{"dreaming\x1b[2J", "working · dreaming␛[2J (esc to stop)", "\x1b[2J"},
	}
	for _, c := range cases {
		t.Run(c.reason, func(t *testing.T) {
			h := newHarness(t, 120, 40)
			h.online()
			h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: c.reason}))
			h.mustShow(c.want)
			h.mustNotShow(c.not)
		})
	}
}

// TestShortLaneHasNoGapAboveTheBusyLine: a lane shorter than the screen sits
// at the bottom, so its last message is right above the busy line.
func TestShortLaneHasNoGapAboveTheBusyLine(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.online()
	h.frames(msgFrame("u1", "user", "confirm fresh", ms(1, 0)),
		on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	rows := strings.Split(h.plain(), "\n")
	busy, last := -1, -1
	for i, r := range rows {
		switch {
		case strings.Contains(r, "thinking (esc to stop)"):
			busy = i
		case strings.Contains(r, "confirm fresh"):
			last = i
		}
	}
	if busy < 0 || last < 0 || busy-last > 2 {
		t.Fatalf("message on row %d, busy line on row %d:\n%s", last, busy, h.plain())
	}
	if strings.TrimSpace(rows[0]) != "" {
		t.Fatalf("a short lane should leave the empty rows above it:\n%s", h.plain())
	}
}

func TestHelpHintLeavesOutKeysThatType(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.mustShow("  f1 help")
	h.mustNotShow("?/f1 help")
	h.key(tea.KeyTab, 0) // transcript
	h.mustShow("?/f1 help")
	h.key(tea.KeyEscape, 0) // back to the composer
	h.mustNotShow("?/f1 help")
	h.mustShow("f1 help")
}

// TestNewThreadOnABusyLaneIsSentAtOnce: a message that starts a new thread
// is never a steer nor queued behind the busy parent lane's turn.
func TestNewThreadOnABusyLaneIsSentAtOnce(t *testing.T) {
	for _, steer := range []bool{true, false} {
		t.Run(onOff(steer, "steer", "queue"), func(t *testing.T) {
			h := newHarness(t, 120, 40)
			h.m.com.Settings.BusyInput = common.BusyQueue
			if steer {
				h.m.com.Settings.BusyInput = common.BusySteer
			}
			h.online()
			h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "waiting_input"}))
			h.mustShow(onOff(steer, "STEER", "QUEUE"))
			h.key('t', tea.ModAlt)
			h.mustShow("NEW THREAD")
			h.mustNotShow("STEER", "QUEUE")
			h.typeText("a side question")
			h.key(tea.KeyEnter, 0)
			sent := h.requestsOf(frame.TypeMessageSend)
			if len(sent) != 1 || sent[0].Payload.(*frame.MessageSend).AutoThread == nil ||
				sent[0].Payload.(*frame.MessageSend).Text != "a side question" {
				t.Fatalf("message.send with auto_thread not sent while the parent is busy: %v", sent)
			}
			if n := len(h.requestsOf(frame.TypeAgentSteer)); n != 0 {
				t.Fatalf("a new thread's message steered the parent (%d steers)", n)
			}
			h.mustNotShow("NEW THREAD", "queued")
			h.typeText("back in the parent")
			h.key(tea.KeyEnter, 0)
			if n := len(h.requestsOf(frame.TypeMessageSend)); n != 1 {
				t.Fatalf("the parent's next message did not wait or steer: %d sends", n)
			}
		})
	}
}

func TestCreatedChannelIsOpened(t *testing.T) {
	created := frame.Lane{ChatID: "android:chan_9"}
	for _, fail := range []bool{false, true} {
		t.Run(onOff(fail, "rejected", "created"), func(t *testing.T) {
			h := newHarness(t, 120, 40)
			h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
				switch {
				case f.Type == frame.TypeChannelCreate && fail:
					return frame.Frame{Type: frame.TypeError, Payload: &frame.Error{Code: "bad_request", Message: "name taken"}}, nil
				case f.Type == frame.TypeChannelCreate:
					return frame.Frame{Type: frame.TypeChannelCreated, Payload: &frame.Channel{ChatID: created.ChatID, Name: "Builds", Kind: frame.KindChannel}}, nil
				}
				return frame.Frame{Type: f.Type, Payload: &frame.History{}}, nil
			}
			h.online()
			h.key('c', tea.ModAlt)
			h.typeText("1")
			h.typeText("Builds")
			h.key(tea.KeyEnter, 0)
			if fail {
				if h.m.Lane() != lane0 {
					t.Fatalf("switched to %v after a rejected create", h.m.Lane())
				}
				h.mustShow("channel.create failed", "name taken", `(you typed "Builds")`)
				return
			}
			if h.m.Lane() != created || h.m.Focus() != "composer" {
				t.Fatalf("lane %v focus %s, want the new channel", h.m.Lane(), h.m.Focus())
			}
			h.mustShow("# Builds", "Builds")
		})
	}
}

func TestRejectedTokenNamesItsSource(t *testing.T) {
	cases := []struct{ source, bar, banner string }{
		{"flag", "fix --token", "from --token; fix it"},
		{"env IRIS_TOKEN", "fix env IRIS_TOKEN", "from env IRIS_TOKEN; fix it"},
		{"token_file /home/someone/.config/iris/profiles/work/token", "fix token_file", "/home/someone/.config/iris/profiles/work/token; fix it"},
		{"", "fix the token", "iris config path"},
	}
	for _, c := range cases {
		t.Run(c.source, func(t *testing.T) {
			h := newHarness(t, 80, 24, func(o *Options) { o.TokenSource = c.source })
			h.send(inbound(&wsclient.StateEvent{State: wsclient.StateAuthFailed, Err: &wsclient.AuthError{Message: "expired\x1b]0;x\x07"}}))
			h.mustShow("✗ token rejected by the gateway — "+c.bar, c.banner, "gateway said: expired␛]0;x␇")
			h.mustNotShow("config file")
		})
	}
}

// TestFocusAfterSearchJumpIsVisibleAndTypingIsKept: the jump focuses the
// transcript, which says so while the composer dims and says how to come
// back; typed text that is no transcript key goes to the composer.
func TestFocusAfterSearchJumpIsVisibleAndTypingIsKept(t *testing.T) {
	h := newHarness(t, 120, 40)
	answerSearchOverHistory(h)
	h.online()
	h.mustShow("Message…")
	h.mustNotShow("TRANSCRIPT")
	h.key('f', tea.ModCtrl)
	h.typeText("message 10")
	h.key(tea.KeyEnter, 0)
	h.key(tea.KeyEnter, 0)
	if h.m.Focus() != "transcript" || h.m.transcript.Marked() != "h10" {
		t.Fatalf("focus %s marked %q after the jump", h.m.Focus(), h.m.transcript.Marked())
	}
	h.mustShow("TRANSCRIPT", "i or esc: type a message", "› i or esc: back to typing", "▌")
	h.mustNotShow("Message…")
	h.typeText("what about it?")
	if h.m.Focus() != "composer" || h.m.Composer() != "what about it?" || h.m.DialogOpen() != "" {
		t.Fatalf("focus %s composer %q dialog %q: typed text was lost", h.m.Focus(), h.m.Composer(), h.m.DialogOpen())
	}
	h.mustNotShow("TRANSCRIPT")

	for _, back := range []tea.KeyPressMsg{{Code: 'i', Text: "i"}, {Code: tea.KeyEscape}} {
		h.key(tea.KeyTab, 0)
		h.mustShow("TRANSCRIPT")
		h.send(back)
		if h.m.Focus() != "composer" || h.m.Composer() != "what about it?" {
			t.Fatalf("%s: focus %s composer %q", back, h.m.Focus(), h.m.Composer())
		}
	}
}

// TestEveryPaneShowsFocus: the sidebar title and the transcript's mark show
// which list has the keys; Esc from a list goes back to the composer and
// does not stop the busy agent.
func TestEveryPaneShowsFocus(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.frame(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "processing"}))
	h.mustNotShow("▸ Channels", "TRANSCRIPT", "back to typing")
	h.key(tea.KeyTab, 0)
	h.key(tea.KeyTab, 0)
	if h.m.Focus() != "sidebar" {
		t.Fatalf("focus %s", h.m.Focus())
	}
	h.mustShow("▸ Channels", "back to typing")
	h.mustNotShow("TRANSCRIPT")
	h.key(tea.KeyEscape, 0)
	if h.m.Focus() != "composer" || len(h.requestsOf(frame.TypeAgentStop)) != 0 {
		t.Fatalf("focus %s, stops %d: esc from a list must only go back to typing", h.m.Focus(), len(h.requestsOf(frame.TypeAgentStop)))
	}
	h.mustNotShow("▸ Channels", "back to typing")
	h.key(tea.KeyEscape, 0)
	if len(h.requestsOf(frame.TypeAgentStop)) != 1 {
		t.Fatal("esc in the composer no longer stops the busy agent")
	}
}
