package app

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/sshserve"
	"github.com/hermes/iris/internal/sshserve/sshtest"
)

// The SSH benchmark's answer: short, so that 50 sessions stream it in
// well under a minute on two cores, and slow enough (one update per
// frame and a half) that every session draws every update.
const (
	sshBenchAnswerSize = 4 << 10
	sshBenchUpdates    = 60
	sshBenchInterval   = 50 * time.Millisecond
	// sshEchoGap separates a key's echo from the next key of a session.
	sshEchoGap = 150 * time.Millisecond
	// sshBenchIdle is how long the idle CPU is measured before the stream.
	sshBenchIdle = time.Second
	// sshBenchID is the streamed message's id.
	sshBenchID = "ssh-bench-1"
)

// sshBenchSessions are the session counts measured, the first the
// baseline of every ratio; 20 and 30 narrow down where key echo passes a
// frame.
var sshBenchSessions = []int{1, 10, 20, 30, 50}

// echoKeys are typed into the composers, each at most once per session,
// so its echo is recognised in the output: letters that neither the
// seeded conversation nor the answer holds.
var echoKeys = []rune("αβγδεζηθικλμνξοπρστυφχψωабвгдежзийклмнопрстуфхцчшщэюя")

// sshCost is what one run with n sessions cost.
type sshCost struct {
	n      int
	cpu    time.Duration // process CPU from the first update to the last session drawing the end
	wall   time.Duration // the time that took
	wait   time.Duration // time goroutines spent blocked on mutexes meanwhile
	idle   time.Duration // process CPU over sshBenchIdle with every session open and idle
	heap   int64         // live heap over the server with no session
	rss    int64         // resident memory over the server with no session
	out    int64         // bytes drawn on all sessions over the stream
	echoes []time.Duration
}

// BenchmarkSSHSessions serves Iris over SSH in-process (runServe, the
// code of iris serve --ssh) against the simulator, opens 1, 10, 20, 30
// and 50 concurrent 120×40 sessions, each its own key, connection and device,
// and streams one markdown answer to all of them (gatewaysim.BenchAnswer,
// 4 KiB as 60 full-text updates, one every 50 ms) while each session types
// a key every 150 ms or so into its composer. It reports, per session and
// as a ratio to one session: the process CPU over the stream (server,
// simulator and SSH clients alike: all run in this process), the live heap
// and the resident memory the sessions add; and the key echo (from the key
// written on the client to its echo in the client's output) at each count
// against the frame interval. A warm-up run with one session goes first,
// so one-time initialisation (styles, lexers) is not charged to it.
//
//	go test -run '^$' -bench SSHSessions -benchtime 1x .
func BenchmarkSSHSessions(b *testing.B) {
	costs := map[int]*sshCost{}
	for b.Loop() {
		runSSHCost(b, 1)
		idle := settledGoroutines()
		for _, n := range sshBenchSessions {
			c := runSSHCost(b, n)
			waitGoroutines(b, idle)
			if prev := costs[n]; prev != nil {
				c.add(prev)
			}
			costs[n] = c
		}
	}
	reportSSHCosts(b, costs)
}

// add adds o's totals into c.
func (c *sshCost) add(o *sshCost) {
	c.cpu += o.cpu
	c.wall += o.wall
	c.wait += o.wait
	c.idle += o.idle
	c.heap += o.heap
	c.rss += o.rss
	c.out += o.out
	c.echoes = append(c.echoes, o.echoes...)
}

