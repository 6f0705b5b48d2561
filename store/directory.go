package store

import (
	"github.com/hermes/iris/wsclient/frame"
)

// channel is one directory entry.
type channel struct {
	lane    frame.Lane
	Name    string
	Kind    string
	Default bool
	Auto    bool
}

// ChannelNode is one entry of the sidebar tree: a channel with its threads
// nested (threads have no Threads of their own).
type ChannelNode struct {
	Lane    frame.Lane
	Name    string
	Kind    string // frame.KindDefault, KindChannel or KindThread
	Default bool
	// Auto marks a thread the gateway minted itself (auto-threading).
	Auto    bool
	Threads []ChannelNode
}

// Tree returns the directory: the default channel first, then the other
// channels in the gateway's order (new ones appended), each with its threads
// in the same order. A thread whose parent is unknown is listed at top level.
func (s *State) Tree() []ChannelNode {
	var out []ChannelNode
	at := map[string]int{} // chat id → index in out
	add := func(c *channel) {
		at[c.lane.ChatID] = len(out)
		out = append(out, c.node())
	}
	for _, c := range s.dir {
		if c.Default && c.lane.ThreadID == "" {
			add(c)
		}
	}
	for _, c := range s.dir {
		if !c.Default && c.lane.ThreadID == "" {
			add(c)
		}
	}
	for _, c := range s.dir {
		if c.lane.ThreadID == "" {
			continue
		}
		if i, ok := at[c.lane.ChatID]; ok {
			out[i].Threads = append(out[i].Threads, c.node())
		} else {
			out = append(out, c.node())
		}
	}
	return out
}

func (c *channel) node() ChannelNode {
	return ChannelNode{Lane: c.lane, Name: c.Name, Kind: c.Kind, Default: c.Default, Auto: c.Auto}
}

// DefaultLane returns the default channel's lane, or the first channel's
// when none is marked default, or the zero lane for an empty directory.
func (s *State) DefaultLane() frame.Lane {
	for _, c := range s.dir {
		if c.Default && c.lane.ThreadID == "" {
			return c.lane
		}
	}
	for _, c := range s.dir {
		if c.lane.ThreadID == "" {
			return c.lane
		}
	}
	return frame.Lane{}
}

// channel returns the directory entry of lane l, or nil.
func (s *State) channel(l frame.Lane) *channel {
	for _, c := range s.dir {
		if c.lane == l {
			return c
		}
	}
	return nil
}

// upsertChannel adds or updates one directory entry.
func (s *State) upsertChannel(fc frame.Channel) {
	l := fc.Lane()
	if l.ChatID == "" {
		return
	}
	delete(s.deleted, l)
	c := s.channel(l)
	if c == nil {
		c = &channel{lane: l}
		s.dir = append(s.dir, c)
	}
	next := *c
	if fc.Name != "" {
		next.Name = fc.Name
	}
	if next.Name == "" {
		next.Name = l.ChatID
	}
	if fc.Kind != "" {
		next.Kind = fc.Kind
	} else if next.Kind == "" {
		next.Kind = frame.KindChannel
		if l.ThreadID != "" {
			next.Kind = frame.KindThread
		}
	}
	if fc.IsDefault != nil {
		next.Default = *fc.IsDefault
	} else if fc.Kind == frame.KindDefault {
		next.Default = true
	}
	if fc.Auto != nil {
		next.Auto = *fc.Auto
	}
	if next == *c {
		return
	}
	if next.Default && !c.Default {
		for _, o := range s.dir {
			if o != c && o.Default {
				o.Default = false
				s.dirtyChannel(o)
			}
		}
	}
	*c = next
	if ln := s.lanes[l]; ln != nil && ln.Name != c.Name {
		ln.Name = c.Name
		s.laneChanged(ln)
	}
	s.dirtyChannel(c)
	s.chg.Directory = true
}

// replaceDirectory applies a full listing (hello.ack, channel.list): known
// entries are updated, new ones added in the listing's order, entries
// missing from it removed with their lanes. An empty listing is ignored:
// the default channel always exists, so it can only be a gateway fault,
// and it must not wipe the cache.
func (s *State) replaceDirectory(list []frame.Channel) {
	if len(list) == 0 {
		return
	}
	keep := map[frame.Lane]bool{}
	for _, fc := range list {
		keep[fc.Lane()] = true
	}
	for _, c := range append([]*channel(nil), s.dir...) {
		if !keep[c.lane] {
			s.removeLane(c.lane)
		}
	}
	for _, fc := range list {
		s.upsertChannel(fc)
	}
}

// removeLane deletes a lane, its directory entry and its items; a channel's
// threads go with it.
func (s *State) removeLane(l frame.Lane) {
	if l.ThreadID == "" {
		for _, c := range append([]*channel(nil), s.dir...) {
			if c.lane.ChatID == l.ChatID && c.lane.ThreadID != "" {
				s.removeLane(c.lane)
			}
		}
		for k := range s.lanes {
			if k.ChatID == l.ChatID && k.ThreadID != "" {
				s.removeLane(k)
			}
		}
	}
	for i, c := range s.dir {
		if c.lane == l {
			s.dir = append(s.dir[:i], s.dir[i+1:]...)
			break
		}
	}
	delete(s.lanes, l)
	delete(s.drafts, l)
	for id, o := range s.outbox {
		if o.lane == l {
			delete(s.outbox, id)
			s.chg.Outgoing = true
		}
	}
	s.deleted[l] = true
	s.forgetLane(l)
	s.chg.Removed = append(s.chg.Removed, l)
	s.chg.Directory = true
	s.chg.Pickers = true
}
