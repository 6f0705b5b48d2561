package common

import "github.com/hermes/iris/wsclient/frame"

// Action is what a child component asks of the root after an Update. Every
// Action type is defined in this file; the root handles them in one switch.
type Action interface{ isAction() }

// ActionOpenLane asks the root to focus a lane (and load its history).
type ActionOpenLane struct{ Lane frame.Lane }

// ActionClose asks the root to close the topmost dialog.
type ActionClose struct{}

// ActionSend asks the root to send the composer's text to the focused lane.
type ActionSend struct{ Text string }

// ActionLoadOlder asks the root to load the page before the oldest loaded
// message of a lane (the transcript reached its top).
type ActionLoadOlder struct{ Lane frame.Lane }

// ActionSelectPicker answers a pending picker (used by issue 4's dialogs).
type ActionSelectPicker struct {
	Lane     frame.Lane
	PickerID string
	Value    string
}

// ActionSendFrame asks the root to send an arbitrary client frame through
// the gateway (for dialogs that speak the protocol, e.g. search).
type ActionSendFrame struct{ Frame frame.Frame }

func (ActionOpenLane) isAction()     {}
func (ActionClose) isAction()        {}
func (ActionSend) isAction()         {}
func (ActionLoadOlder) isAction()    {}
func (ActionSelectPicker) isAction() {}
func (ActionSendFrame) isAction()    {}
