package devicelink

import "github.com/hermes/iris/wsclient"

// journalCap bounds the frames a process keeps for the processes that
// attach to it later.
const journalCap = 50000

// journal is what this process received of the device's stream, for the
// holder to give an attacher on attach: the hello.acks and frames in
// order, each marked with the role (gen) it came in under. A process that
// attaches fresh gets it all, as a replay, so that its state knows the
// pickers and turns of before (the holder's snapshot); a process that
// followed an earlier holder gets only what this holder's own connection
// brought. Older entries are dropped past journalCap, keeping the last
// hello.ack dropped; the pickers files cover what went with them.
type journal struct {
	entries []entry
}

type entry struct {
	ev  wsclient.Event // *wsclient.FrameEvent or *wsclient.HelloEvent
	gen int
}

// add records ev if it is a frame or a hello.ack. The caller serialises.
func (j *journal) add(ev wsclient.Event, gen int) {
	switch ev.(type) {
	case *wsclient.FrameEvent, *wsclient.HelloEvent:
	default:
		return
	}
	j.entries = append(j.entries, entry{ev: ev, gen: gen})
	if len(j.entries) <= journalCap {
		return
	}
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

// snapshot is what an attacher gets first: everything as a replay, from
// after cursor since (a replayed frame at or below it is left out); or,
// for a process resuming after a handover, what came under gen as it came.
func (j *journal) snapshot(resume bool, since int64, gen int) []wsclient.Event {
	var out []wsclient.Event
	for _, e := range j.entries {
		if resume {
			if e.gen == gen {
				out = append(out, e.ev)
			}
			continue
		}
		fe, ok := e.ev.(*wsclient.FrameEvent)
		if !ok {
			out = append(out, e.ev)
			continue
		}
		if fe.Frame.Cursor > 0 && fe.Frame.Cursor <= since {
			continue
		}
		out = append(out, &wsclient.FrameEvent{Frame: fe.Frame, Replayed: true})
	}
	return out
}
