package store

import (
	"github.com/hermes/iris/frame"
)

// Apply is the reducer: it applies one server frame to the state and
// returns what changed. replayed marks frames from a sync replay (a frame
// with a cursor counts as replayed either way); applying a replayed frame
// that was already seen is a no-op. A frame's cursor advances Cursor in
// the same call, so a persistent State writes it in the same transaction as
// the frame's effects.
//
// Every server frame type of package frame is understood. Responses that
// carry no state of their own (history, search.results, commands.complete,
// media.upload.ack, media.pull, media.pull.end, pong) are no-ops here:
// history pages go to ApplyHistory, since only the request knows which page
// it asked for. Unknown types, frames with an unexpected payload, frames
// that belong to a lane but name none (frame.Frame.Unrouted: never guessed
// into a lane) and frames for a lane deleted in this session are no-ops
// too.
func (s *State) Apply(f frame.Frame, replayed bool) Change {
	s.begin()
	replayed = replayed || f.Cursor > 0
	if ln := s.lanes[f.Lane()]; ln != nil && !replayed {
		ln.anchor, ln.storedTurn = nil, false
	}
	routed := !f.Unrouted()
	if routed && !replayed && movesTurnOn(f) {
		s.answersMovedOn(f.Lane())
	}
	if routed && !replayed {
		s.turnAlive(f)
	}
	if routed && !(replayed && s.staleReplay(f)) {
		s.apply(f, replayed)
	}
	if replayed {
		s.replayReached(f)
	}
	s.advanceCursor(f.Cursor)
	return s.end()
}

func (s *State) apply(f frame.Frame, replayed bool) {
	switch p := f.Payload.(type) {
	case *frame.HelloAck:
		s.applyHelloAck(p)
	case *frame.Message:
		s.applyMessage(f.Lane(), p, replayed)
	case *frame.MessageStart:
		s.applyStart(f.Lane(), p)
	case *frame.MessageUpdate:
		s.applyUpdate(f.Lane(), p)
	case *frame.MessageStop:
		s.applyStop(f.Lane(), p, replayed)
	case *frame.MessageDeleted:
		s.deleteMessages(f.Lane(), p.MessageIDs)
	case *frame.Commentary:
		s.applyCommentary(f.Lane(), p)
	case *frame.ToolStart:
		s.applyToolStart(f.Lane(), p, replayed)
	case *frame.ToolProgress:
		s.applyToolProgress(f.Lane(), p, replayed)
	case *frame.ToolEnd:
		s.applyToolEnd(f.Lane(), p, replayed)
	case *frame.Typing:
		s.setTyping(f.Lane(), p.On == nil || *p.On)
	case *frame.Notification:
		s.banner(Banner{Lane: f.Lane(), Kind: p.Kind, Title: p.Title, Body: p.Body,
			TS: s.fromMillis(p.TS), Replayed: replayed})
	case *frame.Picker:
		if frame.IsPicker(f.Type) {
			s.applyPicker(f, p)
		}
	case *frame.PickerAnswered:
		s.applyPickerAnswered(f.Lane(), p)
	case *frame.ChannelList:
		s.replaceDirectory(p.Channels)
	case *frame.Channel:
		s.applyChannel(f.Type, p)
	case *frame.CommandsCatalog:
		s.setCatalog(p.Commands)
	case *frame.AgentBusy:
		s.setBusy(f.Lane(), p.Reason)
	case *frame.Media:
		s.applyMediaOffer(f.Lane(), p)
	case *frame.ReadReceipt:
		s.applyReceipt(f.Lane(), p.MessageID)
	case *frame.Status:
		s.applyStatus(p)
	case *frame.Error:
		s.banner(Banner{Lane: f.Lane(), Kind: BannerError, Title: p.Code, Body: p.Message})
	case *frame.SyncDone:
		s.advanceCursor(p.Cursor)
	case *frame.Empty:
		s.applyEmpty(f)
	}
}

