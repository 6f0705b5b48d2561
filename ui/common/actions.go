package common

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/themes"
)

// Action is what a child component asks of the root after an Update. Every
// Action type is defined in this file; the root handles them in one switch.
type Action interface{ isAction() }

// ActionOpenLane asks the root to focus a lane (and load its history).
type ActionOpenLane struct{ Lane frame.Lane }

// ActionClose asks the root to close the topmost dialog.
type ActionClose struct{}

// ActionQuit asks the root to quit now (a confirmed quit).
type ActionQuit struct{}

// ActionPasteTooLarge reports a paste over the composer's limit; the root
// says so and offers to attach Text as a file.
type ActionPasteTooLarge struct{ Text string }

// ActionAttachText asks the root to write Text to a file and attach it to
// the draft (a paste too large for the composer).
type ActionAttachText struct{ Text string }

// ActionSend asks the root to send the composer's text to the focused lane.
type ActionSend struct{ Text string }

// ActionLoadOlder asks the root to load the page before the oldest loaded
// message of a lane (the transcript reached its top).
type ActionLoadOlder struct{ Lane frame.Lane }

// ActionSelectPicker answers a pending picker (from the picker dialog or card).
// Record is the one-line transcript record of the answer (for example
// "approved once: rm -rf build/").
type ActionSelectPicker struct {
	Lane     frame.Lane
	PickerID string
	Value    string
	Record   string
	// Reason is the typed reason of a deny ("" otherwise); it travels as
	// picker.select's reason field.
	Reason string
}

// ActionYieldPicker says a picker that had the keyboard gives it back: Msg
// (a key or a paste that does not answer it) belongs to the composer, and
// the picker waits as a card until the user deliberately opens it again.
type ActionYieldPicker struct {
	Lane     frame.Lane
	PickerID string
	Msg      tea.Msg
}

// ActionHidePicker asks the root to hide a picker without answering it: it
// stays pending and can be brought back.
type ActionHidePicker struct {
	Lane     frame.Lane
	PickerID string
}

// ActionOpenPicker asks the root to switch to Lane and give the pending
// picker PickerID the keyboard (the approval inbox's Enter).
type ActionOpenPicker struct {
	Lane     frame.Lane
	PickerID string
}

// ActionSearch asks the root to run a search (scope "all", or "chat" for
// Lane) and hand the hits back to the search dialog, with this action (Seq
// tells the dialog's searches apart).
type ActionSearch struct {
	Query string
	Scope string
	Lane  frame.Lane
	Seq   int
}

// ActionJump asks the root to open Lane and scroll to MessageID,
// highlighting it (paging history in when it is not loaded).
type ActionJump struct {
	Lane      frame.Lane
	MessageID string
}

// ActionComplete asks the root to replace the composer's text (the /
// drawer's Tab completion); with Send it then sends it (Enter on the
// drawer's highlighted entry).
type ActionComplete struct {
	Text string
	Send bool
}

// ActionCompleteCommands asks the root for commands.complete of Prefix (the
// drawer's fallback when there is no catalog).
type ActionCompleteCommands struct{ Prefix string }

// ActionSendFrame asks the root to send an arbitrary client frame through
// the gateway (for dialogs that speak the protocol, e.g. search). Close
// also closes the topmost dialog (the one that asked).
type ActionSendFrame struct {
	Frame frame.Frame
	Close bool
}

// ActionAttach asks the root to attach the file at Path to the draft (the
// file picker's choice).
type ActionAttach struct{ Path string }

// ActionListDir asks the root to list Dir for the drawer's /attach path
// completion (drawer.ListDir; the answer goes to the drawer's SetPaths).
type ActionListDir struct{ Dir string }

// ActionSettings asks the root to apply and remember the view settings and
// the theme choice (the settings dialog, after each change).
type ActionSettings struct {
	Settings Settings
	Theme    themes.Name
}

func (ActionOpenLane) isAction()      {}
func (ActionClose) isAction()         {}
func (ActionQuit) isAction()          {}
func (ActionPasteTooLarge) isAction() {}
func (ActionAttachText) isAction()    {}
func (ActionSend) isAction()          {}
func (ActionLoadOlder) isAction()     {}
func (ActionSelectPicker) isAction()  {}
func (ActionSendFrame) isAction()     {}
func (ActionHidePicker) isAction()    {}
func (ActionYieldPicker) isAction()   {}
func (ActionSearch) isAction()        {}
func (ActionJump) isAction()          {}
func (ActionComplete) isAction()      {}

func (ActionCompleteCommands) isAction() {}
func (ActionAttach) isAction()           {}
func (ActionListDir) isAction()          {}
func (ActionSettings) isAction()         {}
func (ActionOpenPicker) isAction()       {}
