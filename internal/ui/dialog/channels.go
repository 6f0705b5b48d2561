package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/list"
)

// ChannelsID is the channel management dialog's ID.
const ChannelsID = "channels"

// Channel operations, as /channel and /thread name them.
const (
	OpNewChannel = "new"
	OpNewThread  = "thread"
	OpRename     = "rename"
	OpDefault    = "default"
	OpDelete     = "delete"
)

// channelsStep is where the dialog is.
type channelsStep int

const (
	stepMenu    channelsStep = iota // choose an operation
	stepName                        // type a name (new, thread, rename)
	stepConfirm                     // confirm a deletion
)

// Channels manages the focused lane's channel: new channel, new thread,
// rename, set default and delete (with a confirmation that names what will
// be lost; never offered for the default channel). Each operation ends in
// an ActionSendFrame that also closes the dialog.
type Channels struct {
	com           *common.Common
	width, height int
	lane          frame.Lane
	node          store.ChannelNode // the lane's directory entry
	parent        store.ChannelNode // its channel (the node itself for a channel)
	step          channelsStep
	ops           []string
	op            string
	cur           list.Cursor // over the operations, or the confirmation's two rows
	input         textinput.Model
}

var _ Dialog = (*Channels)(nil)

// NewChannels opens the menu of operations for lane.
func NewChannels(com *common.Common, lane frame.Lane) *Channels {
	c := &Channels{com: com, lane: lane, input: newTextInput(com, "")}
	c.node, c.parent = findNode(com.Store.Tree(), lane)
	c.ops = []string{OpNewChannel, OpNewThread, OpRename}
	isThread := lane.ThreadID != ""
	if !isThread && !c.node.Default {
		c.ops = append(c.ops, OpDefault)
	}
	if !c.node.Default || isThread {
		c.ops = append(c.ops, OpDelete)
	}
	c.cur.SetLen(len(c.ops))
	return c
}

// NewChannelOp opens the dialog at one operation (from /channel or
// /thread): its name field or its confirmation; set default opens the menu
// with it highlighted, so it still takes an Enter. An operation the lane
// does not allow (deleting or re-setting the default channel) opens the
// menu instead.
func NewChannelOp(com *common.Common, lane frame.Lane, op string) *Channels {
	c := NewChannels(com, lane)
	for i, o := range c.ops {
		if o == op {
			c.cur.Set(i)
			if op != OpDefault {
				c.begin(op)
			}
		}
	}
	return c
}

// findNode returns lane's directory entry and its channel.
func findNode(tree []store.ChannelNode, l frame.Lane) (node, parent store.ChannelNode) {
	for _, n := range tree {
		if n.Lane == l {
			return n, n
		}
		for _, t := range n.Threads {
			if t.Lane == l {
				return t, n
			}
		}
	}
	n := store.ChannelNode{Lane: l, Name: l.String()}
	return n, n
}

// ID names the dialog.
func (c *Channels) ID() string { return ChannelsID }

// Ops returns the operations the menu offers.
func (c *Channels) Ops() []string { return c.ops }

// SetSize sets the screen size the dialog fits in.
func (c *Channels) SetSize(w, h int) {
	c.width, c.height = w, h
	c.input.SetWidth(max(c.innerWidth()-4, 8))
}

func (c *Channels) innerWidth() int { return min(max(c.width-8, 30), 64) }

// begin enters op's step: a name to type, a confirmation, or (set
// default) the frame at once.
func (c *Channels) begin(op string) common.Action {
	c.op = op
	switch op {
	case OpDelete:
		c.step = stepConfirm
		c.cur.SetLen(2)
		c.cur.Set(1) // Cancel is highlighted first
	case OpDefault:
		return c.done(frame.TypeChannelSetDef, &frame.Empty{})
	default:
		c.step = stepName
		c.input.SetValue("")
		c.input.Placeholder = map[string]string{OpNewChannel: "channel name", OpNewThread: "thread name", OpRename: "new name"}[op]
		if op == OpRename {
			c.input.SetValue(termsafe.Line(c.node.Name))
			c.input.CursorEnd()
		}
		c.input.Focus()
	}
	return nil
}