// staleReplay reports whether replayed frame f belongs to a turn already
// held. A turn only the database holds (its message is stored and could
// not be paged back in: recall) takes no replayed turn events at all. For a turn in memory,
// lifecycle frames (busy, idle, typing) are stale when the replay anchor's
// turn is older than the lane's current one (a later user message the
// gateway echoed follows it), or, for busy and typing, already has its
// final answer; tool events and commentary dedupe themselves. Otherwise
// replayed lifecycle frames apply in cursor order, like live ones.
func (s *State) staleReplay(f frame.Frame) bool {
	ln := s.lanes[f.Lane()]
	if ln == nil {
		return false
	}
	if ln.storedTurn {
		switch f.Type {
		case frame.TypeToolStart, frame.TypeToolProgress, frame.TypeToolEnd, frame.TypeCommentary,
			frame.TypeAgentBusy, frame.TypeAgentIdle, frame.TypeTyping, frame.TypeTypingStop:
			return true
		}
	}
	if ln.anchor == nil {
		return false
	}
	switch f.Type {
	case frame.TypeAgentIdle, frame.TypeTypingStop:
	case frame.TypeAgentBusy, frame.TypeTyping:
		if ln.answered() {
			return true
		}
	default:
		return false
	}
	_, to := ln.turn(true)
	return ln.echoedUserFrom(to)
}

// echoedUserFrom reports whether a user message the gateway has echoed
// sits at or after index i: a later turn the gateway knows of. The user's
// placeholders not yet echoed (queued, in flight) start no turn yet, so a
// replayed idle of the turn before them still applies.
func (l *Lane) echoedUserFrom(i int) bool {
	for _, it := range l.items[i:] {
		if isUserMsg(it) && it.Msg.ID != "" {
			return true
		}
	}
	return false
}

// applyEmpty handles the payload-less frames.
func (s *State) applyEmpty(f frame.Frame) {
	switch f.Type {
	case frame.TypeTypingStop:
		s.setTyping(f.Lane(), false)
	case frame.TypeAgentIdle:
		s.setIdle(f.Lane())
	}
}

func (s *State) applyChannel(typ string, c *frame.Channel) {
	switch typ {
	case frame.TypeChannelCreated, frame.TypeChannelRenamed:
		s.upsertChannel(*c)
	case frame.TypeChannelDeleted:
		s.deleteChannel(c.Lane())
	}
}

// existingLane returns lane l if it already exists (no creation).
func (s *State) existingLane(l frame.Lane) *Lane { return s.lanes[l] }

func (s *State) setTyping(l frame.Lane, on bool) {
	ln := s.existingOrNew(l)
	if ln == nil || ln.Typing == on {
		return
	}
	ln.Typing = on
	s.laneChanged(ln)
}

func (s *State) setBusy(l frame.Lane, reason string) {
	ln := s.existingOrNew(l)
	if ln == nil || (ln.Busy && ln.BusyReason == reason) {
		return
	}
	ln.Busy, ln.BusyReason = true, reason
	s.laneChanged(ln)
	s.chg.Directory = true
}

// setIdle ends the lane's turn: not busy, not typing, pending pickers
// close (closeCause says why), and anything left streaming or running is
// closed.
func (s *State) setIdle(l frame.Lane) { s.endTurn(l, CutNone) }

// endTurn is setIdle for a turn Settle ended with c (CutNone: agent.idle).
func (s *State) endTurn(l frame.Lane, c Cut) {
	ln := s.existingLane(l)
	if ln == nil {
		return
	}
	if ln.Busy || ln.Typing {
		ln.Busy, ln.BusyReason, ln.Typing = false, "", false
		s.laneChanged(ln)
		s.chg.Directory = true
	}
	s.closePickers(ln, c)
	// The turn that just ended is closed quietly (its end frames may still
	// follow). Anything still open from an earlier turn missed its end for
	// good: the gateway lost that turn (a restart while Iris was away) and
	// a later turn has since run, so reconciliation saw a live lane.
	quiet := CutIdle
	for i := len(ln.items) - 1; i >= 0; i-- {
		if isUserMsg(ln.items[i]) {
			quiet = CutLost
		}
		s.cut(ln, ln.items[i], quiet)
	}
	s.stopAnswered(ln)
}

// existingOrNew returns lane l, creating it only for a real chat id.
func (s *State) existingOrNew(l frame.Lane) *Lane {
	if l.ChatID == "" {
		return nil
	}
	return s.lane(l)
}
