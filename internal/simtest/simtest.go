// Package simtest holds what the tests of several packages need to run a
// client against the gateway simulator on 127.0.0.1: one place for the
// short protocol timers and the simulator's start and cleanup.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package simtest

import (
	"bytes"
	"sync"
	"testing"
	"time"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/wsclient"
)

// Token is the simulator's token when the test names none.
const Token = "s3cret-token"

// FastTiming shortens the protocol timers so tests run in milliseconds.
func FastTiming() wsclient.Timing {
	return wsclient.Timing{
		PingInterval:   50 * time.Millisecond,
		DeadAfter:      2 * time.Second,
		HelloTimeout:   2 * time.Second,
		RequestTimeout: 2 * time.Second,
		BackoffBase:    5 * time.Millisecond,
		BackoffMax:     20 * time.Millisecond,
		HealthyAfter:   time.Minute,
		RestartDelay:   5 * time.Millisecond,
	}
}

// StartSim runs a gateway simulator on 127.0.0.1 until the test ends and
// returns it with its URL. A cfg without a token gets Token.
func StartSim(t testing.TB, cfg gatewaysim.Config) (*gatewaysim.Server, string) {
	t.Helper()
	if cfg.Token == "" {
		cfg.Token = Token
	}
	sim := gatewaysim.New(cfg)
	url, err := sim.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	return sim, url
}

// EachDialect runs body once per simulator dialect (gatewaysim.Dialects:
// rich, the default, then spec), each as a subtest named after it: the one
// matrix in which a client test meets both a gateway that says more than
// the spec and one that says only what the spec shows.
func EachDialect(t *testing.T, body func(t *testing.T, d gatewaysim.Dialect)) {
	t.Helper()
	for _, d := range gatewaysim.Dialects {
		t.Run(string(d), func(t *testing.T) { body(t, d) })
	}
}

// Buffer is output one goroutine writes (a command, a session) while the
// test polls it.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// String is everything written so far.
func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
