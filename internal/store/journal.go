package store

import (
	"encoding/json"
	"math"
	"strconv"

	"github.com/hermes/iris/frame"
)

// The journal hooks record what a mutating call changed into the current
// batch; commit snapshots it and hands it to the writer at the end of the
// call. A memory-only State (db == nil) keeps everything in memory and the
// hooks do nothing. Notices are never written.

// Keys of gateway-level values in the meta table.
const (
	metaCursor   = "cursor"
	metaCatalog  = "catalog"
	metaFocus    = "focus"
	metaInstance = "instance"
)

// cur returns the batch being built.
func (s *State) cur() *batch {
	if s.db.cur == nil {
		s.db.cur = newBatch()
	}
	return s.db.cur
}

// dirty marks item it of lane ln for writing. A message still streaming
// is not written: each update replaces the whole text, and only its final
// form must survive a crash (sync or history bring back the rest).
func (s *State) dirty(ln *Lane, it *Item) {
	if s.db != nil && it.Kind != KindNotice && (it.Msg == nil || !it.Msg.Streaming) {
		s.cur().dirty[it.id] = dirtyItem{lane: ln.Key, it: it}
	}
}

// forget marks a removed item for deletion.
func (s *State) forget(it *Item) {
	if it.Msg != nil && it.Msg.Overflow != nil {
		s.dropOverflow(it.Msg.ID)
	}
	if s.db == nil {
		return
	}
	b := s.cur()
	delete(b.dirty, it.id)
	b.deleteIDs = append(b.deleteIDs, it.id)
}

// forgetMessage deletes message id of lane l wherever it is stored, rows
// older than what is in memory included.
func (s *State) forgetMessage(l frame.Lane, id string) {
	s.dropOverflow(id)
	if s.db != nil {
		s.rowsGen++
		s.cur().deleteMsg = append(s.cur().deleteMsg, msgRef{l, id})
	}
}

// forgetLane deletes a lane's items, read state and draft, and rewrites
// the directory.
func (s *State) forgetLane(l frame.Lane) {
	if s.db == nil {
		return
	}
	delete(s.db.stored, l)
	s.rowsGen++
	b := s.cur()
	for id, d := range b.dirty {
		if d.lane == l {
			delete(b.dirty, id)
		}
	}
	delete(b.drafts, l)
	for k := range b.chans {
		if k == l || l.ThreadID == "" && k.ChatID == l.ChatID {
			delete(b.chans, k)
		}
	}
	b.dropLanes = append(b.dropLanes, l)
}

// dirtyChannel marks a directory entry for writing.
func (s *State) dirtyChannel(c *channel) {
	if s.db != nil {
		s.cur().chans[c.lane] = c
	}
}

// dirtyMeta marks a gateway-level value (cursor, catalog) for writing.
func (s *State) dirtyMeta(key string) {
	if s.db != nil {
		s.cur().meta[key] = ""
	}
}

// dirtyDraft records lane l's draft.
func (s *State) dirtyDraft(l frame.Lane) {
	if s.db != nil {
		s.cur().drafts[l] = s.drafts[l]
	}
}

// dirtySetting records a setting.
func (s *State) dirtySetting(key string) {
	if s.db != nil {
		s.cur().settings[key] = s.settings[key]
	}
}

// commit snapshots the current batch (items, directory, values, the state
// of every changed lane) and hands it to the writer.
func (s *State) commit() {
	if s.db == nil {
		return
	}
	var lanes []laneRow
	for _, l := range s.chg.Lanes {
		if ln := s.lanes[l]; ln != nil {
			if r := encodeLane(ln); r != ln.saved {
				lanes = append(lanes, r)
				ln.saved = r
			}
		}
	}
	if s.db.cur == nil && lanes == nil {
		return
	}
	b := s.cur()
	s.db.cur = nil
	b.lanes = lanes
	s.db.sent++
	b.seq = s.db.sent
	for _, d := range b.dirty {
		r, err := encodeItem(d.lane, d.it)
		if err != nil {
			s.db.report(err, 0)
			d.it.batch = math.MaxInt64 // never written: never shed
			continue
		}
		d.it.batch = b.seq
		b.rows = append(b.rows, r)
	}
	b.dirty = nil
	for _, c := range b.chans {
		b.channels = append(b.channels, channelRow{channel: *c, ord: c.ord})
	}
	b.chans = nil
	for k := range b.meta {
		b.meta[k] = s.metaValue(k)
	}
	if !b.empty() {
		s.db.send(b)
	}
}

// metaValue encodes a gateway-level value for the meta table.
func (s *State) metaValue(key string) string {
	switch key {
	case metaCursor:
		return strconv.FormatInt(s.cursor.Load(), 10)
	case metaCatalog:
		b, err := json.Marshal(s.catalog)
		if err != nil {
			s.db.report(err, 0)
		}
		return string(b)
	case metaInstance:
		return s.instance
	case metaFocus:
		b, _ := json.Marshal([]string{s.focus.ChatID, s.focus.ThreadID})
		return string(b)
	}
	return ""
}
