package store

import (
	"testing"
)

// openHooked reopens the store in dir (its lane d holding m1…m120, written
// by reopened) counting the reads made on the caller's goroutine in reads.
// The stored focus is c7, so Open reads that lane first and leaves d's
// items unread.
func openHooked(t *testing.T, dir string, clk *clock, reads *int) *State {
	t.Helper()
	st := reopened(t, dir, clk, false)
	st.Focus(chan7)
	closeState(t, st)
	s, err := Open(dir, Options{Now: clk.now, PageSize: 50, OnSyncRead: func() { *reads++ }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// The lane accessors, Focus, OpenPage, LoadOlder and ApplyPage never read
// the database on the caller's goroutine: the reads are PageRead.Read's,
// made on the writer's. The reducer's first use of a lane not read yet
// does read there, and the hook sees it.
func TestPagingReadsOffTheCallersGoroutine(t *testing.T) {
	dir, clk, reads := t.TempDir(), newClock(), 0
	s := openHooked(t, dir, clk, &reads)
	ln := s.Lane(def)
	if _, ok := ln.IndexOf("m120"); ln.Len() != 0 || ln.Item(0) != nil || ln.Message("m120") != nil || ok {
		t.Fatal("the accessors read stored items")
	}
	s.Focus(def)
	rd := s.OpenPage(def)
	if rd == nil || rd.Lane() != def || ln.Len() != 0 {
		t.Fatalf("open: read %v, %d items held", rd, ln.Len())
	}
	p := rd.Read()
	if !p.First() || ln.Len() != 0 {
		t.Fatal("the read changed the lane before ApplyPage")
	}
	if c := s.ApplyPage(p); !c.Has(def) {
		t.Fatalf("applied: %+v", c)
	}
	wantIDs(t, s, def, 71, 120)
	if s.OpenPage(def) != nil {
		t.Fatal("a full page asks for more")
	}
	_, rd, req := s.LoadOlder(def)
	if rd == nil || req != nil || ln.Len() != 50 {
		t.Fatalf("older: read %v, request %v, %d items", rd, req, ln.Len())
	}
	s.ApplyPage(rd.Read())
	wantIDs(t, s, def, 21, 120)
	if reads != 0 {
		t.Fatalf("%d reads on the caller's goroutine", reads)
	}
	apply(t, s, `{"type":"message","chat_id":"c9","payload":{"message_id":"x","text":"y"}}`)
	if reads == 0 {
		t.Fatal("the hook missed the reducer's read of a lane not read yet")
	}
}

// A page that no longer fits what the lane holds is dropped: its lane went
// out of view, rows outside memory were deleted meanwhile, the oldest item
// held changed, or the store was closed.
func TestStalePagesAreDropped(t *testing.T) {
	clk, reads := newClock(), 0
	s := openHooked(t, t.TempDir(), clk, &reads)
	s.Focus(def)
	p := s.OpenPage(def).Read()
	s.Focus(chan7)
	if c := s.ApplyPage(p); !c.Empty() || s.Lane(def).Len() != 0 {
		t.Fatalf("out of view: %+v", c)
	}

	focus(s, def)
	_, rd, _ := s.LoadOlder(def)
	p = rd.Read()
	apply(t, s, `{"type":"message.deleted","chat_id":"d","payload":{"message_ids":["m60"]}}`)
	if c := s.ApplyPage(p); !c.Empty() || s.Lane(def).Len() != 50 {
		t.Fatalf("rows deleted meanwhile: %+v", c)
	}
	_, rd, _ = s.LoadOlder(def)
	p = rd.Read()
	apply(t, s, `{"type":"message.deleted","chat_id":"d","payload":{"message_ids":["m71"]}}`)
	if c := s.ApplyPage(p); !c.Empty() || s.Lane(def).Len() != 49 {
		t.Fatalf("oldest deleted meanwhile: %+v", c)
	}
	_, rd, _ = s.LoadOlder(def)
	if c := s.ApplyPage(rd.Read()); !c.Has(def) || s.Lane(def).Message("m60") != nil || s.Lane(def).Len() != 99 {
		t.Fatalf("asked again: %d items, %+v", s.Lane(def).Len(), c)
	}

	_, rd, _ = s.LoadOlder(def)
	closeState(t, s)
	if c := s.ApplyPage(rd.Read()); !c.Empty() {
		t.Fatalf("closed: %+v", c)
	}
}

// Open reads the newest page of the lane the UI shows first, the stored
// focus or else the default lane, so the first frame needs no page read.
func TestOpenReadsTheFirstLanesNewestPage(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	closeState(t, reopened(t, dir, clk, false)) // focus d, the default lane
	s, err := Open(dir, Options{Now: clk.now, PageSize: 50})
	if err != nil {
		t.Fatal(err)
	}
	ln := s.Lane(def) // memory only: what Open read
	if ln.Len() != 50 || ln.Item(0).Msg.ID != "m71" || ln.Item(49).Msg.ID != "m120" {
		t.Fatalf("the first lane holds %d items after Open", ln.Len())
	}
	if s.OpenPage(def) != nil {
		t.Fatal("the first lane asks for a page read after Open")
	}
	closeState(t, s)

	reads := 0
	s = openHooked(t, dir, clk, &reads) // focus c7: d is left unread
	if n := s.Lane(def).Len(); n != 0 || reads != 0 {
		t.Fatalf("d holds %d items after Open; %d hooked reads", n, reads)
	}
}
