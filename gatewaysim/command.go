package gatewaysim

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hermes/iris/frame"
)

// FaultCommands documents the fault commands of a --script step and of a
// --control line, one per line. It is printed by `iris gateway-sim --help`
// and kept in step with gatewaysim/README.md by a test.
const FaultCommands = `  frame JSON                 write JSON, as given, as a text frame to every connected
                             device (any type or shape, even invalid; not parked)
  error TYPE CODE [MESSAGE]  answer the next request of TYPE (hello included) with
                             error CODE instead of serving it
  silence on|off|DURATION    answer and send nothing, not even pongs, sockets open
  drop [DOWNTIME]            close every socket abruptly (no close frame); refuse
                             connections for DOWNTIME (a network outage)
  cut [DOWNTIME]             drop; in a recv trigger the frame that fired it is lost
                             too: neither recorded nor served (died in flight)
  restart [DOWNTIME]         restart with state loss: status restarting, sockets
                             closed, devices, outboxes, cursors, channels, history
                             and media forgotten; connections refused for DOWNTIME
  cursor-reset               empty every outbox, cursors back to 0, sockets dropped
  status online|degraded|restarting
                             broadcast status; online/degraded also after hello.ack
  cron [TEXT]                post a cron message to the default channel
  received [TYPE]            how many frames (of TYPE) the gateway received
  clear                      disarm every armed error and trigger; says how many
  on recv|send TYPE [N] COMMAND
                             run COMMAND once, after the Nth (default 1st) frame of
                             TYPE received or written from now on; TYPE may be *
                             (any text frame), binary (a media chunk) or replay (a
                             frame with a cursor). A recv trigger runs before the
                             frame is served, so "on recv message.send drop" loses
                             the echo (parked for the next sync), "on recv
                             message.send cut" the message itself`

// command is one parsed fault command.
type command struct {
	line string // as written, for logs
	name string
	run  func(s *Server) (string, error)
}

// errNoCommand is returned for an empty command line.
var errNoCommand = errors.New("empty command")

// parseCommand parses one fault command (see FaultCommands).
func parseCommand(line string) (*command, error) {
	line = strings.TrimSpace(line)
	name, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	args := strings.Fields(rest)
	c := &command{line: line, name: name}
	switch name {
	case "":
		return nil, errNoCommand
	case "frame":
		if rest == "" {
			return nil, errors.New("frame needs the frame's JSON")
		}
		c.run = func(s *Server) (string, error) { s.InjectRaw([]byte(rest)); return "", nil }
	case "error":
		if len(args) < 2 {
			return nil, errors.New("error needs TYPE CODE [MESSAGE]")
		}
		msg := strings.Join(args[2:], " ")
		if msg == "" {
			msg = "injected " + args[1]
		}
		c.run = func(s *Server) (string, error) { s.FailNext(args[0], args[1], msg); return "", nil }
	case "silence":
		run, err := parseSilence(args)
		if err != nil {
			return nil, err
		}
		c.run = run
	case "drop", "cut":
		down, err := optionalDuration(args)
		if err != nil {
			return nil, err
		}
		c.run = func(s *Server) (string, error) { s.Outage(down); return "", nil }
	case "restart":
		down, err := optionalDuration(args)
		if err != nil {
			return nil, err
		}
		c.run = func(s *Server) (string, error) { s.Restart(down); return "", nil }
	case "cursor-reset":
		c.run = func(s *Server) (string, error) { s.ResetCursors(); return "", nil }
	case "status":
		if len(args) != 1 || (args[0] != frame.StateOnline && args[0] != frame.StateDegraded && args[0] != frame.StateRestarting) {
			return nil, errors.New("status needs online, degraded or restarting")
		}
		c.run = func(s *Server) (string, error) { s.SetStatus(args[0]); return "", nil }
	case "cron":
		text := rest
		if text == "" {
			text = "Cron job finished."
		}
		c.run = func(s *Server) (string, error) { s.PostCron("", text); return "", nil }
	case "clear":
		c.run = func(s *Server) (string, error) { return strconv.Itoa(s.faults.clear()), nil }
	case "received":
		c.run = func(s *Server) (string, error) { return strconv.Itoa(s.countReceived(rest)), nil }
	case "on":
		t, err := parseTrigger(args, rest)
		if err != nil {
			return nil, err
		}
		c.run = func(s *Server) (string, error) { s.faults.arm(t); return "", nil }
	default:
		return nil, fmt.Errorf("unknown command %q", name)
	}
	return c, nil
}

func parseSilence(args []string) (func(s *Server) (string, error), error) {
	if len(args) != 1 {
		return nil, errors.New("silence needs on, off or a duration")
	}
	switch args[0] {
	case "on", "off":
		on := args[0] == "on"
		return func(s *Server) (string, error) { s.SetSilent(on); return "", nil }, nil
	}
	d, err := parseDuration(args[0])
	if err != nil {
		return nil, err
	}
	return func(s *Server) (string, error) { s.SilenceFor(d); return "", nil }, nil
}

// parseTrigger parses the arguments of "on recv|send TYPE [N] COMMAND".
func parseTrigger(args []string, rest string) (*trigger, error) {
	if len(args) < 3 || (args[0] != dirRecv && args[0] != dirSend) {
		return nil, errors.New("on needs recv|send TYPE [N] COMMAND")
	}
	t := &trigger{dir: args[0], typ: args[1], left: 1}
	skip := 2
	if n, err := strconv.Atoi(args[2]); err == nil {
		if n < 1 {
			return nil, fmt.Errorf("on: N must be at least 1, not %d", n)
		}
		t.left, skip = n, 3
	}
	// The command is the rest of the line after the skipped words.
	tail := rest
	for range skip {
		_, tail, _ = strings.Cut(strings.TrimSpace(tail), " ")
	}
	cmd, err := parseCommand(tail)
	if err != nil {
		return nil, fmt.Errorf("on: %w", err)
	}
	if cmd.name == "on" {
		return nil, errors.New("on: a trigger cannot arm another trigger")
	}
	t.cmd = cmd
	return t, nil
}

// optionalDuration parses the optional DOWNTIME argument (0 when absent).
func optionalDuration(args []string) (time.Duration, error) {
	if len(args) == 0 {
		return 0, nil
	}
	if len(args) > 1 {
		return 0, fmt.Errorf("unexpected %q after the duration", args[1])
	}
	return parseDuration(args[0])
}

// parseDuration parses a non-negative Go duration such as 1.5s.
func parseDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%q is not a duration like 2s or 150ms", s)
	}
	return d, nil
}

// Exec parses and runs one fault command (see FaultCommands) and returns
// its result ("" for commands without one).
func (s *Server) Exec(line string) (string, error) {
	cmd, err := parseCommand(line)
	if err != nil {
		return "", err
	}
	return cmd.run(s)
}

// countReceived counts the received frames of type typ (all when "").
func (s *Server) countReceived(typ string) int {
	s.recvMu.Lock()
	defer s.recvMu.Unlock()
	if typ == "" {
		return len(s.received)
	}
	n := 0
	for _, f := range s.received {
		if f.Type == typ {
			n++
		}
	}
	return n
}
