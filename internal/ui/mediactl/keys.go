package mediactl

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
)

// Pane is the component that has the keyboard, as far as media keys care.
type Pane int

// The panes media keys work in.
const (
	Elsewhere Pane = iota
	Composer
	Transcript
)

// Command is what a media key asks for (see Key); Update carries it out.
type Command struct{ op op }

// op is one media key's command.
type op int

const (
	opAttach op = iota
	opDetach
	opAttachmentPrev
	opAttachmentNext
	opChipPrev
	opChipNext
	opOpen
	opSave
	opPreview
	opCancel
)

func (Command) isMediaMsg() {}

// Key says which command msg is in pane p: Attach everywhere, the
// attachment keys in the composer, the chip keys in the transcript. ok is
// false when msg is none of them. It reads only the key map, so the root
// asks it about every key before it gathers the facts a command needs.
func (m *Model) Key(msg tea.KeyPressMsg, p Pane) (c Command, ok bool) {
	km := m.com.KeyMap.Media
	if key.Matches(msg, km.Attach) {
		return Command{op: opAttach}, true
	}
	switch p {
	case Composer:
		switch {
		case key.Matches(msg, km.Detach):
			return Command{op: opDetach}, true
		case key.Matches(msg, km.AttachmentPrev):
			return Command{op: opAttachmentPrev}, true
		case key.Matches(msg, km.AttachmentNext):
			return Command{op: opAttachmentNext}, true
		}
	case Transcript:
		switch {
		case key.Matches(msg, km.Prev):
			return Command{op: opChipPrev}, true
		case key.Matches(msg, km.Next):
			return Command{op: opChipNext}, true
		case key.Matches(msg, km.Open):
			return Command{op: opOpen}, true
		case key.Matches(msg, km.Save):
			return Command{op: opSave}, true
		case key.Matches(msg, km.Preview):
			return Command{op: opPreview}, true
		case key.Matches(msg, km.Cancel):
			return Command{op: opCancel}, true
		}
	}
	return Command{}, false
}

// command carries out a key's command.
func (c *call) command(cmd Command) tea.Cmd {
	switch cmd.op {
	case opAttach:
		return c.openFilePicker()
	case opDetach:
		return c.detach()
	case opAttachmentPrev:
		c.do(common.ActionStepAttachment{Step: -1})
	case opAttachmentNext:
		c.do(common.ActionStepAttachment{Step: 1})
	case opChipPrev:
		c.do(common.ActionStepMedia{Step: -1})
	case opChipNext:
		c.do(common.ActionStepMedia{Step: 1})
	case opOpen:
		return c.actOnMedia(actOpen)
	case opSave:
		return c.actOnMedia(actSave)
	case opPreview:
		return c.togglePreview()
	case opCancel:
		return c.cancelSelected()
	}
	return nil
}
