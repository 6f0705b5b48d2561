package composer_test

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
)

// Two large pastes each get a numbered marker where they were pasted,
// sizes and lines counted as a reader would; the message sent holds both
// texts in place.
func TestTwoPastesKeepTheirPlaces(t *testing.T) {
	one := strings.Repeat("x", 9000)                         // one line
	two := strings.Repeat(strings.Repeat("y", 99)+"\n", 100) // 100 lines, the last one ended
	f := newFixture(t, 100)
	f.typeText("a ")
	f.m.Update(tea.PasteMsg{Content: one})
	f.typeText(" b ")
	f.m.Update(tea.PasteMsg{Content: two})
	rows := f.inner()
	if len(rows) != 1 || rows[0] != "› a ⟦pasted text #1: 8.8 KiB, 1 line⟧ b ⟦pasted text #2: 9.8 KiB, 100 lines⟧" {
		t.Fatalf("rows %q", rows)
	}
	want := "a " + one + " b " + two
	if f.m.Value() != want {
		t.Fatal("the draft does not hold both pastes in place")
	}
	if act := f.press(tea.KeyPressMsg{Code: tea.KeyEnter}); act != (common.ActionSend{Text: want}) {
		t.Fatal("the message sent does not hold both pastes in place")
	}
}

// A small paste is plain text in the editor, its lines shown as typed.
func TestSmallPasteIsText(t *testing.T) {
	f := newFixture(t, 60)
	f.m.Update(tea.PasteMsg{Content: "one\r\ntwo"})
	if rows := f.inner(); strings.Join(rows, "|") != "› one|› two" {
		t.Fatalf("rows %q", rows)
	}
}
