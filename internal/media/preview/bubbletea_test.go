package preview

import (
	"bytes"
	"image/color"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// syncBuffer collects program output and signals every write.
type syncBuffer struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	written chan struct{}
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case b.written <- struct{}{}:
	default:
	}
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// previewModel shows a preview the way the UI is meant to: Raw through
// tea.Raw, Cells in the view.
type previewModel struct{ p Preview }

func (m previewModel) Init() tea.Cmd {
	if m.p.Raw == "" {
		return nil
	}
	return tea.Raw(m.p.Raw)
}

func (m previewModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }

func (m previewModel) View() tea.View {
	v := tea.NewView("preview:\n" + m.p.Cells)
	v.AltScreen = true
	return v
}

// runUntil runs a program showing p until its output satisfies done, or
// fails after a deadline.
func runUntil(t *testing.T, p Preview, done func(out string) bool) string {
	t.Helper()
	out := &syncBuffer{written: make(chan struct{}, 1)}
	prog := tea.NewProgram(previewModel{p}, tea.WithOutput(out), tea.WithInput(nil),
		tea.WithWindowSize(60, 20), tea.WithColorProfile(colorprofile.TrueColor), tea.WithoutSignals())
	errc := make(chan error, 1)
	go func() { _, err := prog.Run(); errc <- err }()
	deadline := time.After(5 * time.Second)
	for !done(out.String()) {
		select {
		case <-out.written:
		case <-deadline:
			prog.Kill()
			<-errc
			t.Fatalf("output never showed the preview:\n%q", out.String())
		}
	}
	prog.Quit()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestKittyPlaceholdersSurviveTheRenderer proves the integration the package
// doc recommends: the transmission goes out unchanged through tea.Raw, and
// the placeholder cells reach the terminal intact, with the id colour.
func TestKittyPlaceholdersSurviveTheRenderer(t *testing.T) {
	p, err := Render(solid(30, 40, color.NRGBA{200, 0, 0, 255}), Kitty, 10, 10, 7)
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(ansi.Strip(p.Cells), "\n")
	runUntil(t, p, func(out string) bool {
		if !strings.Contains(out, p.Raw) || !strings.Contains(out, "38;2;0;0;7") {
			return false
		}
		for _, r := range rows {
			if !strings.Contains(out, r) {
				return false
			}
		}
		return true
	})
}

func TestHalfBlocksSurviveTheRenderer(t *testing.T) {
	p, err := Render(solid(4, 4, color.NRGBA{10, 200, 30, 255}), HalfBlocks, 10, 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	runUntil(t, p, func(out string) bool {
		return strings.Contains(out, "38;2;10;200;30") && strings.Contains(out, "48;2;10;200;30") &&
			strings.Contains(out, "▀▀▀▀")
	})
}
