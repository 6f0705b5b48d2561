package ui

import (
	"encoding/base64"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// copied decodes the clipboard texts of the OSC 52 sequences written.
func (h *harness) copied() []string {
	var out []string
	for _, r := range h.raws {
		for _, part := range strings.Split(r, "\x1b]52;c;")[1:] {
			b64, _, _ := strings.Cut(part, "\x07")
			b, err := base64.StdEncoding.DecodeString(b64)
			if err != nil {
				h.t.Fatalf("bad OSC 52 payload %q", b64)
			}
			out = append(out, string(b))
		}
	}
	return out
}

const twoBlocks = "Two ways:\n```sh\nls -l\n```\nor\n```go\nos.ReadDir(\".\")\n```"

func copyHarness(t *testing.T, env map[string]string) *harness {
	h := newHarness(t, 120, 40, func(o *Options) { o.Media.Getenv = func(k string) string { return env[k] } })
	h.online()
	h.frames(msgFrame("u1", "user", "how do I list files?", ms(1, 0)),
		msgFrame("m1", "assistant", twoBlocks, ms(1, 5)),
		msgFrame("u2", "user", "thanks **a lot**", ms(2, 0)))
	return h
}

// TestCopySelectedMessageAndCodeBlock: Tab focuses the transcript, ↑
// selects messages, y copies the selected one's markdown, c asks which of
// two code blocks and the digit copies it; the status bar gives the size.
func TestCopySelectedMessageAndCodeBlock(t *testing.T) {
	h := copyHarness(t, nil)
	if len(h.raws) != 0 {
		t.Fatal("something was written to the clipboard without a key")
	}
	h.key(tea.KeyTab, 0)
	h.key(tea.KeyUp, 0) // the newest message on screen: u2
	h.send(tea.KeyPressMsg{Code: 'y', Text: "y"})
	if got := h.copied(); len(got) != 1 || got[0] != "thanks **a lot**" {
		t.Fatalf("copied %q", got)
	}
	h.mustShow("copied the message (16 B)")
	h.key(tea.KeyUp, 0) // m1
	h.send(tea.KeyPressMsg{Code: 'y', Text: "y"})
	if got := h.copied(); got[len(got)-1] != twoBlocks {
		t.Fatalf("copied %q", got[len(got)-1])
	}
	h.send(tea.KeyPressMsg{Code: 'c', Text: "c"})
	h.mustShow("copy which code block? press 1–2")
	h.send(tea.KeyPressMsg{Code: '2', Text: "2"})
	if got := h.copied(); got[len(got)-1] != `os.ReadDir(".")` {
		t.Fatalf("copied %q", got[len(got)-1])
	}
	h.mustShow("copied code block 2 (15 B)")
}

// TestCopyLastReplyFromTheComposer: Alt+Y copies the newest reply; inside
// tmux the sequence also goes through tmux's DCS passthrough.
func TestCopyLastReplyFromTheComposer(t *testing.T) {
	h := copyHarness(t, map[string]string{"TMUX": "/tmp/tmux-1000/default,1,0"})
	h.send(tea.KeyPressMsg{Code: 'y', Mod: tea.ModAlt})
	if got := h.copied(); len(got) != 2 || got[0] != twoBlocks || got[1] != twoBlocks {
		t.Fatalf("copied %q", got)
	}
	if raw := h.raws[0]; !strings.Contains(raw, "\x1bPtmux;\x1b\x1b]52;c;") || !strings.HasSuffix(raw, "\x1b\\") {
		t.Fatalf("no tmux passthrough in %q", raw)
	}
	h.mustShow("copied the last reply")
}

// TestWireContentNeverCopies: an OSC 52 sequence inside a message reaches
// neither the clipboard nor the screen.
func TestWireContentNeverCopies(t *testing.T) {
	h := copyHarness(t, nil)
	h.frame(msgFrame("m9", "assistant", "evil \x1b]52;c;aGk=\x07 done", ms(3, 0)))
	if len(h.raws) != 0 || strings.Contains(h.view(), "\x1b]52") {
		t.Fatal("wire content wrote OSC 52")
	}
	h.key(tea.KeyTab, 0)
	h.key(tea.KeyUp, 0)
	h.send(tea.KeyPressMsg{Code: 'y', Text: "y"})
	if got := h.copied(); len(got) != 1 || strings.Contains(got[0], "\x1b") {
		t.Fatalf("the copy holds a raw escape: %q", got)
	}
}
