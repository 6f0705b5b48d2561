package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// A 1 MiB paste through tmux (bracketed paste) reaches the composer
// quickly as one block, and the message sent holds all of it.
func TestPasteOneMiBThroughTmux(t *testing.T) {
	const token = "paste-token"
	sim, url := startSim(t, token, 0)
	e := newEnv(t)
	r := e.start("--url", url, "--token", token)
	r.waitShows("● online")

	line := strings.Repeat("pasted ", 11) + "end\n"
	text := strings.Repeat(line, (1<<20)/len(line))
	file := filepath.Join(e.root, "paste.txt")
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	e.tmux("load-buffer", "-b", "big", file)
	start := time.Now()
	e.tmux("paste-buffer", "-p", "-b", "big", "-t", r.name)
	r.waitShows("⟦pasted text #1: ")
	took := time.Since(start)
	t.Logf("1 MiB paste through tmux shown after %v", took)
	r.typeText("x")
	r.waitShows("⟧x")
	r.keys("Enter")
	f := waitReceived(t, sim, func(f frame.Frame) bool { return f.Type == frame.TypeMessageSend })
	if got := f.Payload.(*frame.MessageSend).Text; got != text+"x" {
		t.Fatalf("the gateway got %d bytes, want %d", len(got), len(text)+1)
	}
	if took > 10*time.Second {
		t.Fatalf("a 1 MiB paste took %v to reach the composer", took)
	}
	r.quit()
}
