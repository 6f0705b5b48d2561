package devicelink

import "github.com/hermes/iris/wsclient"

// journalCap bounds the frames a process keeps for the processes that
// attach to it later.
const journalCap = 10000

// journal is what this process received of the device's stream, for the
// holder to give an attacher on attach: the hello.acks and frames in
// order, each marked with the role (gen) it came in under. A process that
// attaches fresh gets it all, as a replay, so that its state knows the
// pickers and turns of before (the holder's snapshot); a process that
// followed an earlier holder gets only what this holder's own connection
// brought, and one this holder cut off (it fell too far behind) what came
// after the last entry it had (entries are numbered). Older entries are dropped past journalCap, keeping the last
// hello.ack dropped; the pickers files cover what went with them.
type journal struct {
	entries []entry
	last    int64 // the number of the last entry
}

type entry struct {
	ev  wsclient.Event // *wsclient.FrameEvent or *wsclient.HelloEvent
	gen int
	seq int64
}

// add records ev if it is a frame or a hello.ack and returns its number
// (0: not recorded). The caller serialises.
func (j *journal) add(ev wsclient.Event, gen int) int64 {
	switch ev.(type) {
	case *wsclient.FrameEvent, *wsclient.HelloEvent:
	default:
		return 0
	}
	j.last++
	j.entries = append(j.entries, entry{ev: ev, gen: gen, seq: j.last})
	if len(j.entries) > journalCap {
		j.trim()
	}
	return j.last
}

// trim drops the older half of the entries, keeping the last hello.ack
// among them.
func (j *journal) trim() {
	drop := len(j.entries) - journalCap/2
	var hello *entry
	for i := range drop {
		if _, ok := j.entries[i].ev.(*wsclient.HelloEvent); ok {
			hello = &j.entries[i]
		}
	}
	kept := j.entries[drop:]
	if hello != nil {
		kept = append([]entry{*hello}, kept...)
	}
	j.entries = append([]entry(nil), kept...)
}

// numbered is an entry's event with its number, for the link.
type numbered struct {
	ev  wsclient.Event
	seq int64
}

// snapshot is what an attacher gets first: everything as a replay, from
// after cursor since (a replayed frame at or below it is left out); for a
// process resuming after a handover, what came under gen as it came; for
// one resuming on this same holder, what came after entry after.
func (j *journal) snapshot(a attach, gen int) []numbered {
	var out []numbered
	for _, e := range j.entries {
		switch {
		case a.same:
			if e.seq > a.after {
				out = append(out, numbered{e.ev, e.seq})
			}
		case a.resume:
			if e.gen == gen {
				out = append(out, numbered{e.ev, e.seq})
			}
		default:
			fe, ok := e.ev.(*wsclient.FrameEvent)
			if !ok {
				out = append(out, numbered{e.ev, e.seq})
				continue
			}
			if fe.Frame.Cursor > 0 && fe.Frame.Cursor <= a.since {
				continue
			}
			out = append(out, numbered{&wsclient.FrameEvent{Frame: fe.Frame, Replayed: true}, e.seq})
		}
	}
	return out
}

// attach is what an attaching process asks for (see snapshot).
type attach struct {
	resume bool  // it followed a holder before
	same   bool  // that holder is this one
	after  int64 // the last entry it had from this holder
	since  int64
}
