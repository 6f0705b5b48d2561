package ui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/termsafe"
)

// Warning banners at start.
const (
	warningTTL  = 30 * time.Second
	warningRows = 3
)

// showWarnings puts the configuration warnings main.go passed in a banner.
func (s *screen) showWarnings(warnings []string) tea.Cmd {
	if len(warnings) == 0 {
		return nil
	}
	text := "config: " + strings.Join(warnings, " · ")
	s.showBanner(banner{text: termsafe.Line(text), until: s.com.Now().Add(warningTTL), rows: warningRows})
	return s.clockTick()
}
