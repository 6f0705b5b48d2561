package composer

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
)

// pasteText is n bytes of 80-column lines.
func pasteText(n int) string {
	line := strings.Repeat("0123456789 ", 7) + "abcdefghi\n"
	return strings.Repeat(line, n/len(line)+1)[:n]
}

func newComposer() *Model {
	m := New(common.NewForTest(time.Unix(0, 0)))
	m.SetSize(100, 0)
	return m
}

// timePaste pastes text, renders, types one key and renders again; it
// returns the time of the paste and of the key.
func timePaste(m *Model, text string) (paste, key time.Duration) {
	start := time.Now()
	m.Update(tea.PasteMsg{Content: text})
	_ = m.View()
	paste = time.Since(start)
	start = time.Now()
	m.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
	_ = m.View()
	return paste, time.Since(start)
}

// A paste up to the limit is taken whole and at once: the editor holds a
// one-line marker, the draft and the message sent hold every byte, in
// place, and typing afterwards stays fast.
func TestPasteUpToLimitIsKeptWholeAndFast(t *testing.T) {
	text := pasteText(PasteLimit)
	m := newComposer()
	m.Update(tea.KeyPressMsg{Code: 'a', Text: "a"})
	paste, key := timePaste(m, text)
	t.Logf("1 MiB paste %v, next key %v", paste, key)
	if m.Value() != "a"+text+"x" {
		t.Fatalf("draft holds %d bytes, want %d", len(m.Value()), len(text)+2)
	}
	marker := fmt.Sprintf("⟦pasted text #1: 1.0 MiB, %d lines⟧", strings.Count(strings.TrimSuffix(text, "\n"), "\n")+1)
	if !strings.Contains(m.View(), marker) {
		t.Fatalf("no marker:\n%s", m.View())
	}
	if paste > time.Second || key > 250*time.Millisecond {
		t.Fatalf("1 MiB paste took %v, the next key %v", paste, key)
	}
	act, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if s, ok := act.(common.ActionSend); !ok || s.Text != "a"+text+"x" {
		t.Fatal("the message sent is not the whole paste")
	}
	if m.Value() != "" {
		t.Fatal("the composer kept the paste after sending")
	}
}

// A small paste is plain editable text; deleting a block's marker drops
// the block; a restored large draft comes back whole.
func TestPasteBlocksAndDrafts(t *testing.T) {
	m := newComposer()
	m.Update(tea.PasteMsg{Content: "small paste"})
	if m.Value() != "small paste" {
		t.Fatalf("value %q", m.Value())
	}
	m.Reset()
	big := pasteText(inlinePaste + 1)
	m.Update(tea.PasteMsg{Content: big})
	for range 100 { // the marker's length and more
		m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	}
	if m.Value() != "" {
		t.Fatalf("deleting the marker left %d bytes", len(m.Value()))
	}
	m.SetValue("draft " + big)
	if m.Value() != "draft "+big {
		t.Fatal("a large draft did not come back whole")
	}
}

// A paste over the limit is not inserted: the root is asked to offer it
// as a file.
func TestPasteOverLimitIsOffered(t *testing.T) {
	m := newComposer()
	text := pasteText(PasteLimit + 1)
	act, _ := m.Update(tea.PasteMsg{Content: text})
	if a, ok := act.(common.ActionPasteTooLarge); !ok || a.Text != text {
		t.Fatalf("action %T", act)
	}
	if m.Value() != "" {
		t.Fatal("an oversized paste was inserted")
	}
}

// BenchmarkPaste1MiB pastes 1 MiB of 80-column lines into the composer,
// renders it, and types one key, reporting both in milliseconds.
func BenchmarkPaste1MiB(b *testing.B) {
	text := pasteText(PasteLimit)
	var paste, key time.Duration
	for b.Loop() {
		p, k := timePaste(newComposer(), text)
		paste, key = paste+p, key+k
	}
	n := float64(b.N) * float64(time.Millisecond)
	b.ReportMetric(float64(paste)/n, "paste-ms")
	b.ReportMetric(float64(key)/n, "next-key-ms")
}

