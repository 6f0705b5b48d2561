// Package e2e runs the real iris binary in tmux against the gateway
// simulator: crash consistency, offline start, the durable outgoing queue,
// secrets in logs and config errors, each at the level the user sees.
// Without tmux on PATH the package prints one line and runs nothing, so
// `go test ./...` passes on a machine without it; CI installs tmux and sets
// IRIS_E2E_REQUIRE_TMUX, which turns a missing tmux into a failure.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package e2e

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/store"
)

// Screen geometry and deadlines of every run.
const (
	cols, rows   = 120, 40
	waitDeadline = 30 * time.Second
	pollEvery    = 50 * time.Millisecond // polling interval, not synchronisation
)

// binary is the iris binary built once by TestMain.
var binary string

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

// requireTmux names the environment variable that makes a missing tmux an
// error rather than a skip; CI (.ci/run) sets it, since it installs tmux.
const requireTmux = "IRIS_E2E_REQUIRE_TMUX"

func runMain(m *testing.M) int {
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv(requireTmux) != "" {
			fmt.Fprintln(os.Stderr, "e2e: tmux not found, and "+requireTmux+" is set (apt-get install tmux)")
			return 1
		}
		fmt.Println("e2e: tmux not found; skipping the end-to-end tests (CI installs it)")
		return 0
	}
	dir, err := os.MkdirTemp("", "iris-e2e-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	if binary, err = build(dir); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	return m.Run()
}

// buildLimit bounds building the binary (a loaded machine is slow, but a
// build that does not end must not eat the package's test timeout).
const buildLimit = 5 * time.Minute

// build compiles the module's main package into dir.
func build(dir string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), buildLimit)
	defer cancel()
	out, err := bounded(exec.CommandContext(ctx, "go", "env", "GOMOD")).Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	bin := filepath.Join(dir, "iris")
	cmd := bounded(exec.CommandContext(ctx, "go", "build", "-o", bin, "."))
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			return "", fmt.Errorf("go build did not finish within %s\n%s", buildLimit, out)
		}
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
}

// pipeGrace is how long a killed or finished command's output pipes may
// stay open (held by a child it started) before Wait gives up on them.
const pipeGrace = 2 * time.Second

// bounded makes cmd's Wait return pipeGrace after the process ended (or
// was killed by its context) even when a child it started still holds its
// output: without it, Wait (and Output, CombinedOutput) waits for that
// child too, with no deadline.
func bounded(cmd *exec.Cmd) *exec.Cmd {
	cmd.WaitDelay = pipeGrace
	return cmd
}

// waitCmd waits at most limit for the started cmd to exit and returns
// Wait's error; past limit it kills the process and returns an error
// saying what did not exit in time.
func waitCmd(cmd *exec.Cmd, limit time.Duration) error {
	bounded(cmd)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(limit):
		_ = cmd.Process.Kill()
		<-done // bounded: the process is gone and WaitDelay caps the pipes
		return fmt.Errorf("%s did not exit within %s (killed)", strings.Join(cmd.Args, " "), limit)
	}
}

// env is one user's machine: XDG directories of its own and a private tmux
// server in which every run of the binary gets its own session.
type env struct {
	t       testing.TB
	root    string
	xdg     map[string]string // XDG_*_HOME → directory
	socket  string            // tmux -L name
	tmuxCfg string
	runs    int
	height  int      // pane rows; 0 means rows
	extra   []string // more NAME=value for the binary's environment
}

var tmuxServers atomic.Int64

