package gatewaysim

import (
	"slices"
	"strings"

	"github.com/hermes/iris/frame"
)

// DefaultChatID is the chat_id of the channel every fresh simulator has.
const DefaultChatID = "iris:default"

// entry is one channel or thread of the directory.
type entry struct {
	chatID   string // the channel's chat_id; a thread's parent chat_id
	threadID string // "" for a channel
	name     string
}

// lane returns the entry's lane.
func (e *entry) lane() frame.Lane { return frame.Lane{ChatID: e.chatID, ThreadID: e.threadID} }

// directory is the channel directory, in creation order.
type directory struct {
	entries     []*entry
	defaultChat string
}

func newDirectory() *directory {
	return &directory{
		entries:     []*entry{{chatID: DefaultChatID, name: "Default"}},
		defaultChat: DefaultChatID,
	}
}

// wire renders e as a directory entry of the protocol. A thread's entry
// has the first shape PROTOCOL-NOTES.md allows: its parent's chat_id plus
// its own thread_id (kind "thread"), so that its (chat_id, thread_id) is
// the lane its frames carry.
func (d *directory) wire(e *entry) frame.Channel {
	if e.threadID != "" {
		return frame.Channel{ChatID: e.chatID, ThreadID: frame.Some(e.threadID), Name: e.name, Kind: frame.KindThread}
	}
	isDefault := e.chatID == d.defaultChat
	kind := frame.KindChannel
	if isDefault {
		kind = frame.KindDefault
	}
	return frame.Channel{ChatID: e.chatID, Name: e.name, Kind: kind, IsDefault: frame.Ptr(isDefault), ParentChatID: frame.Null()}
}

// list returns the whole directory.
func (d *directory) list() []frame.Channel {
	out := make([]frame.Channel, 0, len(d.entries))
	for _, e := range d.entries {
		out = append(out, d.wire(e))
	}
	return out
}

// find returns the entry of lane (chat, thread), or nil: entries are keyed
// by the pair, never by chat_id alone.
func (d *directory) find(chat, thread string) *entry {
	for _, e := range d.entries {
		if e.chatID == chat && e.threadID == thread {
			return e
		}
	}
	return nil
}

// findLane resolves a frame's lane (envelope first, then payload).
func (d *directory) findLane(l frame.Lane) *entry { return d.find(l.ChatID, l.ThreadID) }

// laneFrame builds a frame of type typ scoped to lane l (id 0 for events).
func laneFrame(id int64, typ string, l frame.Lane, payload any) frame.Frame {
	return frame.Frame{ID: id, Type: typ, ChatID: frame.Some(l.ChatID), ThreadID: frame.OrNull(l.ThreadID), Payload: payload}
}

// laneLocked resolves the lane request f names (envelope first, then
// payload). A request that names no lane, or one the directory does not
// have, is answered not_found (never served in the default channel) and
// laneLocked returns nil. s.mu must be held.
func (c *conn) laneLocked(f frame.Frame) *entry {
	l := f.Lane()
	if l.ChatID == "" {
		c.sendError(f.ID, frame.CodeNotFound, f.Type+" names no chat_id")
		return nil
	}
	e := c.s.dir.findLane(l)
	if e == nil {
		c.sendError(f.ID, frame.CodeNotFound, "unknown chat "+quote(l.String()))
	}
	return e
}

// add appends an entry.
func (d *directory) add(e *entry) { d.entries = append(d.entries, e) }

// remove deletes e and, for a channel, its threads. It returns the removed
// entries, threads first.
func (d *directory) remove(e *entry) []*entry {
	var removed []*entry
	if e.threadID == "" {
		for _, t := range d.entries {
			if t.threadID != "" && t.chatID == e.chatID {
				removed = append(removed, t)
			}
		}
	}
	removed = append(removed, e)
	d.entries = slices.DeleteFunc(d.entries, func(x *entry) bool { return slices.Contains(removed, x) })
	return removed
}

// instantTitle derives a thread title from a message at once, as the
// gateway does before the model has named it.
func instantTitle(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	r := []rune(text)
	if len(r) <= 32 {
		return text
	}
	return strings.TrimSpace(string(r[:32])) + "…"
}

// betterTitle is the "model's" title: the message's significant words in
// title case.
func betterTitle(text string) string {
	var words []string
	for _, w := range strings.Fields(text) {
		w = strings.Trim(w, ".,;:!?\"'()[]{}`*_#")
		if len([]rune(w)) < 4 {
			continue
		}
		r := []rune(strings.ToLower(w))
		r[0] = []rune(strings.ToUpper(string(r[0])))[0]
		words = append(words, string(r))
		if len(words) == 4 {
			break
		}
	}
	if len(words) == 0 {
		return "Quick Question"
	}
	return "About " + strings.Join(words, " ")
}
