package config

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// DefaultTokenTimeout bounds a token_command run.
const DefaultTokenTimeout = 10 * time.Second

// maxStderr caps how much of a failing token_command's stderr an error
// carries.
const maxStderr = 500

// readTokenFile returns the trimmed content of a token file.
func readTokenFile(path string) (string, error) {
	data, err := os.ReadFile(path)
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
// stdout. The error carries the command's stderr, never its stdout.
func runTokenCommand(ctx context.Context, command string, timeout time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// A child that keeps the pipes open must not hang us past the timeout.
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "", fmt.Errorf("token_command %q timed out after %s", command, timeout)
	}
	if err != nil {
		return "", fmt.Errorf("token_command %q failed: %v%s", command, err, stderrSuffix(stderr.String()))
	}
	tok := strings.TrimSpace(stdout.String())
	if tok == "" {
		return "", fmt.Errorf("token_command %q printed nothing on stdout%s", command, stderrSuffix(stderr.String()))
	}
	return tok, nil
}

func stderrSuffix(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if r := []rune(s); len(r) > maxStderr {
		s = string(r[:maxStderr]) + "…"
	}
	return ": " + s
}