// newEnv creates the directories and the tmux server's name; the server is
// killed when the test ends.
func newEnv(t testing.TB) *env {
	t.Helper()
	e := &env{t: t, root: t.TempDir(), xdg: map[string]string{}}
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"} {
		dir := filepath.Join(e.root, strings.ToLower(v))
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		e.xdg[v] = dir
	}
	// A dead pane stays, so the exit status and what was printed after the
	// alternate screen closed can be read.
	e.tmuxCfg = filepath.Join(e.root, "tmux.conf")
	if err := os.WriteFile(e.tmuxCfg, []byte("set -g remain-on-exit on\nset -g history-limit 5000\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	e.socket = fmt.Sprintf("iris-e2e-%d-%d", os.Getpid(), tmuxServers.Add(1))
	t.Cleanup(func() {
		panes, _ := e.tmuxWithin(tmuxLimit, "list-panes", "-a", "-F", "#{pane_pid}")
		if _, err := e.tmuxWithin(tmuxLimit, "kill-server"); err != nil && strings.Contains(err.Error(), "did not return") {
			t.Errorf("cleanup: %v", err)
		}
		// A binary the server's SIGHUP ends saves its state on the way out:
		// the temp dir is removed only once it is gone.
		for _, f := range strings.Fields(panes) {
			if pid, err := strconv.Atoi(f); err == nil {
				waitGone(t, pid)
			}
		}
	})
	return e
}

// waitGone waits until process pid has ended (gone, or a zombie).
func waitGone(t testing.TB, pid int) {
	for deadline := time.Now().Add(waitDeadline); time.Now().Before(deadline); time.Sleep(pollEvery) {
		data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return
		}
		if rest := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:])); len(rest) > 0 && rest[0] == "Z" {
			return
		}
	}
	t.Errorf("cleanup: process %d still runs %s after its tmux server was killed", pid, waitDeadline)
}

// tmuxLimit bounds one tmux command: a tmux client that does not return
// (a stuck server) fails the test instead of hanging it.
const tmuxLimit = 20 * time.Second

// tmux runs one tmux command against the private server.
func (e *env) tmux(args ...string) string {
	e.t.Helper()
	out, err := e.tmuxWithin(tmuxLimit, args...)
	if err != nil {
		e.t.Fatal(err)
	}
	return out
}

// tmuxWithin runs one tmux command, giving up after limit.
func (e *env) tmuxWithin(limit time.Duration, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	out, err := bounded(exec.CommandContext(ctx, "tmux", append([]string{"-L", e.socket, "-f", e.tmuxCfg}, args...)...)).CombinedOutput()
	switch {
	case ctx.Err() != nil:
		return string(out), fmt.Errorf("tmux %v did not return within %s (killed)\n%s", args, limit, out)
	case err != nil:
		return string(out), fmt.Errorf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out), nil
}

// environ is the binary's environment: the XDG directories, a colour
// terminal, and no Iris settings inherited from whoever runs the tests.
func (e *env) environ() []string {
	vars := []string{"TERM=xterm-256color", "NO_COLOR=1"}
	for k, v := range e.xdg {
		vars = append(vars, k+"="+v)
	}
	return append(vars, e.extra...)
}

// start runs the binary with args in a new tmux session of cols×rows (or
// cols×e.height).
func (e *env) start(args ...string) *run {
	e.t.Helper()
	e.runs++
	name := "run" + strconv.Itoa(e.runs)
	e.tmux("new-session", "-d", "-s", name, "-x", strconv.Itoa(cols), "-y", strconv.Itoa(e.paneRows()), e.commandLine(args...))
	return &run{e: e, name: name}
}

// commandLine is the shell command that runs the binary with args in the
// environment of e.
func (e *env) commandLine(args ...string) string {
	words := []string{"exec", "env", "-u", "IRIS_URL", "-u", "IRIS_TOKEN", "-u", "IRIS_PROFILE"}
	for _, v := range append(e.environ(), binary) {
		words = append(words, shellQuote(v))
	}
	for _, a := range args {
		words = append(words, shellQuote(a))
	}
	return strings.Join(words, " ")
}

// paneRows is the height of a run's pane: e.height, or rows.
func (e *env) paneRows() int {
	if e.height > 0 {
		return e.height
	}
	return rows
}

