package store

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
)

// needs adds to r what script step line would read (as the UI asks before
// each store call) and reports whether it would read.
func needs(s *State, r *Reads, line string) bool {
	word, rest, _ := strings.Cut(line, " ")
	switch word {
	case "out", "steer":
		chat, _, _ := strings.Cut(rest, " ")
		return s.NeedLane(r, lane(chat, ""))
	case "settle":
		return s.NeedLane(r, lane(rest, ""))
	case "hist":
		chat, js, _ := strings.Cut(rest, " ")
		var h frame.History
		return json.Unmarshal([]byte(js), &h) == nil && s.NeedHistory(r, lane(chat, ""), &h)
	case "set", "tick", "took", "unsteer":
		return false
	}
	fr, err := frame.Decode([]byte(strings.TrimPrefix(line, "!")), frame.FromServer)
	return err == nil && s.NeedFrame(r, fr, strings.HasPrefix(line, "!"))
}

// runAhead runs script lines as the UI runs held store calls: when the
// next one would read, what it and every later one would read is read
// ahead (on the writer goroutine) and installed, and the steps go on while
// none needs more.
func runAhead(t *testing.T, s *State, clk *clock, lines []string, ids *int) {
	t.Helper()
	for i, line := range lines {
		if needs(s, nil, line) {
			var r Reads
			for _, l := range lines[i:] {
				needs(s, &r, l)
			}
			rd := s.ReadAhead(&r)
			if rd == nil {
				t.Fatalf("%q needs a read but ReadAhead has none", line)
			}
			s.UseAhead(rd.Read())
			if needs(s, nil, line) {
				t.Fatalf("%q still needs a read after it was made", line)
			}
		}
		scriptStep(s, clk, line, ids)
		if err := invariants(s); err != nil {
			t.Fatalf("%v after %q", err, line)
		}
	}
	s.DoneAhead()
}

// TestReadAheadLeavesNothingToReadInPlace runs random scripts on two
// persistent States with a tiny page size, restarting them halfway (so
// that lanes not read yet, dedupe against messages only the database
// holds and placement among stored pages come up often): one reads in
// place, the other has every step's reads made ahead. The second never
// reads on the caller's goroutine, and both store the same.
func TestReadAheadLeavesNothingToReadInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 29))
	next := scriptGen(r)
	for range 30 {
		script := make([]string, 40)
		for i := range script {
			script[i] = next()
		}
		inPlace := runAcrossRestart(t, script, nil)
		reads := 0
		ahead := runAcrossRestart(t, script, &reads)
		if reads != 0 {
			t.Fatalf("%d reads on the caller's goroutine with reads made ahead, script:\n%s", reads, strings.Join(script, "\n"))
		}
		if ahead != inPlace {
			t.Fatalf("reads made ahead store:\n%s\nreads in place:\n%s\nscript:\n%s", ahead, inPlace, strings.Join(script, "\n"))
		}
	}
}

