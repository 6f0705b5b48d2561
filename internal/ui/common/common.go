// Package common holds what every UI component shares: the styles, the key
// map, a read-only handle on the store, the user's view settings and the
// clock, plus the Component contract, the Actions children return to the
// root, the InfoMsg status messages and the draft's attachment chips
// (Attachment: the composer shows them, the media controller uploads them).
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package common

import (
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/themes"
)

// Common is the one bag of shared dependencies handed to every component.
// It holds no sizes and no callbacks. The root owns it and is the only one
// that changes it (theme switches, settings toggles), always on the UI
// goroutine.
type Common struct {
	Theme    *themes.Theme
	Styles   *themes.Styles
	KeyMap   keymap.KeyMap
	Store    Store // read-only view for components; the root holds the *store.State
	Settings *Settings
	// ThemeGen changes whenever Theme or Styles change, so render caches
	// keyed by it are invalidated.
	ThemeGen int
	// Now is the clock (injected in tests).
	Now func() time.Time
	// Loc is the zone timestamps are shown in.
	Loc *time.Location
}

// Component is the fixed surface of every stateful child component.
type Component interface {
	SetSize(width, height int)
	View() string
	Update(msg tea.Msg) (Action, tea.Cmd)
	help.KeyMap
}

// Verbosity says how much of a tool call the transcript shows.
type Verbosity int

const (
	// ToolsTruncated shows a card with the preview and a few output lines.
	ToolsTruncated Verbosity = iota
	// ToolsAll shows the card with the full preview, args and output preview.
	ToolsAll
	// ToolsNone hides tool cards.
	ToolsNone
)

// String names the verbosity as the settings file spells it.
func (v Verbosity) String() string {
	switch v {
	case ToolsAll:
		return "all"
	case ToolsNone:
		return "none"
	}
	return "truncated"
}

// ParseVerbosity reads "all", "truncated" or "none"; anything else is
// truncated.
func ParseVerbosity(s string) Verbosity {
	switch s {
	case "all":
		return ToolsAll
	case "none":
		return ToolsNone
	}
	return ToolsTruncated
}

// Next cycles all → truncated → none → all.
func (v Verbosity) Next() Verbosity {
	switch v {
	case ToolsAll:
		return ToolsTruncated
	case ToolsTruncated:
		return ToolsNone
	}
	return ToolsAll
}

// Settings are the per-app view settings the user toggles at run time.
type Settings struct {
	Tools Verbosity
	// RuntimeFooter shows model · ctx % · cwd · latency · cost under final
	// assistant messages.
	RuntimeFooter bool
	// ShowReasoning expands reasoning blocks; collapsed they take one line.
	ShowReasoning bool
	// BusyInput is what Enter does with text while the agent is busy.
	BusyInput BusyInput
	// Notifications rings the terminal (bell, OSC 9, OSC 777) when a picker
	// opens, or a turn of over 10 s ends, while the terminal is unfocused.
	Notifications bool
	// RepeatNotifications repeats a picker's notification at growing
	// intervals while it waits and the terminal stays unfocused.
	RepeatNotifications bool
	// Gen changes whenever a setting that affects rendering changes.
	Gen int
}

// DefaultSettings are the settings of a fresh install.
func DefaultSettings() Settings {
	return Settings{Tools: ToolsTruncated, RuntimeFooter: true, ShowReasoning: true, BusyInput: BusySteer, Notifications: true, RepeatNotifications: true}
}

// FormatTime formats a millisecond Unix timestamp as a short clock time, or
// with the date when it is not today. Zero gives "".
func (c *Common) FormatTime(ms int64) string {
	if ms <= 0 {
		return ""
	}
	t := time.UnixMilli(ms).In(c.Loc)
	now := c.Now().In(c.Loc)
	if t.YearDay() == now.YearDay() && t.Year() == now.Year() {
		return t.Format("15:04")
	}
	return t.Format("Jan 2 15:04")
}

// ConnState is the connection state the status bar shows.
type ConnState int

const (
	// ConnConnecting: dialing or waiting for hello.ack.
	ConnConnecting ConnState = iota
	// ConnOnline: hello.ack received.
	ConnOnline
	// ConnReconnecting: waiting to retry (RetryAt, Attempt).
	ConnReconnecting
	// ConnOffline: not connected and not retrying (e.g. no gateway yet).
	ConnOffline
	// ConnAuthFailed: the token was rejected; final.
	ConnAuthFailed
	// ConnProtocolMismatch: the gateway speaks another major version.
	ConnProtocolMismatch
	// ConnHandshakeFailed: the gateway's answer to hello cannot be used;
	// final (the error says why).
	ConnHandshakeFailed
)

// String names the state.
func (c ConnState) String() string {
	switch c {
	case ConnOnline:
		return "online"
	case ConnReconnecting:
		return "reconnecting"
	case ConnOffline:
		return "offline"
	case ConnAuthFailed:
		return "auth failed"
	case ConnProtocolMismatch:
		return "protocol mismatch"
	case ConnHandshakeFailed:
		return "handshake failed"
	}
	return "connecting"
}

// BusyInput is the busy-input policy: what happens to text the user sends
// while the lane's agent is busy.
type BusyInput int

const (
	// BusySteer sends it into the running turn (agent.steer); if no turn is
	// running after all, it goes out as a plain message. The default: the
	// agent sees the words at once and no work is thrown away.
	BusySteer BusyInput = iota
	// BusyQueue holds it here and sends it as a message once the lane is
	// idle.
	BusyQueue
	// BusyGateway sends it at once as a plain message.send and lets the
	// gateway's own busy_input_mode (interrupt, queue or steer) decide, as
	// every other device of that gateway does.
	BusyGateway
)

// String is the policy's name as written in settings: steer, queue, gateway.
func (b BusyInput) String() string {
	switch b {
	case BusyQueue:
		return "queue"
	case BusyGateway:
		return "gateway"
	}
	return "steer"
}

// ParseBusyInput reads a name String returns; anything else is BusySteer
// and false.
func ParseBusyInput(s string) (BusyInput, bool) {
	switch s {
	case "steer":
		return BusySteer, true
	case "queue":
		return BusyQueue, true
	case "gateway":
		return BusyGateway, true
	}
	return BusySteer, false
}

// Next cycles steer → queue → gateway → steer.
func (b BusyInput) Next() BusyInput { return (b + 1) % 3 }
