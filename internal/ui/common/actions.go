package common

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/themes"
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

// ActionBatch is several actions carried out in order: one message that
// changes several things (an upload that ends and sends its message).
type ActionBatch []Action

// The media controller's actions (package internal/ui/mediactl). It never touches
// the transcript, the composer or the dialogs itself; it asks the root.

// ActionMediaStatus asks the root to show Status (plain text, already
// sanitised) after the received chip of MediaID; "" clears it.
type ActionMediaStatus struct{ MediaID, Status string }

// ActionMediaPreview asks the root to show Cells (a rendered preview's
// cells) under the chip of MediaID; "" removes the preview.
type ActionMediaPreview struct{ MediaID, Cells string }

// ActionRevealMedia asks the root to scroll the transcript to the message
// holding MediaID when it is not on screen.
type ActionRevealMedia struct{ MediaID string }

// ActionStepMedia asks the root to move the transcript's chip selection by
// Step (-1 older, 1 newer).
type ActionStepMedia struct{ Step int }

// ActionStepAttachment asks the root to move the draft's chip selection by
// Step.
type ActionStepAttachment struct{ Step int }

// ActionAddAttachment asks the root to put Upload on the draft as a chip
// and focus the composer.
type ActionAddAttachment struct{ Upload media.Upload }

// ActionSetAttachment asks the root to replace the draft's chip that has
// Attachment's ID (nothing happens when it is gone).
type ActionSetAttachment struct{ Attachment Attachment }

// ActionRemoveAttachment asks the root to drop the draft's chip ID.
type ActionRemoveAttachment struct{ ID int }

// ActionSendUploaded asks the root to send Text to Lane with the media_refs
// of the uploaded attachments, drop the draft's chips and, when the draft
// is still Text, empty it.
type ActionSendUploaded struct {
	Lane frame.Lane
	Text string
	Refs []string
}

// ActionOpenFilePicker asks the root to show the file picker in Dir,
// confined to Root when it is set.
type ActionOpenFilePicker struct{ Dir, Root string }

// ActionAskOpen asks the root to ask before opening Name, a file of Kind
// the system opener might run: Save and Open are the answers' commands.
type ActionAskOpen struct {
	Name, Kind string
	Save, Open tea.Cmd
}

// ActionOpenOverflow asks the root to show the text file at Path (a
// message cut at the store's text cap) in the pager.
type ActionOpenOverflow struct{ Path string }

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
func (ActionBatch) isAction()            {}
func (ActionMediaStatus) isAction()      {}
func (ActionMediaPreview) isAction()     {}
func (ActionRevealMedia) isAction()      {}
func (ActionStepMedia) isAction()        {}
func (ActionStepAttachment) isAction()   {}
func (ActionAddAttachment) isAction()    {}
func (ActionSetAttachment) isAction()    {}
func (ActionRemoveAttachment) isAction() {}
func (ActionSendUploaded) isAction()     {}
func (ActionOpenFilePicker) isAction()   {}
func (ActionAskOpen) isAction()          {}
func (ActionOpenOverflow) isAction()     {}