// runAcrossRestart runs script on a new persistent State, restarting it
// halfway, and returns what it stores, all pages read. With reads it makes
// every step's reads ahead and counts those made in place.
func runAcrossRestart(t *testing.T, script []string, reads *int) string {
	t.Helper()
	dir, clk := t.TempDir(), newClock()
	counting := false
	opts := Options{Now: clk.now, PageSize: 2, IdleItems: IdleItems, OnSyncRead: func() {
		if counting {
			*reads++
		}
	}}
	ids := 0
	for half := range 2 {
		s, err := Open(dir, opts)
		if err != nil {
			t.Fatal(err)
		}
		counting = reads != nil
		lines := script[half*len(script)/2 : (half+1)*len(script)/2]
		if reads != nil {
			runAhead(t, s, clk, lines, &ids)
		} else {
			for _, line := range lines {
				scriptStep(s, clk, line, &ids)
			}
		}
		counting = false
		closeState(t, s)
	}
	s, err := Open(dir, Options{Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	defer closeState(t, s)
	return storedView(readAll(s))
}

// TestShedMessageIsKnownToTheReadAhead: a message that was not stored when
// the reads were made ahead, then added, written and shed from memory
// (its lane is not in view) before the same message comes again, is known
// stored: the frame needs the pages back to it read (it merges with the
// stored row), that read is made ahead, nothing is read in place and the
// message is not added twice.
func TestShedMessageIsKnownToTheReadAhead(t *testing.T) {
	clk, reads := newClock(), 0
	s, err := Open(t.TempDir(), Options{Now: clk.now, PageSize: 2, IdleItems: IdleItems, OnSyncRead: func() { reads++ }})
	if err != nil {
		t.Fatal(err)
	}
	defer closeState(t, s)
	msg := func(id string, ts int) string {
		return fmt.Sprintf(`{"type":"message","chat_id":"d","payload":{"message_id":%q,"role":"assistant","text":"t","ts":%d}}`, id, 1_800_000_000_000+ts)
	}
	script := []string{msg("a", 1)}
	for i := range 6 {
		script = append(script, msg(fmt.Sprintf("n%d", i), 10+i))
	}
	var r Reads
	for _, js := range script {
		s.NeedFrame(&r, decode(t, js), false)
	}
	s.UseAhead(s.ReadAhead(&r).Read())
	for _, js := range script {
		if s.NeedFrame(nil, decode(t, js), false) {
			t.Fatalf("%s needs a read after the reads were made", js)
		}
		apply(t, s, js)
	}
	s.SaveNow()
	apply(t, s, `{"type":"typing","chat_id":"d","payload":{}}`) // the next change sheds the written items
	if s.Lane(def).Message("a") != nil {
		t.Fatal("a was not shed")
	}
	again := decode(t, msg("a", 1))
	r = Reads{}
	if !s.NeedFrame(&r, again, false) {
		t.Fatal("the shed message needs no read of its row")
	}
	s.UseAhead(s.ReadAhead(&r).Read())
	if s.NeedFrame(nil, again, false) {
		t.Fatal("the shed message still needs a read after it was made")
	}
	apply(t, s, msg("a", 1))
	s.DoneAhead()
	if reads != 0 {
		t.Fatalf("%d reads in place", reads)
	}
	s.SaveNow()
	var n int
	if err := s.db.conn.QueryRow(`SELECT COUNT(*) FROM items WHERE msg_id = 'a'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("a is stored %d times (%v)", n, err)
	}
}

// TestStaleReadAheadIsNotUsed: a stored row deleted after the reads were
// asked for makes them stale: the frame needs its reads again, and what
// is read then is used (nothing read in place, the deleted message not
// brought back).
func TestStaleReadAheadIsNotUsed(t *testing.T) {
	dir, clk, reads := t.TempDir(), newClock(), 0
	s := openHooked(t, dir, clk, &reads)
	f := decode(t, `{"type":"message","chat_id":"d","payload":{"message_id":"new","role":"assistant","text":"t"}}`)
	var r Reads
	if !s.NeedFrame(&r, f, false) {
		t.Fatal("a frame for a lane never read needs no read")
	}
	rd := s.ReadAhead(&r)
	s.Apply(decode(t, `{"type":"message.deleted","chat_id":"d","payload":{"message_ids":["m120"]}}`), false)
	s.UseAhead(rd.Read())
	if !s.NeedFrame(nil, f, false) {
		t.Fatal("a read made before a delete is used")
	}
	r = Reads{}
	s.NeedFrame(&r, f, false)
	s.UseAhead(s.ReadAhead(&r).Read())
	s.Apply(f, false)
	s.DoneAhead()
	if ln := s.Lane(def); reads != 0 || ln.Message("m120") != nil || ln.Message("m119") == nil || ln.Message("new") == nil {
		t.Fatalf("%d reads in place; m120 %v, m119 %v, new %v", reads, ln.Message("m120"), ln.Message("m119"), ln.Message("new"))
	}
}
