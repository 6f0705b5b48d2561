package mediactl

import (
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// Facts are what the root knows and the controller needs, read afresh for
// each Update: the controller keeps no copy of another component's state.
type Facts struct {
	// Lane is the focused lane; Online says the gateway is connected and
	// MediaOff that its hello.ack turned media off.
	Lane     frame.Lane
	Online   bool
	MediaOff bool
	// Attachments are the draft's chips in order; SelectedAttachment is
	// the ID of the selected one (0: none).
	Attachments        []common.Attachment
	SelectedAttachment int
	// Chip is the transcript's selected media chip (HasChip false: none)
	// and Overflow the file of the focused lane's newest message cut at
	// the store's text cap (""): a Command acts on them, so the root reads
	// them only for one.
	Chip     frame.Media
	HasChip  bool
	Overflow string
	// FilePickerOpen says the file picker is already on screen.
	FilePickerOpen bool
	// Profile is the terminal's colour profile (kitty previews need true
	// colour).
	Profile colorprofile.Profile
	// Screen is where the transcript is; PreviewRow says where the preview
	// of a media_id starts in the transcript's last View (ok false: not on
	// screen).
	Screen     Screen
	PreviewRow func(mediaID string) (row int, ok bool)
	// Tick is the root's timer (tests replace it).
	Tick Tick
}

// Screen is where the transcript is on the terminal and what covers it:
// previews are sized from it, and iTerm2 images, which the program draws
// outside the renderer, placed by it.
type Screen struct {
	// X and Y are the terminal cell of a preview's first column on the
	// transcript's first row.
	X, Y int
	// Cols is the widest preview that fits in a message bubble; Rows is the
	// transcript's height.
	Cols, Rows int
	// Dialogs is how many dialogs are open; Drawer says the / drawer is.
	Dialogs int
	Drawer  bool
}

// Tick schedules msg after d (the root's clock; tests fire it at once).
type Tick func(d time.Duration, msg tea.Msg) tea.Cmd

// call is one call's work: the facts it was given, with the attachments
// kept current as it changes them, and the actions it asks of the root in
// the order it asked.
type call struct {
	*Model
	f    Facts
	acts common.ActionBatch
}

// do asks the root for a.
func (c *call) do(a common.Action) { c.acts = append(c.acts, a) }

// action is what the call asks of the root: nothing, one action or a batch.
func (c *call) action() common.Action {
	switch len(c.acts) {
	case 0:
		return nil
	case 1:
		return c.acts[0]
	}
	return c.acts
}

// setStatus shows a (sanitised) status after a received chip.
func (c *call) setStatus(mediaID, status string) {
	c.do(common.ActionMediaStatus{MediaID: mediaID, Status: termsafe.Line(status)})
}

// updateAttachment applies edit to the draft's chip id (a no-op when it is
// gone) and asks the root to show the result.
func (c *call) updateAttachment(id int, edit func(*common.Attachment)) {
	for i := range c.f.Attachments {
		if at := &c.f.Attachments[i]; at.ID == id {
			edit(at)
			c.do(common.ActionSetAttachment{Attachment: *at})
		}
	}
}

// attachment returns the draft's chip id.
func (c *call) attachment(id int) (common.Attachment, bool) {
	for _, at := range c.f.Attachments {
		if at.ID == id {
			return at, true
		}
	}
	return common.Attachment{}, false
}
