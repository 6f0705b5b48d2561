package config

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/hermes/iris/internal/safefile"
	"github.com/hermes/iris/internal/termsafe"
)

// DefaultTokenTimeout bounds a token_command run.
const DefaultTokenTimeout = 10 * time.Second

// maxStderr caps how much of a failing token_command's stderr an error
// carries, in runes.
const maxStderr = 500

// readTokenFile returns the trimmed content of a token file. It refuses a
// file that is not a regular file (a FIFO would block forever) or is larger
// than MaxTokenSize.
func readTokenFile(path string) (string, error) {
	data, err := safefile.Read(path, MaxTokenSize)
	if err != nil {
		return "", fmt.Errorf("token_file: %w", err)
	}
	tok := strings.TrimSpace(string(data))
	if tok == "" {
		return "", fmt.Errorf("token_file %s is empty", path)
	}
	return tok, nil
}

// runTokenCommand runs command through the shell and returns its trimmed
// stdout. The command is killed when it outlives timeout or prints more than
// MaxTokenSize on stdout or stderr. The error carries the command's stderr,
// sanitised and shortened, never its stdout.
func runTokenCommand(ctx context.Context, command string, timeout time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// Over the cap, kill the command at once rather than let it run on.
	capCtx, kill := context.WithCancel(ctx)
	defer kill()
	cmd := exec.CommandContext(capCtx, "sh", "-c", command)
	stdout := &cappedBuffer{max: MaxTokenSize, over: kill}
	stderr := &cappedBuffer{max: MaxTokenSize, over: kill}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	// A child that keeps the pipes open must not hang us past the timeout.
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	switch {
	case stdout.exceeded:
		return "", fmt.Errorf("token_command %q printed more than %s on stdout (stopped); a token is a short line", command, safefile.SizeLabel(MaxTokenSize))
	case stderr.exceeded:
		return "", fmt.Errorf("token_command %q printed more than %s on stderr (stopped)%s", command, safefile.SizeLabel(MaxTokenSize), stderrSuffix(stderr.String()))
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return "", fmt.Errorf("token_command %q timed out after %s", command, timeout)
	case err != nil:
		return "", fmt.Errorf("token_command %q failed: %v%s", command, err, stderrSuffix(stderr.String()))
	}
	tok := strings.TrimSpace(stdout.String())
	if tok == "" {
		return "", fmt.Errorf("token_command %q printed nothing on stdout%s", command, stderrSuffix(stderr.String()))
	}
	return tok, nil
}

// stderrSuffix turns a command's stderr into ": text" for an error: trimmed,
// shortened to maxStderr runes, and passed through termsafe.Line, so an
// escape sequence in it shows as visible placeholders instead of acting on
// the terminal.
func stderrSuffix(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if r := []rune(s); len(r) > maxStderr {
		s = string(r[:maxStderr]) + "…"
	}
	return ": " + termsafe.Line(s)
}
