package ui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/termsafe"
)

// Warning banners at start.
const (
	warningTTL  = 30 * time.Second
	warningRows = 3
)

// showWarnings puts the configuration warnings main.go passed in a banner.
func (m *Model) showWarnings() tea.Cmd {
	if len(m.opts.Warnings) == 0 {
		return nil
	}
	text := "config: " + strings.Join(m.opts.Warnings, " · ")
	m.scr.showBanner(banner{text: termsafe.Line(text), until: m.com.Now().Add(warningTTL), rows: warningRows})
	return m.scr.clockTick()
}