// connectOnce runs the binary online until the simulator's seeded history is
// on screen, and quits: the store then holds the directory, the default
// lane's newest messages and the cursor, and the gateway knows the device.
func (e *env) connectOnce(args ...string) {
	e.t.Helper()
	r := e.start(args...)
	r.waitShows("● online", "Any failing tests? (#30)")
	r.quit()
}

// execLimit bounds one exec: a command that hangs fails its test.
const execLimit = 30 * time.Second

// exec runs the binary outside tmux (for commands that never start the
// TUI) and returns its exit code and combined output. A run longer than
// execLimit is killed and fails the test.
func (e *env) exec(args ...string) (int, string) {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), execLimit)
	defer cancel()
	cmd := bounded(exec.CommandContext(ctx, binary, args...))
	cmd.Env = e.environ()
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		e.t.Fatalf("iris %v did not return within %s; output:\n%s", args, execLimit, out)
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	}
	if err != nil {
		e.t.Fatal(err)
	}
	return 0, string(out)
}

// dataDir is the one profile data directory the binary created.
func (e *env) dataDir() string {
	e.t.Helper()
	dbs, _ := filepath.Glob(filepath.Join(e.xdg["XDG_DATA_HOME"], "iris", "*", store.FileName))
	if len(dbs) != 1 {
		e.t.Fatalf("want one store, found %v", dbs)
	}
	return filepath.Dir(dbs[0])
}

// inspect opens the profile's store the way Iris does (the binary must
// have exited: the store is held exclusively), hands it to f and closes it.
func (e *env) inspect(f func(st *store.State)) {
	e.t.Helper()
	st, err := store.Open(e.dataDir(), store.Options{})
	if err != nil {
		e.t.Fatalf("open the store after the run: %v", err)
	}
	f(st)
	if err := st.Close(); err != nil {
		e.t.Fatalf("close the store: %v", err)
	}
}