// reportSSHCosts reports the per-session figures and their ratios to the
// first session count.
func reportSSHCosts(b *testing.B, costs map[int]*sshCost) {
	loops := float64(b.N)
	per := func(c *sshCost, v float64) float64 { return v / loops / float64(c.n) }
	base := costs[sshBenchSessions[0]]
	frameMS := float64(time.Second/renderFPS) / float64(time.Millisecond)
	over50, over90 := 0, 0 // the fewest sessions whose median (90th percentile) echo exceeds a frame
	for _, n := range sshBenchSessions {
		c := costs[n]
		b.ReportMetric(per(c, float64(c.cpu.Milliseconds())), fmt.Sprintf("cpu-ms/session-%d", n))
		b.ReportMetric(float64(c.cpu)/float64(c.wall), fmt.Sprintf("busy-cores-%d", n))
		b.ReportMetric(per(c, float64(c.wait))/float64(time.Millisecond), fmt.Sprintf("mutex-wait-ms/session-%d", n))
		b.ReportMetric(per(c, 100*float64(c.idle)/float64(sshBenchIdle)), fmt.Sprintf("idle-%%core/session-%d", n))
		b.ReportMetric(per(c, float64(c.heap))/1024, fmt.Sprintf("heap-KiB/session-%d", n))
		b.ReportMetric(per(c, float64(c.rss))/1024, fmt.Sprintf("rss-KiB/session-%d", n))
		b.ReportMetric(per(c, float64(c.out))/1024, fmt.Sprintf("out-KiB/session-%d", n))
		p50, p90 := percentile(c.echoes, 50), percentile(c.echoes, 90)
		b.ReportMetric(p50, fmt.Sprintf("echo-ms-p50-%d", n))
		b.ReportMetric(p90, fmt.Sprintf("echo-ms-p90-%d", n))
		if over50 == 0 && p50 > frameMS {
			over50 = n
		}
		if over90 == 0 && p90 > frameMS {
			over90 = n
		}
		if c == base {
			continue
		}
		ratio := fmt.Sprintf("-%d/%d", n, base.n)
		b.ReportMetric(per(c, float64(c.cpu))/per(base, float64(base.cpu)), "cpu-per-session"+ratio)
		b.ReportMetric(per(c, float64(c.heap))/per(base, float64(base.heap)), "heap-per-session"+ratio)
		b.ReportMetric(per(c, float64(c.rss))/per(base, float64(base.rss)), "rss-per-session"+ratio)
	}
	b.ReportMetric(frameMS, "frame-ms")
	// 0: no count measured had its echoes over one frame.
	b.ReportMetric(float64(over50), "echo-p50-over-frame-at-sessions")
	b.ReportMetric(float64(over90), "echo-p90-over-frame-at-sessions")
}

// percentile is the p-th percentile of ds in milliseconds.
func percentile(ds []time.Duration, p int) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[(len(s)-1)*p/100]) / float64(time.Millisecond)
}

// runSSHCost is one run with n sessions on a fresh server and simulator.
func runSSHCost(b *testing.B, n int) *sshCost {
	signers := make([]gossh.Signer, n)
	lines := make([]string, n)
	for i := range n {
		signers[i], lines[i] = sshtest.NewKey(b, fmt.Sprintf("user%d@bench", i))
	}
	s := startServe(b, lines, "--max-sessions", strconv.Itoa(max(n, sshserve.DefaultMaxSessions)))
	defer s.sim.Close()
	defer s.stop()
	heap0, rss0 := memoryNow(b)

	terms := make([]*benchTerm, n)
	for i, signer := range signers {
		c, err := sshtest.Dial(s.addr, s.hostKey, gossh.PublicKeys(signer))
		if err != nil {
			b.Fatalf("ssh: %v", err)
		}
		defer c.Close()
		terms[i] = openBenchTerm(b, c, 120, 40)
	}
	for _, t := range terms {
		t.waitReady(b, "● online", seeded)
		t.detach()
	}
	keys := make([]int, n) // the next of echoKeys each session types
	probe(b, terms, keys)  // every session is drawing

	cost := &sshCost{n: n}
	idle0 := cpuNow(b)
	time.Sleep(sshBenchIdle) // the idle period measured
	cost.idle = cpuNow(b) - idle0
	cpu0, wait0, start := cpuNow(b), mutexWait(), time.Now()
	echoes := make([][]time.Duration, n)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, t := range terms {
		wg.Go(func() { echoes[i] = typeWhileStreaming(t, i, &keys[i], stop) })
	}
	answer := gatewaysim.BenchAnswer(sshBenchAnswerSize)
	lane := frame.Lane{ChatID: gatewaysim.DefaultChatID}
	if err := s.sim.StreamAnswer(context.Background(), lane, sshBenchID, answer, sshBenchUpdates, sshBenchInterval); err != nil {
		b.Fatal(err)
	}
	close(stop)
	wg.Wait()
	waitReadReceipts(b, s.sim, n)
	// The final text is drawn at the transcript's next flush tick and the
	// renderer's next frame after the read receipt; a probe typed after
	// those is drawn once the session has drawn the end.
	time.Sleep(3 * time.Second / renderFPS)
	probe(b, terms, keys)
	cost.cpu, cost.wall, cost.wait = cpuNow(b)-cpu0, time.Since(start), mutexWait()-wait0
	for i, t := range terms {
		cost.out += t.outBytes()
		cost.echoes = append(cost.echoes, echoes[i]...)
	}
	heap, rss := memoryNow(b)
	cost.heap, cost.rss = heap-heap0, rss-rss0
	return cost
}

