package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// TestSettingsDialogAppliesAndRemembers walks /settings row by row: each
// change shows at once, and a new model over the same store has them all.
func TestSettingsDialogAppliesAndRemembers(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	streamTurn(h, true)
	h.typeText("/settings")
	h.press(keyEnter)
	if h.m.DialogOpen() != dialog.SettingsID {
		t.Fatalf("/settings opened %q", h.m.DialogOpen())
	}
	h.mustShow("Settings", "Runtime footer", "‹ on ›", "Tool detail", "‹ truncated ›", "‹ dark ›", "‹ steers ›")
	h.mustShow("qwen3-27b · ctx 38% · ~")
	h.press(keyEnter) // footer on → off
	h.mustNotShow("qwen3-27b · ctx 38% · ~")
	h.press(keyDown)
	h.press(tea.KeyPressMsg{Code: tea.KeyRight}) // tools truncated → all
	h.mustShow("‹ all ›", "command: pytest -q")
	h.press(keyDown)
	h.press(tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}) // reasoning collapsed
	h.mustShow("‹ collapsed ›")
	h.press(keyDown)
	h.press(tea.KeyPressMsg{Code: tea.KeyRight}) // theme dark → light
	if h.m.com.Theme.Name != themes.Light {
		t.Fatalf("theme %s", h.m.com.Theme.Name)
	}
	h.press(keyDown)
	h.press(keyEnter) // notifications off
	h.press(keyDown)
	h.press(keyEnter) // repeats off
	h.press(keyDown)
	h.press(keyEnter) // while busy: queue
	h.mustShow("‹ queues ›", "‹ off ›", "‹ light ›", "‹ collapsed ›")
	h.press(keyEsc)
	if h.m.DialogOpen() != "" {
		t.Fatal("esc did not close the settings")
	}
	h.mustShow("▸ Reasoning · 1 line (")
	m2 := New(Options{State: h.st})
	want := common.Settings{Tools: common.ToolsAll}
	if s := m2.Settings(); s.Tools != want.Tools || s.RuntimeFooter || s.ShowReasoning || s.Notifications || s.RepeatNotifications || s.BusyInput != common.BusyQueue {
		t.Fatalf("settings not remembered: %+v", s)
	}
	if m2.scr.theme != themes.Light || m2.com.Theme.Name != themes.Light {
		t.Fatalf("theme not remembered: %s", m2.scr.theme)
	}
}

// TestSettingsCollision: a gateway /settings wins the plain name; //settings
// still opens Iris's.
func TestSettingsCollision(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.gw.answer = func(f frame.Frame) (frame.Frame, error) {
		if f.Type == frame.TypeCommandsCatalog {
			cat := append(gatewaysim.DefaultCatalog(), frame.Command{Name: "/settings", Description: "gateway settings"})
			return frame.Frame{Type: f.Type, Payload: &frame.CommandsCatalog{Commands: cat}}, nil
		}
		return catalogAnswer(f)
	}
	h.online()
	h.typeText("/settings")
	h.press(keyEnter)
	if h.m.DialogOpen() != "" || len(h.requestsOf(frame.TypeMessageSend)) != 1 {
		t.Fatalf("/settings did not go to the gateway (dialog %q)", h.m.DialogOpen())
	}
	h.typeText("//settings")
	h.press(keyEnter)
	if h.m.DialogOpen() != dialog.SettingsID {
		t.Fatalf("//settings opened %q", h.m.DialogOpen())
	}
}

// TestNotificationsSettingSilencesPickers: with notifications off, a picker
// in an unfocused terminal still marks its lane but does not ring.
func TestNotificationsSettingSilencesPickers(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.online()
	h.m.com.Settings.Notifications = false
	h.send(tea.BlurMsg{})
	h.frame(approvalFrame(chan7, "pa_9", "rm -rf x"))
	h.mustShow("◉ Cron Reports — rm -rf x")
	if len(h.raws) != 0 {
		t.Fatalf("notified with notifications off: %q", h.raws)
	}
	h.m.com.Settings.Notifications = true
	h.frame(approvalFrame(chan7, "pa_10", "rm -rf y"))
	if len(h.raws) != 1 {
		t.Fatalf("notifications on: %q", h.raws)
	}
}