// storedMessages reads every message of the default channel straight from
// the database file, oldest first. Reading the rows rather than paging the
// State sees everything on disk, however the lane's pages and gaps stand.
func (e *env) storedMessages() []*store.Message {
	e.t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(e.dataDir(), store.FileName))
	if err != nil {
		e.t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT body FROM items WHERE chat_id = ? AND thread_id = '' ORDER BY seq, id`, gatewaysim.DefaultChatID)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	var out []*store.Message
	for rows.Next() {
		var body []byte
		var item struct {
			Msg *store.Message `json:"msg"`
		}
		if err := rows.Scan(&body); err != nil {
			e.t.Fatal(err)
		}
		if err := json.Unmarshal(body, &item); err != nil {
			e.t.Fatalf("stored item %s: %v", body, err)
		}
		if item.Msg != nil {
			out = append(out, item.Msg)
		}
	}
	if err := rows.Err(); err != nil {
		e.t.Fatal(err)
	}
	return out
}

// run is one run of the binary in its tmux session.
type run struct {
	e    *env
	name string
}

// screen is the pane's text as the user sees it.
func (r *run) screen() string {
	r.e.t.Helper()
	return r.e.tmux("capture-pane", "-p", "-t", r.name)
}

// output is the pane's text, scrollback included, with wrapped lines
// joined: what the binary printed after it left the alternate screen.
func (r *run) output() string {
	r.e.t.Helper()
	return r.e.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", r.name)
}

// timeoutMargin is what a wait leaves of the test binary's -timeout for
// the cleanups (closing simulators, killing tmux servers).
const timeoutMargin = 45 * time.Second

// deadlineIn is now+d, or earlier when the test binary's -timeout (10
// minutes by default, for the whole package) ends first, less
// timeoutMargin: a wait on a loaded machine then fails with its own
// message instead of the timeout's goroutine dump.
func (e *env) deadlineIn(d time.Duration) time.Time {
	end := time.Now().Add(d)
	if dt, ok := e.t.(interface{ Deadline() (time.Time, bool) }); ok {
		if td, ok := dt.Deadline(); ok && td.Add(-timeoutMargin).Before(end) {
			end = td.Add(-timeoutMargin)
		}
	}
	return end
}

// waitFor polls the screen until ok holds, or fails with the last screen.
func (r *run) waitFor(what string, ok func(screen string) bool) string {
	r.e.t.Helper()
	return r.waitForWithin(waitDeadline, what, ok)
}

// waitForWithin is waitFor with its own deadline, for waits bounded by
// something longer than a screen update (a reconnect backoff).
func (r *run) waitForWithin(d time.Duration, what string, ok func(screen string) bool) string {
	r.e.t.Helper()
	var screen string
	for deadline := r.e.deadlineIn(d); time.Now().Before(deadline); time.Sleep(pollEvery) {
		if screen = r.screen(); ok(screen) {
			return screen
		}
	}
	r.e.t.Fatalf("%s: timed out waiting for %s (deadline %s, or the test binary's -timeout); screen:\n%s", r.name, what, d, screen)
	return ""
}

// waitShows waits until the screen holds every one of subs.
func (r *run) waitShows(subs ...string) string {
	r.e.t.Helper()
	return r.waitFor(fmt.Sprintf("%q", subs), func(s string) bool { return containsAll(s, subs...) })
}

// typeText types text literally (no key names).
func (r *run) typeText(text string) {
	r.e.t.Helper()
	r.e.tmux("send-keys", "-t", r.name, "-l", text)
}

// typeLine types text into the composer and presses Enter.
func (r *run) typeLine(text string) {
	r.e.t.Helper()
	r.typeText(text)
	r.keys("Enter")
}

// keys sends tmux key names (C-c, Enter, ...).
func (r *run) keys(keys ...string) {
	r.e.t.Helper()
	r.e.tmux(append([]string{"send-keys", "-t", r.name}, keys...)...)
}

// pane reports whether the process has exited, and its exit status (128+n
// when signal n ended it).
func (r *run) pane() (dead bool, status int) {
	r.e.t.Helper()
	out := strings.TrimSpace(r.e.tmux("display-message", "-p", "-t", r.name, "#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}"))
	f := strings.Split(out, ":")
	if len(f) != 3 || f[0] != "1" {
		return false, 0
	}
	if f[1] == "" && f[2] == "" {
		// tmux marks the pane dead when the program's terminal closes; under
		// load it sometimes has not reaped the program yet (or, seen with
		// tmux 3.3a, does not for a long while), so the status is empty. The
		// kernel keeps a zombie's wait status in /proc/PID/stat.
		return zombieStatus(r.pid())
	}
	if sig, err := strconv.Atoi(f[2]); err == nil && sig > 0 {
		return true, 128 + sig
	}
	status, _ = strconv.Atoi(f[1])
	return true, status
}

// zombieStatus reads the exit status of process pid once it is a zombie
// (field 52 of /proc/PID/stat, in waitpid's encoding). done is false while
// it still runs.
func zombieStatus(pid int) (done bool, status int) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false, 0
	}
	// The command name may hold spaces: fields count from after its ')'.
	rest := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(rest) < 50 || rest[0] != "Z" {
		return false, 0
	}
	ws, err := strconv.Atoi(rest[49])
	if err != nil {
		return false, 0
	}
	w := syscall.WaitStatus(ws)
	if w.Signaled() {
		return true, 128 + int(w.Signal())
	}
	return true, w.ExitStatus()
}

// waitExit waits for the process to end and returns its exit status.
func (r *run) waitExit() int {
	r.e.t.Helper()
	for deadline := r.e.deadlineIn(waitDeadline); time.Now().Before(deadline); time.Sleep(pollEvery) {
		if dead, status := r.pane(); dead {
			return status
		}
	}
	r.e.t.Fatalf("%s did not exit within %s (or the test binary's -timeout); screen:\n%s", r.name, waitDeadline, r.screen())
	return -1
}

// quit presses ctrl+c on an empty composer and expects a clean exit.
//
// Ctrl+C first stops a busy agent, and asks once more while a question
// waits or a message is queued ("press ctrl+c again to quit"), so it is
// pressed again, up to three times more, while the process runs.
func (r *run) quit() {
	r.e.t.Helper()
	for range 4 {
		if dead, _ := r.pane(); dead {
			break
		}
		r.keys("C-c")
		for deadline := time.Now().Add(quitStep); time.Now().Before(deadline); time.Sleep(pollEvery) {
			if dead, _ := r.pane(); dead {
				break
			}
		}
	}
	if code := r.waitExit(); code != 0 {
		r.e.t.Fatalf("%s exited with %d; screen:\n%s", r.name, code, r.screen())
	}
}

// quitStep is how long quit waits for the process to end after one
// Ctrl+C before pressing it again.
const quitStep = 2 * time.Second

// kill sends SIGKILL to the binary and waits until it is gone.
func (r *run) kill() { r.e.t.Helper(); r.signal(syscall.SIGKILL) }

// signal sends sig to the binary (SIGTERM: the terminal window closed) and
// waits until it is gone.
func (r *run) signal(sig syscall.Signal) {
	r.e.t.Helper()
	if err := syscall.Kill(r.pid(), sig); err != nil {
		r.e.t.Fatal(err)
	}
	if status := r.waitExit(); status != 0 && status != 128+int(sig) {
		r.e.t.Logf("%s ended with status %d after %v", r.name, status, sig)
	}
}

// startSim starts a seeded gateway simulator (rich dialect) on loopback;
// it is closed when the test ends.
func startSim(t testing.TB, token string, interval time.Duration) (*gatewaysim.Server, string) {
	t.Helper()
	return startSimIn(t, gatewaysim.DialectRich, token, interval)
}

// startSimIn is startSim in dialect d (for the dialect matrix,
// simtest.EachDialect).
func startSimIn(t testing.TB, d gatewaysim.Dialect, token string, interval time.Duration) (*gatewaysim.Server, string) {
	t.Helper()
	sim := gatewaysim.New(gatewaysim.Config{Token: token, StreamInterval: interval, Seed: true, Dialect: d})
	url, err := sim.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeSim(t, sim) })
	return sim, url
}

// simLimit bounds one call into a simulator (closing it, a fault command
// that restarts it): each waits for its connections and agent turns to end.
const simLimit = 30 * time.Second

// closeSim closes sim within simLimit (see within), failing the test on
// an error.
func closeSim(t testing.TB, sim *gatewaysim.Server) {
	t.Helper()
	var err error
	within(t, simLimit, "closing the gateway simulator", func() { err = sim.Close() })
	if err != nil {
		t.Errorf("closing the gateway simulator: %v", err)
	}
}

// within runs f, and fails the test naming what if f has not returned
// after limit, with every goroutine's stack (the simulator's that hang
// among them); f is then left running.
func within(t testing.TB, limit time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(limit):
		buf := make([]byte, 1<<20)
		t.Fatalf("%s did not end within %s; goroutines:\n%s", what, limit, buf[:runtime.Stack(buf, true)])
	}
}

// closedURL is a loopback WebSocket URL nobody listens on.
func closedURL(t *testing.T) string {
	t.Helper()
	sim := gatewaysim.New(gatewaysim.Config{Token: "x"})
	url, err := sim.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closeSim(t, sim)
	return url
}

// statusBar is the screen's last non-empty line.
func statusBar(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, " \n"), "\n")
	return lines[len(lines)-1]
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// countText counts the messages whose text is text.
func countText(msgs []*store.Message, text string) int {
	n := 0
	for _, m := range msgs {
		if m.Text == text {
			n++
		}
	}
	return n
}
