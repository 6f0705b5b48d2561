package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"abc", "****"},
		{"elevenchars", "****"},
		{"twelve-chars", "****hars"},
		{"sk-live-0123456789abcdef", "****cdef"},
		{"ééééééééééééxyzé", "****xyzé"},
	}
	for _, tt := range tests {
		if got := Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestSecretNeverPrinted formats a resolved Config every way main or a
// logger might, and greps the output for the token.
func TestSecretNeverPrinted(t *testing.T) {
	const token = "sk-supersecret-token-1234"
	c := &Config{Profile: "p", URL: "wss://h/ws", Token: NewSecret(token), TokenSource: "flag"}
	var out []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%10.3s"} {
		out = append(out, fmt.Sprintf(verb, c), fmt.Sprintf(verb, *c), fmt.Sprintf(verb, c.Token))
	}
	var logBuf bytes.Buffer
	lg := slog.New(slog.NewJSONHandler(&logBuf, nil))
	lg.Info("cfg", "config", c, "token", c.Token)
	slog.New(slog.NewTextHandler(&logBuf, nil)).Info("cfg", "config", *c, "token", c.Token)
	j, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, logBuf.String(), string(j))
	for _, s := range out {
		if strings.Contains(s, token) || strings.Contains(s, "supersecret") {
			t.Fatalf("token leaked in %q", s)
		}
	}
	if !strings.Contains(fmt.Sprint(c.Token), "****1234") {
		t.Fatalf("redacted form missing: %s", fmt.Sprint(c.Token))
	}
	if c.Token.Reveal() != token {
		t.Fatal("Reveal lost the token")
	}
}
