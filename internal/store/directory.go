package store

import (
	"github.com/hermes/iris/frame"
)

// channel is one directory entry.
type channel struct {
	lane    frame.Lane
	ord     int // position: entries are only ever appended, so it never changes
	Name    string
	Kind    string
	Default bool
	Auto    bool
}

// dirIndex is what a State keeps beside the directory so that no question
// about it walks every entry: an index by lane, the tree built once per
// change (and patched for in-place edits), positions, and versions.
type dirIndex struct {
	byLane  map[frame.Lane]*channel
	nextOrd int           // the next directory entry's position
	dirVer  uint64        // bumped by every directory change
	tree    []ChannelNode // Tree's result, current while treeVer == dirVer
	treeVer uint64
	treeAt  map[frame.Lane][2]int // lane → index in tree, and in its Threads (-1: top level)
	// Changes since the last structural one (an entry added, removed or
	// reordered, at shapeVer), for DirectoryEdits.
	shapeVer   uint64
	edits      []dirEdit
	editsFloor uint64             // the log reaches back to this version
	pos        map[frame.Lane]int // index in dir, current while posVer == shapeVer
	posVer     uint64
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
// The tree is built once per change of the entries or their order, patched
// in place for renames, and shared: read it, never write it, and call Tree
// again after a change (DirectoryVersion says when).
func (s *State) Tree() []ChannelNode {
	if s.tree != nil && s.treeVer == s.dirVer {
		return s.tree
	}
	if edits, ok := s.DirectoryEdits(s.treeVer); ok && s.tree != nil {
		for _, l := range edits { // entries changed in place: patch their nodes
			if c, p := s.byLane[l], s.treeAt[l]; c != nil {
				n := &s.tree[p[0]]
				if p[1] >= 0 {
					n = &n.Threads[p[1]]
				}
				n.Name, n.Kind, n.Auto = c.Name, c.Kind, c.Auto
			}
		}
		s.treeVer = s.dirVer
		return s.tree
	}
	out := []ChannelNode{}
	at := map[string]int{} // chat id → index in out
	s.treeAt = make(map[frame.Lane][2]int, len(s.dir))
	add := func(c *channel) {
		at[c.lane.ChatID] = len(out)
		s.treeAt[c.lane] = [2]int{len(out), -1}
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
			s.treeAt[c.lane] = [2]int{i, len(out[i].Threads)}
			out[i].Threads = append(out[i].Threads, c.node())
		} else {
			s.treeAt[c.lane] = [2]int{len(out), -1}
			out = append(out, c.node())
		}
	}
	s.tree, s.treeVer = out, s.dirVer
	return out
}

// DirectoryVersion changes whenever the directory does: a list built from
// Tree is current while the version is the same.
func (s *State) DirectoryVersion() uint64 { return s.dirVer }

// maxEdits bounds the log of in-place directory edits.
const maxEdits = 1024

// dirEdit is one entry changed in place (renamed, say) at version ver.
type dirEdit struct {
	ver  uint64
	lane frame.Lane
}

// DirectoryEdits returns the lanes whose entries changed in place (a new
// name, kind or auto mark) since DirectoryVersion was since, when that is
// all that changed: then a list built from Tree at since is brought up to
// date by updating those lanes' rows. ok is false when entries were added,
// removed or reordered (a new default) since then, or the log no longer
// reaches back that far: then the list must be built again.
func (s *State) DirectoryEdits(since uint64) (lanes []frame.Lane, ok bool) {
	if since < s.shapeVer || since < s.editsFloor {
		return nil, false
	}
	for _, e := range s.edits {
		if e.ver > since {
			lanes = append(lanes, e.lane)
		}
	}
	return lanes, true
}

// ChannelName returns lane l's name in the directory, or "" for a lane
// the directory does not list.
func (s *State) ChannelName(l frame.Lane) string {
	if c := s.byLane[l]; c != nil {
		return c.Name
	}
	return ""
}

// Entry returns lane l's directory entry (without threads), or false for
// a lane the directory does not list.
func (s *State) Entry(l frame.Lane) (ChannelNode, bool) {
	if c := s.byLane[l]; c != nil {
		return c.node(), true
	}
	return ChannelNode{}, false
}

// dirPositions maps each listed lane to its index in s.dir, rebuilt once
// per change of the directory's entries or order.
func (s *State) dirPositions() map[frame.Lane]int {
	if s.pos == nil || s.posVer != s.shapeVer {
		s.pos = make(map[frame.Lane]int, len(s.dir))
		for i, c := range s.dir {
			s.pos[c.lane] = i
		}
		s.posVer = s.shapeVer
	}
	return s.pos
}

// dirChanged records a change of the directory's entries or order.
func (s *State) dirChanged() {
	s.dirVer++
	s.shapeVer, s.edits, s.editsFloor = s.dirVer, s.edits[:0], s.dirVer
	s.chg.Directory = true
}

