package store

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// FuzzApply feeds arbitrary scripts to a State and checks it never panics
// and keeps its invariants. A script is one step per line:
//
//	{...}              a live server frame
//	!{...}             a replayed server frame
//	out <chat> <text>  AddOutgoing with the next client id
//	set <n>            SetDelivery of client id n to Delivery(n % 7)
//	hist <chat> {...}  ApplyHistory with a History payload (newest page)
//	tick               advance the clock 200 s and Expire
//	steer <chat> <text> AddSteer with the next client id
//	took <n>           SteerDelivered of client id n
//	unsteer <n>        Unsteer of client id n
//	settle <chat>      Settle the lane (gateway restarted)
func FuzzApply(f *testing.F) {
	for _, seed := range [][]string{
		append([]string{helloAck}, turn(1)...),
		withCursors(turn(2), 5),
		{helloAck, "out d hello", "set 2", `{"type":"read.receipt","chat_id":"d","payload":{"message_id":"u1"}}`,
			`{"type":"message","chat_id":"d","payload":{"message_id":"u1","role":"user","text":"hello"}}`},
		{"out d x", "set 6", `hist d {"messages":[{"message_id":"a","role":"user","text":"x","ts":1900000000000}]}`},
		{approval, clarify, "tick", `{"type":"channel.deleted","payload":{"chat_id":"d"}}`, "out d late"},
		{helloAck, "steer d go", "set 1", "took 1", "steer d again", "unsteer 2", "settle d"},
	} {
		f.Add(strings.Join(seed, "\n"))
	}
	f.Fuzz(func(t *testing.T, script string) {
		clk := newClock()
		s := newState(clk)
		ids := 0
		for _, line := range strings.Split(script, "\n") {
			scriptStep(s, clk, line, &ids)
			if err := invariants(s); err != nil {
				t.Fatalf("after %q: %v", line, err)
			}
		}
	})
}

func scriptStep(s *State, clk *clock, line string, ids *int) {
	if s.db != nil {
		// Each step starts with everything before it written, so the next
		// shed drops all it may (only written items), however far the
		// writer goroutine got by itself or through the reads made ahead,
		// which wait for it. Messages, receipts and history pages meet a
		// shed message as a held one (TestShedLanesApplyAsInMemory), but a
		// tool event still finds its card only among the items memory
		// holds of the current turn.
		defer s.db.flush()
	}
	word, rest, _ := strings.Cut(line, " ")
	switch word {
	case "out":
		chat, text, _ := strings.Cut(rest, " ")
		*ids++
		s.AddOutgoing(lane(chat, ""), text, "c"+strconv.Itoa(*ids%10), "", nil)
	case "set":
		if n := len(rest); n > 0 {
			s.SetDelivery("c"+rest[:1], Delivery(int(rest[0])%7))
		}
	case "hist":
		chat, js, _ := strings.Cut(rest, " ")
		var h frame.History
		if json.Unmarshal([]byte(js), &h) == nil {
			s.ApplyHistory(lane(chat, ""), "", h)
		}
	case "tick":
		clk.advance(200 * time.Second)
		s.Expire(clk.now())
	case "steer":
		chat, text, _ := strings.Cut(rest, " ")
		*ids++
		s.AddSteer(lane(chat, ""), text, "c"+strconv.Itoa(*ids%10))
	case "took":
		s.SteerDelivered("c" + rest)
	case "unsteer":
		s.Unsteer("c" + rest)
	case "settle":
		s.Settle(lane(rest, ""), CutRestart)
	default:
		replayed := strings.HasPrefix(line, "!")
		if fr, err := frame.Decode([]byte(strings.TrimPrefix(line, "!")), frame.FromServer); err == nil {
			s.Apply(fr, replayed)
		}
	}
}

// TestRandomScripts runs many random scripts drawn from a small alphabet of
// ids and lanes, so that echoes, replays, deletes and receipts collide
// often, and checks the invariants after every step. (The fuzz target runs
// its seeds in every test run; fuzzing proper is slow here because the
// binary carries SQLite's coverage counters.)
func TestRandomScripts(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	next := scriptGen(r)
	for range 1500 {
		clk := newClock()
		s := newState(clk)
		runScript(t, s, clk, next, 30)
	}
}

// runScript runs n random steps on s, checking the invariants after each.
func runScript(t *testing.T, s *State, clk *clock, next func() string, n int) {
	t.Helper()
	ids := 0
	var script []string
	for range n {
		line := next()
		script = append(script, line)
		scriptStep(s, clk, line, &ids)
		if err := invariants(s); err != nil {
			t.Fatalf("%v after script:\n%s", err, strings.Join(script, "\n"))
		}
	}
}

