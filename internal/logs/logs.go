// Package logs writes Iris's log file ($XDG_STATE_HOME/iris/iris.log) with
// size-based rotation, and, with --debug, a frame log in which secrets are
// always and message content is by default redacted.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package logs

import (
	"bytes"
	"io"
	"log/slog"
	"strings"
	"sync"
)

// Defaults for Options: 5 MiB per file, 3 files.
const (
	DefaultMaxSize  = 5 << 20
	DefaultMaxFiles = 3
)

// Options configure Open.
type Options struct {
	Path         string // the log file, usually config.Paths.LogFile
	MaxSize      int64  // bytes per file; 0 for DefaultMaxSize
	MaxFiles     int    // files kept, the current one included; 0 for DefaultMaxFiles
	Debug        bool   // --debug: debug level and the frame log
	DebugContent bool   // --debug-content: the frame log keeps message content
}

// Log is an open log file and the slog.Logger writing to it.
type Log struct {
	// Logger writes records at info level, or debug with Options.Debug.
	// Attributes named like a secret (token, fcm_token, ntfy_topic) are
	// replaced whatever their value.
	Logger *slog.Logger

	opts Options
	out  *scrubWriter
	rw   *RotatingWriter
}

// Open opens (creating it, mode 0600) the log file described by opts.
func Open(opts Options) (*Log, error) {
	if opts.MaxSize <= 0 {
		opts.MaxSize = DefaultMaxSize
	}
	if opts.MaxFiles <= 0 {
		opts.MaxFiles = DefaultMaxFiles
	}
	rw, err := NewRotatingWriter(opts.Path, opts.MaxSize, opts.MaxFiles)
	if err != nil {
		return nil, err
	}
	out := &scrubWriter{w: rw}
	level := slog.LevelInfo
	if opts.Debug {
		level = slog.LevelDebug
	}
	h := slog.NewTextHandler(out, &slog.HandlerOptions{Level: level, ReplaceAttr: redactAttr})
	return &Log{Logger: slog.New(h), opts: opts, out: out, rw: rw}, nil
}

// Frames returns the frame logger for wsclient: called with every JSON
// frame, it logs it at debug level with secrets redacted, and message
// content too unless Options.DebugContent. Without Options.Debug it is a
// no-op.
func (l *Log) Frames() func(outgoing bool, data []byte) {
	if !l.opts.Debug {
		return func(bool, []byte) {}
	}
	return FrameLogger(l.Logger, l.opts.DebugContent)
}

// AddSecret makes the log replace every later occurrence of s, wherever it
// appears, by "[redacted]". Main registers the resolved token here as
// defence in depth. Strings shorter than 4 bytes are ignored.
func (l *Log) AddSecret(s string) { l.out.add(s) }

// Close closes the log file.
func (l *Log) Close() error { return l.rw.Close() }

// redactAttr replaces the value of any attribute named like a secret.
func redactAttr(_ []string, a slog.Attr) slog.Attr {
	if secretKeys[strings.ToLower(a.Key)] {
		return slog.String(a.Key, redacted)
	}
	return a
}

// minSecretLen keeps AddSecret from scrubbing short, common strings.
const minSecretLen = 4

// scrubWriter replaces registered secrets in each write. slog writes one
// record per Write, so a secret never straddles two writes.
type scrubWriter struct {
	w       io.Writer
	mu      sync.RWMutex
	secrets [][]byte
}

func (s *scrubWriter) add(secret string) {
	if len(secret) < minSecretLen {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.secrets = append(s.secrets, []byte(secret))
}

func (s *scrubWriter) Write(p []byte) (int, error) {
	s.mu.RLock()
	out := p
	for _, sec := range s.secrets {
		if bytes.Contains(out, sec) {
			out = bytes.ReplaceAll(out, sec, []byte(redacted))
		}
	}
	s.mu.RUnlock()
	if _, err := s.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
