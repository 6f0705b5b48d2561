package preview

import "testing"

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want Protocol
	}{
		{"nothing", nil, HalfBlocks},
		{"xterm", map[string]string{"TERM": "xterm-256color", "COLORTERM": "truecolor"}, HalfBlocks},
		{"kitty window", map[string]string{"KITTY_WINDOW_ID": "1", "TERM": "xterm-256color"}, Kitty},
		{"kitty term", map[string]string{"TERM": "xterm-kitty"}, Kitty},
		{"ghostty", map[string]string{"TERM_PROGRAM": "ghostty", "TERM": "xterm-ghostty"}, Kitty},
		{"ghostty over ssh", map[string]string{"TERM": "xterm-ghostty"}, Kitty},
		{"iTerm2", map[string]string{"TERM_PROGRAM": "iTerm.app"}, ITerm2},
		{"iTerm2 over ssh", map[string]string{"LC_TERMINAL": "iTerm2", "TERM": "xterm-256color"}, ITerm2},
		{"WezTerm", map[string]string{"TERM_PROGRAM": "WezTerm"}, ITerm2},
		{"kitty inside tmux", map[string]string{"TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1", "TERM": "tmux-256color"}, HalfBlocks},
		{"iTerm2 inside tmux", map[string]string{"TERM_PROGRAM": "tmux", "LC_TERMINAL": "iTerm2", "TERM": "screen-256color"}, HalfBlocks},
		{"screen", map[string]string{"STY": "1.pts", "TERM_PROGRAM": "iTerm.app"}, HalfBlocks},
		{"zellij", map[string]string{"ZELLIJ": "0", "TERM": "xterm-kitty"}, HalfBlocks},
		{"apple terminal", map[string]string{"TERM_PROGRAM": "Apple_Terminal"}, HalfBlocks},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect(func(k string) string { return tt.env[k] }); got != tt.want {
				t.Fatalf("Detect = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestParseProtocol(t *testing.T) {
	for _, p := range []Protocol{HalfBlocks, Kitty, ITerm2} {
		if got, ok := ParseProtocol(p.String()); !ok || got != p {
			t.Errorf("ParseProtocol(%q) = %v, %v", p.String(), got, ok)
		}
	}
	if got, ok := ParseProtocol("KITTY"); !ok || got != Kitty {
		t.Errorf("ParseProtocol is case-sensitive")
	}
	if _, ok := ParseProtocol("auto"); ok {
		t.Errorf("ParseProtocol accepted auto")
	}
}
