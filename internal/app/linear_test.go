package app

import (
	"testing"

	"github.com/hermes/iris/internal/config"
)

// The linear mode is chosen by the flag, the profile, or TERM=dumb.
func TestLinearModeChoice(t *testing.T) {
	env := func(term string) func(string) string {
		return func(k string) string {
			if k == "TERM" {
				return term
			}
			return ""
		}
	}
	tests := []struct {
		name    string
		flag    bool
		profile bool
		term    string
		want    bool
	}{
		{"none", false, false, "xterm-256color", false},
		{"flag", true, false, "xterm-256color", true},
		{"profile", false, true, "xterm-256color", true},
		{"dumb terminal", false, false, "dumb", true},
	}
	for _, tt := range tests {
		if got := linearMode(cliOptions{linear: tt.flag}, &config.Config{Linear: tt.profile}, env(tt.term)); got != tt.want {
			t.Errorf("%s: linear %v, want %v", tt.name, got, tt.want)
		}
	}
}