// done builds the frame for the lane and closes the dialog.
func (c *Channels) done(typ string, payload any) common.Action {
	f := frame.Frame{Type: typ, ChatID: frame.Some(c.lane.ChatID), ThreadID: frame.OrNull(c.lane.ThreadID), Payload: payload}
	return common.ActionSendFrame{Frame: f, Close: true}
}

// Update handles the keys of the current step.
func (c *Channels) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if c.step == stepName {
			var cmd tea.Cmd
			c.input, cmd = c.input.Update(msg)
			return nil, cmd
		}
	case tea.KeyPressMsg:
		km := c.com.KeyMap.Picker
		if key.Matches(msg, km.Close) {
			return common.ActionClose{}, nil
		}
		switch c.step {
		case stepName:
			return c.nameKey(msg)
		case stepConfirm:
			return c.listKey(msg, c.confirm), nil
		default:
			return c.listKey(msg, func(i int) common.Action { return c.begin(c.ops[i]) }), nil
		}
	case tea.MouseWheelMsg:
		if c.step != stepName {
			c.cur.Update(msg, listKeys(c.com, true))
		}
	}
	return nil, nil
}

// listKey moves over the rows (arrows, j/k, pages) and picks with Enter
// or a digit.
func (c *Channels) listKey(kp tea.KeyPressMsg, pick func(int) common.Action) common.Action {
	km := c.com.KeyMap.Picker
	switch {
	case c.cur.Update(kp, listKeys(c.com, true)):
	case key.Matches(kp, km.Select), c.cur.Digit(kp, km.Digit):
		return pick(c.cur.Index())
	}
	return nil
}

// confirm answers the deletion prompt: row 0 deletes, row 1 cancels.
func (c *Channels) confirm(i int) common.Action {
	if i != 0 {
		return common.ActionClose{}
	}
	return c.done(frame.TypeChannelDelete, &frame.Empty{})
}

// nameKey edits the name; Enter sends it (an empty name is not sent).
func (c *Channels) nameKey(kp tea.KeyPressMsg) (common.Action, tea.Cmd) {
	if !key.Matches(kp, c.com.KeyMap.Picker.Select) {
		var cmd tea.Cmd
		c.input, cmd = c.input.Update(kp)
		return nil, cmd
	}
	name := strings.TrimSpace(c.input.Value())
	if name == "" {
		return nil, nil
	}
	switch c.op {
	case OpRename:
		return c.done(frame.TypeChannelRename, &frame.ChannelRename{Name: name}), nil
	case OpNewThread:
		f := frame.Frame{Type: frame.TypeChannelCreate, Payload: &frame.ChannelCreate{
			Name: name, Kind: frame.KindThread, ParentChatID: frame.Some(c.parent.Lane.ChatID)}}
		return common.ActionSendFrame{Frame: f, Close: true}, nil
	}
	f := frame.Frame{Type: frame.TypeChannelCreate, Payload: &frame.ChannelCreate{Name: name, Kind: frame.KindChannel}}
	return common.ActionSendFrame{Frame: f, Close: true}, nil
}

// ShortHelp lists the keys of the step shown (its hint line).
func (c *Channels) ShortHelp() []key.Binding {
	km := c.com.KeyMap.Picker
	switch c.step {
	case stepName:
		return []key.Binding{common.Described(km.Select, "save"), common.Described(km.Close, "cancel")}
	case stepConfirm:
		return []key.Binding{common.Moves(km.Up, km.Down), common.Described(km.Select, "select"), common.Described(km.Close, "close")}
	}
	return []key.Binding{
		common.Combined(common.KeyPair(km.Up, km.Down)+"/"+common.KeyPair(km.VimDown, km.VimUp), "move", // "jk", as vim users say it
			km.Up, km.Down, km.VimDown, km.VimUp),
		common.Described(km.Digit, "pick"), common.Described(km.Select, "select"), common.Described(km.Close, "close")}
}

// FullHelp lists the dialog's keys.
func (c *Channels) FullHelp() [][]key.Binding { return [][]key.Binding{c.ShortHelp()} }
