package gatewaysim

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// ScriptFormat documents a --script file; FaultCommands lists the commands.
const ScriptFormat = `A script is a text file of timed steps, one per line; # starts a comment
(except in a frame step, whose JSON takes the rest of the line):
  at DURATION COMMAND    run COMMAND DURATION after the script started
  +DURATION COMMAND      run COMMAND DURATION after the previous step
  COMMAND                run COMMAND right after the previous step
Steps run in file order; an "at" earlier than the previous step runs at once.`

// step is one timed line of a fault script.
type step struct {
	lineNo int
	at     time.Duration // offset from the script's start
	cmd    *command
}

// Script is a parsed fault script.
type Script struct{ steps []step }

// ParseScript reads a fault script (see ScriptFormat). Every line is
// checked before anything runs; an error names the line.
func ParseScript(r io.Reader) (*Script, error) {
	var sc Script
	var at time.Duration
	lines := bufio.NewScanner(r)
	for n := 1; lines.Scan(); n++ {
		line := stripComment(lines.Text())
		if line == "" {
			continue
		}
		word, rest, _ := strings.Cut(line, " ")
		var err error
		switch {
		case word == "at":
			var d string
			d, rest, _ = strings.Cut(strings.TrimSpace(rest), " ")
			at, err = parseDuration(d)
		case strings.HasPrefix(word, "+"):
			var d time.Duration
			d, err = parseDuration(word[1:])
			at += d
		default:
			rest = line
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		cmd, err := parseCommand(rest)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		sc.steps = append(sc.steps, step{lineNo: n, at: at, cmd: cmd})
	}
	if err := lines.Err(); err != nil {
		return nil, err
	}
	return &sc, nil
}

// stripComment removes a comment: a line starting with #, or a # after
// whitespace, except in a step with a frame command, whose JSON takes the
// rest of the line (it may hold " #").
func stripComment(line string) string {
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "#") {
		return ""
	}
	if slices.Contains(strings.Fields(line), "frame") {
		return line
	}
	for i := 1; i < len(line); i++ {
		if line[i] == '#' && (line[i-1] == ' ' || line[i-1] == '\t') {
			return strings.TrimSpace(line[:i])
		}
	}
	return line
}

// Run plays the script against s until its last step or until ctx is done.
// A step that fails is logged and the script goes on.
func (sc *Script) Run(ctx context.Context, s *Server) {
	start := time.Now()
	for _, st := range sc.steps {
		if wait := time.Until(start.Add(st.at)); wait > 0 {
			timer := time.NewTimer(wait)
			select {
			case <-timer.C:
			case <-ctx.Done():
				timer.Stop()
				return
			}
		}
		if ctx.Err() != nil {
			return
		}
		out, err := st.cmd.run(s)
		if err != nil {
			s.log.Warn("gatewaysim: script step failed", "line", st.lineNo, "command", st.cmd.line, "err", err)
			continue
		}
		s.log.Info("gatewaysim: script step", "line", st.lineNo, "command", st.cmd.line, "result", out)
	}
}