// settledGoroutines is the number of goroutines once it has not changed
// for half a second: what the process runs between runs (the signal
// loop runServe started, ...).
func settledGoroutines() int {
	n, same := runtime.NumGoroutine(), 0
	for deadline := time.Now().Add(4 * sshtest.Deadline); same < 25 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond) // sampling, not synchronisation
		if m := runtime.NumGoroutine(); m == n {
			same++
		} else {
			n, same = m, 0
		}
	}
	return n
}

// waitGoroutines waits until no more than n goroutines run: the last
// run's sessions, connections and stores are gone, so they are not
// charged to the next.
func waitGoroutines(b *testing.B, n int) {
	b.Helper()
	deadline := time.Now().Add(4 * sshtest.Deadline)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			b.Fatalf("%d goroutines still run after the run, %d before:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// typeWhileStreaming types a new key into t's composer every sshEchoGap
// after the last one's echo until stop, and returns the echo times.
// Session i starts out of step with the others, so the keys spread over
// the frames.
func typeWhileStreaming(t *benchTerm, i int, next *int, stop <-chan struct{}) []time.Duration {
	var echoes []time.Duration
	gap := time.NewTimer(time.Duration(i*37%150) * time.Millisecond)
	defer gap.Stop()
	for *next < len(echoKeys)-1 { // the last key is the final probe's
		select {
		case <-stop:
			return echoes
		case <-gap.C:
		}
		echoed, err := t.press(string(echoKeys[*next]))
		*next++
		if err != nil {
			return echoes
		}
		select {
		case <-echoed:
			echoes = append(echoes, t.echo())
		case <-time.After(sshtest.Deadline):
			return echoes // reported as missing echoes
		}
		gap.Reset(sshEchoGap)
	}
	return echoes
}

// probe types the next key into every session and waits for all the
// echoes.
func probe(b *testing.B, terms []*benchTerm, keys []int) {
	b.Helper()
	waits := make([]<-chan struct{}, len(terms))
	for i, t := range terms {
		if keys[i] >= len(echoKeys) {
			b.Fatalf("session %d typed all %d echo keys", i, len(echoKeys))
		}
		echoed, err := t.press(string(echoKeys[keys[i]]))
		if err != nil {
			b.Fatal(err)
		}
		keys[i]++
		waits[i] = echoed
	}
	deadline := time.After(4 * sshtest.Deadline)
	for i, w := range waits {
		select {
		case <-w:
		case <-deadline:
			b.Fatalf("session %d never echoed its probe key", i)
		}
	}
}

// waitReadReceipts waits until the gateway has n read receipts of the
// streamed answer: each session has applied its end.
func waitReadReceipts(b *testing.B, sim *gatewaysim.Server, n int) {
	b.Helper()
	deadline := time.Now().Add(4 * sshtest.Deadline)
	for {
		got := 0
		for _, f := range sim.Received() {
			if r, ok := f.Payload.(*frame.ReadReceipt); ok && r.MessageID == sshBenchID {
				got++
			}
		}
		if got >= n {
			return
		}
		if time.Now().After(deadline) {
			b.Fatalf("%d of %d sessions acknowledged the answer", got, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// cpuNow is the CPU time (user and system) this process has used.
func cpuNow(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// mutexWait is the time goroutines have spent blocked on a sync.Mutex or
// RWMutex (or a runtime lock), from runtime/metrics.
func mutexWait() time.Duration {
	m := []metrics.Sample{{Name: "/sync/mutex/wait/total:seconds"}}
	metrics.Read(m)
	return time.Duration(m[0].Value.Float64() * float64(time.Second))
}

// memoryNow is the live heap after a collection, and the resident memory
// once the freed pages are returned to the system.
func memoryNow(b *testing.B) (heap, rss int64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	debug.FreeOSMemory()
	raw, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		b.Fatal(err)
	}
	pages, err := strconv.ParseInt(strings.Fields(string(raw))[1], 10, 64)
	if err != nil {
		b.Fatal(err)
	}
	return int64(ms.HeapAlloc), pages * int64(os.Getpagesize())
}
