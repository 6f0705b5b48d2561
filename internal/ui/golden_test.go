package ui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/themes"
)

// TestGolden pins the rendered screen of each scenario at each size, in
// dark and light. Regenerate with: go test ./ui -run TestGolden -update
func TestGolden(t *testing.T) {
	scenarios := []struct {
		name  string
		sizes [][2]int
		play  func(h *harness)
	}{
		{"empty", [][2]int{{80, 24}, {120, 40}}, func(h *harness) { h.online() }},
		{"streamed", [][2]int{{80, 24}, {120, 40}}, func(h *harness) {
			h.online()
			streamTurn(h, true)
			h.frames(on(frame.TypeAgentBusy, &frame.AgentBusy{Reason: "tool"}),
				on(frame.TypeToolStart, &frame.ToolStart{Index: 2, Name: "read_file", Preview: "README.md"}))
		}},
		{"history", [][2]int{{80, 24}, {120, 40}}, func(h *harness) {
			h.gw.answer = historyAnswer(500)
			h.online()
		}},
		{"help", [][2]int{{80, 24}, {120, 40}}, func(h *harness) {
			h.online()
			streamTurn(h, true)
			h.key(tea.KeyF1, 0)
		}},
		{"switcher", [][2]int{{80, 24}}, func(h *harness) {
			h.online()
			h.key('k', tea.ModCtrl)
			h.typeText("cr")
		}},
		{"picker_card", [][2]int{{80, 24}, {120, 40}}, func(h *harness) {
			h.online()
			h.typeText("also check logs")
			h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./tmp3"))
		}},
		{"picker_dialog", [][2]int{{120, 40}}, func(h *harness) {
			h.online()
			h.frame(approvalFrame(lane0, "pa_1", "rm -rf ./tmp3"))
		}},
		{"narrow", [][2]int{{60, 20}}, func(h *harness) {
			h.online()
			streamTurn(h, true)
		}},
	}
	for _, sc := range scenarios {
		for _, size := range sc.sizes {
			for _, theme := range []themes.Name{themes.Dark, themes.Light} {
				name := fmt.Sprintf("%s/%dx%d/%s", sc.name, size[0], size[1], theme)
				t.Run(name, func(t *testing.T) {
					h := newHarness(t, size[0], size[1], withTheme(theme))
					sc.play(h)
					v := h.view()
					if err := termsafe.Verify(v); err != nil {
						t.Fatalf("unsafe output: %v", err)
					}
					golden.RequireEqual(t, v)
				})
			}
		}
	}
}
