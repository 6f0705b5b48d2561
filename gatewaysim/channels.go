package gatewaysim

import (
	"strings"

	"github.com/hermes/iris/frame"
)

func (c *conn) handleChannelList(f frame.Frame) {
	c.s.mu.Lock()
	list := c.s.dir.list()
	c.s.mu.Unlock()
	c.send(frame.Frame{ID: f.ID, Type: frame.TypeChannelList, Payload: &frame.ChannelList{Channels: list}})
}

func (c *conn) handleChannelCreate(f frame.Frame) {
	p := f.Payload.(*frame.ChannelCreate)
	name, ok := c.requireName(f, p.Name)
	if !ok {
		return
	}
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var e *entry
	if p.Kind == frame.KindThread {
		parent := p.ParentChatID.Val
		if parent == "" {
			parent = f.ChatID.Val
		}
		pe := s.dir.find(parent, "")
		if pe == nil || pe.threadID != "" {
			c.sendError(f.ID, frame.CodeNotFound, "no parent channel "+quote(parent))
			return
		}
		e = &entry{chatID: pe.chatID, threadID: s.nextID("t"), name: name}
	} else {
		e = &entry{chatID: "iris:" + s.nextID("chan"), name: name}
	}
	s.dir.add(e)
	s.replyAllLocked(c, frame.Frame{ID: f.ID, Type: frame.TypeChannelCreated, Payload: frame.Ptr(s.dir.wire(e))})
}

func (c *conn) handleChannelRename(f frame.Frame, e *entry) {
	name, ok := c.requireName(f, f.Payload.(*frame.ChannelRename).Name)
	if !ok {
		return
	}
	s := c.s
	e.name = name
	s.replyAllLocked(c, frame.Frame{ID: f.ID, Type: frame.TypeChannelRenamed, Payload: frame.Ptr(s.dir.wire(e))})
}

func (c *conn) handleChannelSetDefault(f frame.Frame, e *entry) {
	s := c.s
	if e.threadID != "" {
		c.sendError(f.ID, frame.CodeUnsupported, "a thread cannot be the default channel")
		return
	}
	s.dir.defaultChat = e.chatID
	s.replyAllLocked(c, frame.Frame{ID: f.ID, Type: frame.TypeChannelList, Payload: &frame.ChannelList{Channels: s.dir.list()}})
}

// handleChannelDelete hard-deletes a channel (with its threads) or a thread:
// directory entries, history, parked frames of those lanes, running turns.
func (c *conn) handleChannelDelete(f frame.Frame, e *entry) {
	s := c.s
	if e.threadID == "" && e.chatID == s.dir.defaultChat {
		c.sendError(f.ID, frame.CodeUnsupported, "the default channel cannot be deleted")
		return
	}
	wires := map[*entry]frame.Channel{}
	for _, x := range s.dir.entries {
		wires[x] = s.dir.wire(x)
	}
	removed := s.dir.remove(e)
	lanes := map[frame.Lane]bool{}
	for _, x := range removed {
		lanes[x.lane()] = true
		s.store.dropLane(x.lane())
		if t := s.turns[x.lane()]; t != nil {
			t.abort(false)
		}
	}
	for _, d := range s.devices {
		d.purge(func(pf frame.Frame) bool { return lanes[pf.Lane()] })
	}
	for _, x := range removed[:len(removed)-1] {
		s.broadcastLocked(frame.Frame{Type: frame.TypeChannelDeleted, Payload: frame.Ptr(wires[x])}, nil)
	}
	s.replyAllLocked(c, frame.Frame{ID: f.ID, Type: frame.TypeChannelDeleted, Payload: frame.Ptr(wires[e])})
}

// autoThreadLocked mints a thread under lane's channel for text and
// broadcasts channel.created{auto:true} with an instant title. s.mu must be
// held.
func (s *Server) autoThreadLocked(chatID, text string) *entry {
	e := &entry{chatID: chatID, threadID: s.nextID("t"), name: instantTitle(text)}
	s.dir.add(e)
	ch := s.dir.wire(e)
	ch.Auto = frame.Ptr(true)
	s.broadcastLocked(frame.Frame{Type: frame.TypeChannelCreated, Payload: &ch}, nil)
	return e
}

// renameAuto upgrades an auto thread's instant title to the better one,
// if the thread still exists and was not renamed meanwhile.
func (s *Server) renameAuto(l frame.Lane, instant, better string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.dir.findLane(l)
	if e == nil || e.name != instant {
		return
	}
	e.name = better
	s.broadcastLocked(frame.Frame{Type: frame.TypeChannelRenamed, Payload: frame.Ptr(s.dir.wire(e))}, nil)
	s.broadcastLocked(laneFrame(0, frame.TypeNotification, l, &frame.Notification{
		Kind: "channel_renamed", Title: "Iris", Body: "Renamed topic to " + better, TS: s.nowMS(),
	}), nil)
}

// requireName returns the trimmed channel name of request f; an empty one is
// answered with unsupported.
func (c *conn) requireName(f frame.Frame, name string) (string, bool) {
	name = strings.TrimSpace(name)
	if name == "" {
		c.sendError(f.ID, frame.CodeUnsupported, f.Type+" needs a name")
	}
	return name, name != ""
}