// dirEdited records an in-place change of lane l's entry.
func (s *State) dirEdited(l frame.Lane) {
	s.dirVer++
	if len(s.edits) == maxEdits {
		s.editsFloor = s.edits[maxEdits/2-1].ver
		s.edits = append(s.edits[:0], s.edits[maxEdits/2:]...)
	}
	s.edits = append(s.edits, dirEdit{ver: s.dirVer, lane: l})
	s.chg.Directory = true
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
func (s *State) channel(l frame.Lane) *channel { return s.byLane[l] }

// addChannel appends a directory entry and indexes it.
func (s *State) addChannel(c *channel) {
	c.ord = s.nextOrd
	s.nextOrd++
	s.dir = append(s.dir, c)
	s.byLane[c.lane] = c
}

// upsertChannel adds or updates one directory entry.
func (s *State) upsertChannel(fc frame.Channel) {
	l := fc.Lane()
	if l.ChatID == "" {
		return
	}
	delete(s.deleted, l)
	c := s.channel(l)
	added := c == nil
	if added {
		c = &channel{lane: l}
		s.addChannel(c)
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
	reordered := added || next.Default != c.Default
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
	if reordered {
		s.dirChanged()
	} else {
		s.dirEdited(l)
	}
}

// replaceDirectory applies a full listing (hello.ack, channel.list): known
// entries are updated, new ones added in the listing's order, entries
// missing from it removed with their lanes. An entry that is not a channel
// (no chat id: `{}`, or a number or string the decoder could not read) is
// skipped and logged, and a listing with no valid entry at all is ignored:
// the default channel always exists, so it can only be a gateway fault,
// and it must not wipe the cache. For the same reason a listing that
// leaves the default channel out, and names no other default, never
// removes it. It takes time linear in
// the directory's size, however many entries change.
func (s *State) replaceDirectory(list []frame.Channel) {
	valid := make([]frame.Channel, 0, len(list))
	for i, fc := range list {
		if fc.ChatID == "" {
			s.opts.Log.Warn("store: protocol warning: a directory entry without a chat id was skipped", "entry", i, "of", len(list))
			continue
		}
		valid = append(valid, fc)
	}
	if len(valid) == 0 {
		if len(list) > 0 {
			s.opts.Log.Warn("store: protocol warning: a directory listing without one valid channel was ignored", "entries", len(list))
		}
		return
	}
	keep := make(map[frame.Lane]bool, len(valid))
	namesDefault := false // a new default: the old one may go
	for _, fc := range valid {
		keep[fc.Lane()] = true
		namesDefault = namesDefault || fc.Kind == frame.KindDefault || fc.IsDefault != nil && *fc.IsDefault
	}
	if !namesDefault {
		keep[s.DefaultLane()] = true
	}
	gone := map[frame.Lane]bool{}
	for _, c := range s.dir {
		if !keep[c.lane] {
			gone[c.lane] = true
		}
	}
	if len(gone) > 0 {
		s.removeLanes(gone)
	}
	for _, fc := range valid {
		s.upsertChannel(fc)
	}
}

// deleteChannel applies channel.deleted. The default channel cannot be
// deleted (PROTOCOL-NOTES), so a delete for it is refused and logged.
func (s *State) deleteChannel(l frame.Lane) {
	switch {
	case l.ChatID == "":
	case l.ThreadID == "" && l == s.DefaultLane():
		s.opts.Log.Warn("store: protocol warning: channel.deleted for the default channel was refused", "chat_id", l.ChatID)
	case s.channel(l) != nil || s.lanes[l] != nil:
		s.removeLane(l)
	default: // nothing in memory; rows may still be stored
		s.deleted[l] = true
		s.forgetLane(l)
	}
}

// removeLane deletes a lane, its directory entry and its items; a channel's
// threads go with it.
func (s *State) removeLane(l frame.Lane) { s.removeLanes(map[frame.Lane]bool{l: true}) }

// removeLanes deletes the lanes in gone as removeLane does, in one pass
// over the directory.
func (s *State) removeLanes(gone map[frame.Lane]bool) {
	chats := map[string]bool{} // channels whose threads go too
	for l := range gone {
		if l.ThreadID == "" {
			chats[l.ChatID] = true
		}
	}
	doomed := func(l frame.Lane) bool { return gone[l] || l.ThreadID != "" && chats[l.ChatID] }
	var removed []frame.Lane
	seen := map[frame.Lane]bool{}
	note := func(l frame.Lane) {
		if !seen[l] {
			seen[l] = true
			removed = append(removed, l)
		}
	}
	kept := s.dir[:0]
	for _, c := range s.dir {
		if doomed(c.lane) {
			note(c.lane)
			delete(s.byLane, c.lane)
			continue
		}
		kept = append(kept, c)
	}
	clear(s.dir[len(kept):])
	s.dir = kept
	for k := range s.lanes {
		if doomed(k) {
			note(k)
		}
	}
	for l := range gone {
		note(l)
	}
	s.rescueUnsent(doomed)
	s.rescueDrafts(doomed)
	for _, l := range removed {
		s.dropLane(l)
	}
	s.dirChanged()
	s.chg.Pickers = true
}

// dropLane forgets one removed lane's state, draft and queued messages.
func (s *State) dropLane(l frame.Lane) {
	if ln := s.lanes[l]; ln != nil {
		for _, it := range ln.items {
			if it.Msg != nil && it.Msg.Overflow != nil {
				s.dropOverflow(it.Msg.ID)
			}
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
}
