package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
)

// The streamed answer of the CPU benchmark: 24 KiB of markdown
// as 2,000 full-text updates at 200 per second.
const (
	benchAnswerSize = 24 << 10
	benchUpdates    = 2000
	benchInterval   = 5 * time.Millisecond
	// benchIdle is how long the idle CPU is measured after the answer.
	benchIdle = 60 * time.Second
)

// clockTicks is the kernel's USER_HZ, the unit of /proc/PID/stat times.
const clockTicks = 100

// cpuTime is the user+system CPU time the process pid has used, from
// /proc/PID/stat.
func cpuTime(tb testing.TB, pid int) time.Duration {
	tb.Helper()
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		tb.Fatal(err)
	}
	// The command name may hold spaces; the fields follow its ")".
	f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+2:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / clockTicks
}

// pid is the process id of the binary in the run's pane (start execs it).
func (r *run) pid() int {
	r.e.t.Helper()
	out := strings.TrimSpace(r.e.tmux("display-message", "-p", "-t", r.name, "#{pane_pid}"))
	pid, err := strconv.Atoi(out)
	if err != nil || pid <= 0 {
		r.e.t.Fatalf("pane pid %q", out)
	}
	return pid
}

// settled waits until the process used no CPU over three polls in a row
// (it has applied what it was sent) and returns its CPU time then.
func settled(tb testing.TB, pid int) time.Duration {
	tb.Helper()
	last, still := cpuTime(tb, pid), 0
	for deadline := time.Now().Add(waitDeadline); time.Now().Before(deadline) && still < 3; {
		time.Sleep(100 * time.Millisecond) // sampling CPU time, not synchronisation
		now := cpuTime(tb, pid)
		if now == last {
			still++
		} else {
			still = 0
		}
		last = now
	}
	return last
}

// streamCPU is one run of the benchmark: the binary (rendering or not)
// online against a simulator, the answer streamed into the focused lane,
// the CPU it took, then the CPU it used idle over idle, and its peak RSS.
func streamCPU(b *testing.B, render bool, idle time.Duration) (stream, idleCPU time.Duration, peak int64) {
	const token = "bench-token"
	sim, url := startSim(b, token, 0)
	e := newEnv(b)
	e.extra = []string{"NO_COLOR="} // colours on, as a user runs it
	if !render {
		e.extra = append(e.extra, "IRIS_BENCH_NO_RENDER=1")
	}
	// More of the binary's environment, such as GOGC=100 (the binary
	// keeps a GOGC it is given) or GOMAXPROCS=1.
	e.extra = append(e.extra, strings.Fields(os.Getenv("IRIS_BENCH_ENV"))...)
	if dir := os.Getenv("IRIS_BENCH_PROFILE_DIR"); dir != "" {
		name := map[bool]string{true: "render.pprof", false: "protocol.pprof"}[render]
		e.extra = append(e.extra, "IRIS_BENCH_CPUPROFILE="+filepath.Join(dir, name))
	}
	r := e.start("--url", url, "--token", token)
	if render {
		r.waitShows("● online", "Any failing tests? (#30)")
	}
	pid := r.pid()
	before := settled(b, pid)
	answer := gatewaysim.BenchAnswer(benchAnswerSize)
	lane := frame.Lane{ChatID: gatewaysim.DefaultChatID}
	if err := sim.StreamAnswer(context.Background(), lane, "bench-1", answer, benchUpdates, benchInterval); err != nil {
		b.Fatal(err)
	}
	if render {
		r.waitShows(gatewaysim.BenchEnd)
	}
	after := settled(b, pid)
	time.Sleep(idle) // the idle period measured
	idleCPU = cpuTime(b, pid) - after
	peak = peakRSS(b, pid)
	r.quit()
	return after - before, idleCPU, peak
}

// peakRSS is the most resident memory the process pid has had, in bytes
// (VmHWM in /proc/PID/status).
func peakRSS(tb testing.TB, pid int) int64 {
	tb.Helper()
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		tb.Fatal(err)
	}
	for line := range strings.Lines(string(raw)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				tb.Fatalf("VmHWM %q: %v", v, err)
			}
			return kb << 10
		}
	}
	tb.Fatal("no VmHWM in /proc/PID/status")
	return 0
}

// BenchmarkStreamCPU runs the real binary in tmux at 120×40 against the
// simulator streaming a 24 KiB markdown answer (headings, lists, tables,
// three code fences) as 2,000 updates at 200/s, and reads the binary's CPU
// time from /proc: x-protocol is its CPU with rendering over its CPU for
// the same stream with rendering off (IRIS_BENCH_NO_RENDER=1, the
// protocol's share: decode, store, Update). idle-%core is the rendering
// binary's CPU over benchIdle idle after the answer, in % of one core;
// render-peak-rss-MiB its peak resident memory (VmHWM).
// IRIS_BENCH_PROFILE_DIR=dir writes both runs' CPU profiles there;
// IRIS_BENCH_BINARY=path measures that build instead (an older commit with
// internal/app/benchswitch.go added, for a before/after figure); IRIS_BENCH_IDLE=5s
// shortens the idle measurement (default 60 s) for profiling runs;
// IRIS_BENCH_ENV="GOGC=100 …" adds to the binary's environment (GOGC=100:
// without tuneGC's target).
//
//	go test ./e2e -run '^$' -bench StreamCPU -benchtime 1x
func BenchmarkStreamCPU(b *testing.B) {
	if p := os.Getenv("IRIS_BENCH_BINARY"); p != "" {
		defer func(built string) { binary = built }(binary)
		binary = p
	}
	idleFor := benchIdle
	if v := os.Getenv("IRIS_BENCH_IDLE"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			b.Fatalf("IRIS_BENCH_IDLE=%q: want a positive duration", v)
		}
		idleFor = d
	}
	var withRender, protocol, idle time.Duration
	var rss int64
	for b.Loop() {
		p, _, _ := streamCPU(b, false, 0)
		w, i, m := streamCPU(b, true, idleFor)
		protocol, withRender, idle, rss = protocol+p, withRender+w, idle+i, max(rss, m)
	}
	n := float64(b.N)
	b.ReportMetric(float64(withRender)/float64(protocol), "x-protocol")
	b.ReportMetric(withRender.Seconds()/n, "render-cpu-s")
	b.ReportMetric(protocol.Seconds()/n, "protocol-cpu-s")
	b.ReportMetric(100*float64(idle)/float64(idleFor)/n, "idle-%core")
	b.ReportMetric(float64(rss)/(1<<20), "render-peak-rss-MiB")
}
