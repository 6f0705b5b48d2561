package setup

import (
	"context"
	"io"
	"os"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/themes"
)

// TestRunWithTerminalInput drives the real program with raw key bytes: the
// URL, tab, the token, ctrl+s.
func TestRunWithTerminalInput(t *testing.T) {
	paths := testPaths(t)
	in, w := io.Pipe()
	go func() {
		w.Write([]byte("wss://gw.example/ws\ttok-from-keys-1234\x13"))
	}()
	defer w.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, ok, err := Run(ctx, Options{Paths: paths, Test: (&fakeTester{}).test},
		tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithWindowSize(80, 24), tea.WithoutSignals())
	if err != nil || !ok {
		t.Fatalf("Run = %+v, %v, %v", res, ok, err)
	}
	f, _, err := config.ReadFile(paths.ConfigFile)
	if err != nil || f.Profiles["default"].URL != "wss://gw.example/ws" {
		t.Fatalf("saved %+v, %v", f, err)
	}
	if tok, _ := os.ReadFile(res.TokenFile); string(tok) != "tok-from-keys-1234\n" {
		t.Fatalf("token file %q", tok)
	}
}

func TestRunCancelled(t *testing.T) {
	in, w := io.Pipe()
	go func() { w.Write([]byte{0x03}) }() // ctrl+c
	defer w.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, ok, err := Run(ctx, Options{Paths: testPaths(t)},
		tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithWindowSize(80, 24), tea.WithoutSignals())
	if err != nil || ok {
		t.Fatalf("cancelled Run: ok %v, err %v", ok, err)
	}
}

func TestBackgroundPicksStyles(t *testing.T) {
	m := New(Options{Paths: testPaths(t), Theme: "auto"})
	before := m.View().Content
	m.Update(tea.BackgroundColorMsg{Color: colorWhite{}})
	if m.View().Content == before {
		t.Fatal("view unchanged on a light background")
	}
	own := New(Options{Paths: testPaths(t), Styles: themes.Build(themes.New(themes.Options{Name: themes.Dark}))})
	before = own.View().Content
	own.Update(tea.BackgroundColorMsg{Color: colorWhite{}})
	if own.View().Content != before {
		t.Fatal("the caller's styles were replaced")
	}
}

// colorWhite is a white terminal background.
type colorWhite struct{}

func (colorWhite) RGBA() (r, g, b, a uint32) { return 0xffff, 0xffff, 0xffff, 0xffff }
