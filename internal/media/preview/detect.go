package preview

import "strings"

// Protocol is how a terminal can show an image.
type Protocol int

// The image protocols, from the always-available fallback up.
const (
	HalfBlocks Protocol = iota // Unicode ▀ cells with 24-bit colours
	Kitty                      // kitty graphics protocol with Unicode placeholders
	ITerm2                     // iTerm2 inline images (OSC 1337)
)

// String is the protocol's config name.
func (p Protocol) String() string {
	switch p {
	case Kitty:
		return "kitty"
	case ITerm2:
		return "iterm2"
	}
	return "halfblocks"
}

// ParseProtocol reads a config name ("halfblocks", "kitty", "iterm2", any
// case); ok is false for anything else (e.g. "auto", meaning Detect).
func ParseProtocol(s string) (p Protocol, ok bool) {
	for _, p := range []Protocol{HalfBlocks, Kitty, ITerm2} {
		if strings.EqualFold(s, p.String()) {
			return p, true
		}
	}
	return HalfBlocks, false
}

// Detect picks the image protocol from the environment, conservatively:
// inside a multiplexer (tmux, screen, zellij) graphics need passthrough we
// cannot confirm, so half blocks; kitty (KITTY_WINDOW_ID, TERM=xterm-kitty)
// and Ghostty get the kitty protocol; iTerm2 (TERM_PROGRAM=iTerm.app,
// LC_TERMINAL=iTerm2) and WezTerm get iTerm2 images (WezTerm's kitty support
// is opt-in and lacks placeholders); everything else half blocks. getenv is
// os.Getenv or tea.EnvMsg.Getenv (the environment of the client's terminal,
// which differs from the process's over SSH).
func Detect(getenv func(string) string) Protocol {
	term := getenv("TERM")
	if getenv("TMUX") != "" || getenv("STY") != "" || getenv("ZELLIJ") != "" ||
		strings.HasPrefix(term, "screen") || strings.HasPrefix(term, "tmux") {
		return HalfBlocks
	}
	prog := strings.ToLower(getenv("TERM_PROGRAM"))
	switch {
	case getenv("KITTY_WINDOW_ID") != "" || term == "xterm-kitty":
		return Kitty
	case prog == "ghostty" || term == "xterm-ghostty":
		return Kitty
	case prog == "wezterm" || prog == "iterm.app" || getenv("LC_TERMINAL") == "iTerm2":
		return ITerm2
	}
	return HalfBlocks
}
