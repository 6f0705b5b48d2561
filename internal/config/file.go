package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/hermes/iris/internal/safefile"
)

// File is the content of config.toml. Unset optional values stay nil or
// empty so that a profile's settings override the top-level ones only where
// the profile sets them.
//
//	default_profile = "home"
//	theme = "auto"
//	[settings]
//	tool_verbosity = "truncated"
//	notification_repeats = ["1m", "5m", "15m"]
//	[keys]
//	"global.quit" = ["ctrl+q"]
//	[profiles.home]
//	url = "wss://gateway.example/ws"
//	token_file = "home.token"
type File struct {
	DefaultProfile string              `toml:"default_profile,omitempty"`
	Theme          Theme               `toml:"theme,omitempty"`
	Settings       SettingsFile        `toml:"settings,omitempty"`
	Keys           map[string][]string `toml:"keys,omitempty"`
	Profiles       map[string]Profile  `toml:"profiles,omitempty"`
}

// Profile is one gateway. Theme, Settings and Keys override the top-level
// values of the same name.
type Profile struct {
	URL          URL    `toml:"url,omitempty"`
	TokenFile    string `toml:"token_file,omitempty"`
	TokenCommand string `toml:"token_command,omitempty"`
	Insecure     bool   `toml:"insecure,omitempty"`
	CAFile       string `toml:"ca_file,omitempty"`
	DeviceName   string `toml:"device_name,omitempty"`
	// ConnectTimeout bounds how long the commands for scripts try to reach
	// the gateway (their --connect-timeout); unset, they use their default.
	ConnectTimeout *Duration `toml:"connect_timeout,omitempty"`
	// Linear starts the screen-reader mode (iris --linear) with this
	// profile.
	Linear   bool                `toml:"linear,omitempty"`
	Theme    Theme               `toml:"theme,omitempty"`
	Settings SettingsFile        `toml:"settings,omitempty"`
	Keys     map[string][]string `toml:"keys,omitempty"`
}

// SettingsFile holds the setting defaults as written in the file; nil or ""
// means "not set here".
type SettingsFile struct {
	RuntimeFooter *bool     `toml:"runtime_footer,omitempty"`
	ToolVerbosity Verbosity `toml:"tool_verbosity,omitempty"`
	ShowReasoning *bool     `toml:"show_reasoning,omitempty"`
	Notifications *bool     `toml:"notifications,omitempty"`
	SendMode      SendMode  `toml:"send_mode,omitempty"`
	// NotificationRepeats are the gaps between repeated notifications of a
	// picker left unanswered while the terminal is unfocused; [] repeats
	// none.
	NotificationRepeats *[]Duration `toml:"notification_repeats,omitempty"`
}

// FileError is a problem in a config file, located as precisely as the
// parser allows.
type FileError struct {
	Path string
	Line int    // 0 when unknown
	Key  string // dotted key, "" when unknown
	Msg  string
}

func (e *FileError) Error() string {
	var b strings.Builder
	b.WriteString(e.Path)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Key != "" {
		fmt.Fprintf(&b, ": %s", e.Key)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// ReadFile reads, parses and validates a config file. A missing file is not
// an error: it yields an empty File (the first run). Warnings (unknown keys,
// a file readable by others) are returned, never printed. Errors are
// *FileError values, joined when there are several. A file that is not a
// regular file, or is larger than 1 MiB, is refused unread.
func ReadFile(path string) (*File, []string, error) {
	data, err := safefile.Read(path, maxConfigSize)
	if errors.Is(err, fs.ErrNotExist) {
		return &File{}, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("read config: %w", err)
	}
	f, warns, err := parse(path, data)
	if err != nil {
		return nil, warns, err
	}
	if w := permWarning("config file", path); w != "" {
		warns = append(warns, w)
	}
	return f, warns, nil
}

// parse decodes data and validates the result, reporting every wrong value
// and validation problem (joined), and a warning per unknown key.
func parse(path string, data []byte) (*File, []string, error) {
	var f File
	wrong, warns, err := decodeFile(path, data, &f)
	if err != nil {
		return nil, nil, err
	}
	errs := make([]error, 0, len(wrong)+1)
	for _, fe := range wrong {
		errs = append(errs, fe)
	}
	errs = append(errs, f.validate(path))
	if err := errors.Join(errs...); err != nil {
		return nil, warns, err
	}
	return &f, warns, nil
}

// typeError matches the plain error BurntSushi/toml returns for a value of
// the wrong type (it is not a ParseError): "toml: line 3 (last key
// "profiles.a.insecure"): incompatible types: ...". The key is Go-quoted.
var typeError = regexp.MustCompile(`^toml: (?:line (\d+) )?\(last key ("(?:[^"\\]|\\.)*")\): (.*)$`)

// keysEntry matches the dotted key of an entry of a [keys] table.
var keysEntry = regexp.MustCompile(`^(?:profiles\.(?:[A-Za-z0-9_-]+|"[^"]*")\.)?keys\.`)

// keysEntryMsg replaces the library's type error for a [keys] entry.
const keysEntryMsg = `each [keys] entry is a list of keys, e.g. "global.quit" = ["ctrl+q"]`

// parseError turns a TOML error into a FileError naming line and key.
func parseError(path string, data []byte, err error) *FileError {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return &FileError{Path: path, Line: errorLine(data, pe.Position), Key: pe.LastKey, Msg: pe.Message}
	}
	if m := typeError.FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[1])
		key, uerr := strconv.Unquote(m[2])
		if uerr != nil {
			key = m[2]
		}
		msg := m[3]
		if keysEntry.MatchString(key) && strings.HasPrefix(msg, "incompatible types:") {
			msg = keysEntryMsg
		}
		return &FileError{Path: path, Line: line, Key: key, Msg: msg}
	}
	return &FileError{Path: path, Msg: err.Error()}
}

// errorLine corrects the parser's line for an error found on a newline
// character: the lexer has already counted that newline, so it reports the
// next line (a table header missing its "]" on line 2 came out as line 3).
// The byte offset is exact, so the line that newline ends is used instead.
func errorLine(data []byte, pos toml.Position) int {
	end := pos.Start + pos.Len - 1
	if pos.Len < 1 || end < 0 || end >= len(data) || data[end] != '\n' {
		return pos.Line
	}
	if line := 1 + bytes.Count(data[:end], []byte("\n")); line == pos.Line-1 {
		return line
	}
	return pos.Line
}
