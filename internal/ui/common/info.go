package common

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// Level is the severity of an InfoMsg.
type Level int

const (
	// LevelInfo is a neutral status line.
	LevelInfo Level = iota
	// LevelWarn is something the user should notice.
	LevelWarn
	// LevelError is a failure.
	LevelError
)

// InfoMsg is the one user-visible status message; a newer one replaces it.
// Text may come from the wire; the status bar sanitises it when rendering.
type InfoMsg struct {
	Level Level
	Text  string
	// TTL is how long it stays; 0 means the status bar's default for its
	// level (a few seconds, errors longer).
	TTL time.Duration
}

// ReportError returns a command that shows err in the status bar.
func ReportError(err error) tea.Cmd {
	if err == nil {
		return nil
	}
	return func() tea.Msg { return InfoMsg{Level: LevelError, Text: err.Error()} }
}

// ReportInfo returns a command that shows text in the status bar.
func ReportInfo(text string) tea.Cmd {
	return func() tea.Msg { return InfoMsg{Level: LevelInfo, Text: text} }
}
