package app

import (
	"bytes"
	"image/color"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"

	"github.com/hermes/iris/internal/sshserve/sshtest"
)

// benchTerm is one SSH session of the SSH benchmark. Until detach its
// output is drawn on a terminal emulator, which answers the program's
// queries (background colour, ...); from then on the output is only
// counted and scanned for the key awaited, so the client costs little
// while the process CPU is measured.
type benchTerm struct {
	sess *gossh.Session
	in   io.Writer

	mu     sync.Mutex
	emu    *vt.Emulator // nil once detached
	out    int64        // bytes of output since detach
	want   []byte       // the echo awaited, nil when none
	tail   []byte       // the end of the output, for an echo split across writes
	sent   time.Time    // when the awaited key was typed
	took   time.Duration
	echoed chan struct{}
}

// openBenchTerm opens a w×h pty session running Iris on c.
func openBenchTerm(b testing.TB, c *gossh.Client, w, h int) *benchTerm {
	b.Helper()
	sess, err := c.NewSession()
	if err != nil {
		b.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		b.Fatal(err)
	}
	in, err := sess.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	bt := &benchTerm{sess: sess, in: in, emu: vt.NewEmulator(w, h)}
	bt.emu.SetDefaultBackgroundColor(color.Black)
	go io.Copy(in, bt.emu) // the emulator's answers, until detach closes its pipe
	sess.Stdout = bt
	sess.Stderr = bt
	if err := sess.Shell(); err != nil {
		b.Fatal(err)
	}
	return bt
}

// Write takes the session's output.
func (bt *benchTerm) Write(p []byte) (int, error) {
	bt.mu.Lock()
	defer bt.mu.Unlock()
	if bt.emu != nil {
		return bt.emu.Write(p)
	}
	bt.out += int64(len(p))
	if bt.want == nil {
		return len(p), nil
	}
	seen := append(bt.tail, p...)
	if bytes.Contains(seen, bt.want) {
		bt.want, bt.tail, bt.took = nil, bt.tail[:0], time.Since(bt.sent)
		close(bt.echoed)
		return len(p), nil
	}
	bt.tail = append(bt.tail[:0], seen[max(0, len(seen)-len(bt.want)+1):]...)
	return len(p), nil
}

// waitReady polls the emulated screen until it shows every one of want.
func (bt *benchTerm) waitReady(b testing.TB, want ...string) {
	b.Helper()
	deadline := time.Now().Add(sshtest.Deadline * 4) // 50 sessions start on 2 shared cores
	for {
		bt.mu.Lock()
		text := bt.emu.String()
		bt.mu.Unlock()
		if !slices.ContainsFunc(want, func(w string) bool { return !strings.Contains(text, w) }) {
			return
		}
		if time.Now().After(deadline) {
			b.Fatalf("the session never showed %q; it shows:\n%s", want, text)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// detach stops drawing the output: from now on it is only counted and
// scanned.
func (bt *benchTerm) detach() {
	bt.mu.Lock()
	emu := bt.emu
	bt.emu = nil
	bt.mu.Unlock()
	// Closing the emulator's input pipe ends the io.Copy of its answers
	// (Emulator.Close would race with that Read on its closed flag).
	if c, ok := emu.InputPipe().(io.Closer); ok {
		c.Close()
	}
}

// press types key, which must be new to the screen, and returns a channel
// closed once its echo is in the output (then echo says how long it took).
func (bt *benchTerm) press(key string) (<-chan struct{}, error) {
	bt.mu.Lock()
	bt.want, bt.tail, bt.sent = []byte(key), bt.tail[:0], time.Now()
	bt.echoed = make(chan struct{})
	echoed := bt.echoed
	bt.mu.Unlock()
	_, err := io.WriteString(bt.in, key)
	return echoed, err
}

// echo is the time from the last key pressed to its echo.
func (bt *benchTerm) echo() time.Duration {
	bt.mu.Lock()
	defer bt.mu.Unlock()
	return bt.took
}

// outBytes is the output since detach.
func (bt *benchTerm) outBytes() int64 {
	bt.mu.Lock()
	defer bt.mu.Unlock()
	return bt.out
}
