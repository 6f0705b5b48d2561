package config

import (
	"fmt"
	"log/slog"

	"github.com/hermes/iris/internal/termsafe"
)

// Secret holds a token. Every way of printing it (fmt verbs, slog, JSON or
// text marshalling) yields the redacted form; only Reveal returns the value.
type Secret struct{ v string }

// NewSecret wraps a token.
func NewSecret(token string) Secret { return Secret{v: token} }

// Reveal returns the token itself, for the hello frame and nothing else.
func (s Secret) Reveal() string { return s.v }

// IsZero reports whether no token is set.
func (s Secret) IsZero() bool { return s.v == "" }

// String returns the redacted token.
func (s Secret) String() string { return Redact(s.v) }

// GoString returns the redacted token, for %#v.
func (s Secret) GoString() string { return fmt.Sprintf("config.Secret(%q)", Redact(s.v)) }

// Format prints the redacted token for every fmt verb.
func (s Secret) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, s.GoString())
		return
	}
	fmt.Fprint(f, Redact(s.v))
}

// LogValue makes slog log the redacted token.
func (s Secret) LogValue() slog.Value { return slog.StringValue(Redact(s.v)) }

// MarshalText makes encoders (JSON, TOML) write the redacted token.
func (s Secret) MarshalText() ([]byte, error) { return []byte(Redact(s.v)), nil }

// minRevealLen is the shortest token whose last 4 characters may be shown;
// for a shorter one they would give away too much of it.
const minRevealLen = 12

// Redact returns a form of token safe to show: "" for no token, "****" for a
// short one, and "****" plus the last 4 characters otherwise, a control
// character among them shown as a placeholder (termsafe.Line) so that a
// token file holding escape sequences cannot act on the terminal.
func Redact(token string) string {
	r := []rune(token)
	switch {
	case len(r) == 0:
		return ""
	case len(r) < minRevealLen:
		return "****"
	default:
		return "****" + termsafe.Line(string(r[len(r)-4:]))
	}
}