// Line ends pasted as CR (terminals, tmux) arrive as LF.
func TestPasteLineEnds(t *testing.T) {
	m := newComposer()
	text := strings.Repeat("one\r\ntwo\rthree\n", inlinePaste/10)
	m.Update(tea.PasteMsg{Content: text})
	if want := strings.Repeat("one\ntwo\nthree\n", inlinePaste/10); m.Value() != want {
		t.Fatal("CR line ends were kept")
	}
}

// Backspace right after a block's marker deletes the whole marker (and so
// the block): one Backspace never leaves a broken marker that would be sent
// as text while the pasted text silently goes missing.
func TestBackspaceDeletesAMarkerWhole(t *testing.T) {
	m := newComposer()
	m.Update(tea.KeyPressMsg{Code: 'a', Text: "a"})
	m.Update(tea.PasteMsg{Content: pasteText(inlinePaste + 1)})
	m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	if m.Value() != "a" || strings.Contains(m.View(), "pasted text") {
		t.Fatalf("value %q, view:\n%s", m.Value(), m.View())
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace}) // an ordinary character again
	if m.Value() != "" {
		t.Fatalf("value %q", m.Value())
	}
}

// The marker counts lines as a reader would: one long line is "1 line",
// and a final newline does not add a line.
func TestPasteMarkerCountsLines(t *testing.T) {
	for text, want := range map[string]string{
		strings.Repeat("x", 9000):                         ", 1 line⟧",
		strings.Repeat("x", 8999) + "\n":                  ", 1 line⟧",
		strings.Repeat(strings.Repeat("y", 99)+"\n", 140): ", 140 lines⟧",
	} {
		m := newComposer()
		m.Update(tea.PasteMsg{Content: text})
		if !strings.Contains(m.View(), want) {
			t.Errorf("paste of %d bytes: marker %q not in\n%s", len(text), want, m.View())
		}
	}
}

// Every delete key of the editor takes a block's marker whole: Delete and
// Alt+D just before it, Ctrl+W and Alt+Backspace just after it (across the
// spaces a word delete takes), so no key leaves a fragment of a marker to
// go out as text while the pasted text is dropped.
func TestDeleteKeysTakeAMarkerWhole(t *testing.T) {
	for _, c := range []struct {
		name   string
		before bool // the cursor sits before the marker (else after it)
		key    tea.KeyPressMsg
		want   string
	}{
		{"backspace", false, tea.KeyPressMsg{Code: tea.KeyBackspace}, "a "},
		{"ctrl+w", false, tea.KeyPressMsg{Code: 'w', Mod: tea.ModCtrl}, "a "},
		{"ctrl+w across spaces", false, tea.KeyPressMsg{Code: 'w', Mod: tea.ModCtrl}, "a "},
		{"alt+backspace", false, tea.KeyPressMsg{Code: tea.KeyBackspace, Mod: tea.ModAlt}, "a "},
		{"delete", true, tea.KeyPressMsg{Code: tea.KeyDelete}, "a "},
		{"alt+d", true, tea.KeyPressMsg{Code: 'd', Mod: tea.ModAlt}, "a "},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := newComposer()
			m.Update(tea.PasteMsg{Content: "a "})
			m.Update(tea.PasteMsg{Content: pasteText(inlinePaste + 1)})
			if c.name == "ctrl+w across spaces" {
				m.Update(tea.PasteMsg{Content: "  "})
			}
			if c.before {
				for range len([]rune(m.pastes[0].marker)) {
					m.Update(tea.KeyPressMsg{Code: tea.KeyLeft})
				}
			}
			if !strings.Contains(m.Value(), pasteText(inlinePaste+1)) {
				t.Fatalf("the block is not in the draft before the key: %q", m.Value()[:20])
			}
			m.Update(c.key)
			if got := m.ta.Value(); got != c.want {
				t.Fatalf("editor holds %q, want %q", got, c.want)
			}
			if m.Value() != c.want {
				t.Fatalf("draft %q, want %q", m.Value(), c.want)
			}
		})
	}
}