// scriptGen returns a generator of random script lines.
func scriptGen(r *rand.Rand) func() string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	templates := []func() string{
		func() string {
			return fmt.Sprintf(`{"type":"message","chat_id":"%s","payload":{"message_id":"%s","role":"%s","text":"%s","ts":%d}}`,
				pick("d", "c7"), pick("m1", "m2", "m3", "u1"), pick("user", "assistant"), pick("x", "y"), 1_800_000_000_000+r.IntN(5)*1000)
		},
		func() string {
			return fmt.Sprintf(`{"type":"%s","chat_id":"d","payload":{"message_id":"%s","text":"t","final_text":"f"}}`,
				pick("message.start", "message.update", "message.stop"), pick("m1", "m2", "s1"))
		},
		func() string {
			return fmt.Sprintf(`{"type":"message.deleted","chat_id":"%s","payload":{"message_ids":["%s"]}}`, pick("d", "c7"), pick("m1", "m2", "u1", "s1"))
		},
		func() string {
			return fmt.Sprintf(`{"type":"%s","chat_id":"d","payload":{"index":%d,"name":"t"}}`,
				pick("tool.start", "tool.progress", "tool.end"), r.IntN(3))
		},
		func() string {
			return fmt.Sprintf(`{"type":"read.receipt","chat_id":"%s","payload":{"message_id":"%s"}}`, pick("d", "c7"), pick("m1", "u1", "u9"))
		},
		func() string {
			return pick(helloAck, `{"type":"channel.deleted","payload":{"chat_id":"c7"}}`, `{"type":"agent.idle","chat_id":"d"}`)
		},
		func() string { return pick(approval, clarify, "tick") },
		func() string { return "out " + pick("d", "c7") + " " + pick("x", "y") },
		func() string { return fmt.Sprintf("set %d", r.IntN(10)) },
		func() string { return "steer " + pick("d", "c7") + " " + pick("x", "y") },
		func() string { return fmt.Sprintf("%s %d", pick("took", "unsteer"), r.IntN(10)) },
		func() string { return "settle " + pick("d", "c7") },
		func() string {
			return fmt.Sprintf(`hist %s {"messages":[{"message_id":"%s","role":"user","text":"%s","ts":%d}],"has_more":true}`,
				pick("d", "c7"), pick("m1", "u1", "u2"), pick("x", "y"), 1_800_000_000_000+r.IntN(5)*1000)
		},
	}
	return func() string {
		line := templates[r.IntN(len(templates))]()
		if r.IntN(4) == 0 && strings.HasPrefix(line, "{") {
			line = "!" + line
		}
		return line
	}
}

// TestRandomScriptsSurviveReopen runs random scripts on a persistent State,
// reopens it, and compares everything that is stored with what the first
// State held.
func TestRandomScriptsSurviveReopen(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	next := scriptGen(r)
	for range 30 {
		dir, clk := t.TempDir(), newClock()
		s := open(t, dir, clk)
		runScript(t, s, clk, next, 30)
		before := storedView(s)
		lanes := make([]frame.Lane, 0, len(s.lanes))
		for l := range s.lanes {
			lanes = append(lanes, l)
		}
		closeState(t, s)
		s = open(t, dir, clk)
		for _, l := range lanes {
			s.Lane(l)
		}
		if after := storedView(s); after != before {
			t.Fatalf("after reopen:\n%s\nwant:\n%s", after, before)
		}
		closeState(t, s)
	}
}

// TestRandomScriptsAcrossRestarts runs random scripts on a persistent
// State with a tiny page size, restarting it halfway, so that dedupe,
// placement and deletes meet messages only the database holds; then it
// compares everything stored, all pages read, with a fresh reopen.
func TestRandomScriptsAcrossRestarts(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 17))
	next := scriptGen(r)
	reopen := func(dir string, clk *clock) *State {
		s, err := Open(dir, Options{Now: clk.now, PageSize: 2})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for range 30 {
		dir, clk := t.TempDir(), newClock()
		s := reopen(dir, clk)
		runScript(t, s, clk, next, 20)
		closeState(t, s)
		s = reopen(dir, clk)
		runScript(t, s, clk, next, 20)
		before := storedView(readAll(s))
		closeState(t, s)
		s = reopen(dir, clk)
		if after := storedView(readAll(s)); after != before {
			t.Fatalf("after reopen:\n%s\nwant:\n%s", after, before)
		}
		closeState(t, s)
	}
}

// readAll reads every stored lane and all its pages into memory.
func readAll(s *State) *State {
	for l := range s.db.stored {
		s.Lane(l)
	}
	for _, ln := range s.lanes {
		s.fill(ln)
		for s.pageIn(ln) {
		}
	}
	return s
}

// storedView renders what a persistent State keeps: the directory, the
// outgoing queue and the lanes' stored items and unread counts (a message
// being sent comes back as delivery unknown).
func storedView(s *State) string {
	var b strings.Builder
	for _, n := range s.Tree() {
		fmt.Fprintf(&b, "%s %s %d\n", n.Lane, n.Name, len(n.Threads))
	}
	for _, o := range s.Outgoing() {
		d := o.Delivery
		if d == DeliverySending {
			d = DeliveryUnknown
		}
		fmt.Fprintf(&b, "out %s %s %s\n", o.Lane, o.ClientMsgID, d)
	}
	lanes := make([]frame.Lane, 0, len(s.lanes))
	for l := range s.lanes {
		lanes = append(lanes, l)
	}
	slices.SortFunc(lanes, func(a, b frame.Lane) int { return strings.Compare(a.String(), b.String()) })
	for _, l := range lanes {
		ln := s.lanes[l]
		s.fill(ln)
		if len(ln.items) == 0 && ln.Unread == 0 {
			continue // an empty lane in memory shows as much as none stored
		}
		fmt.Fprintf(&b, "lane %s unread=%d\n", l, ln.Unread)
		for _, it := range ln.items {
			if it.Kind == KindNotice || (it.Msg != nil && it.Msg.Streaming) {
				continue
			}
			b.WriteString(strings.Replace(itemLine(it), " sending", " unknown", 1) + "\n")
		}
	}
	return b.String()
}
