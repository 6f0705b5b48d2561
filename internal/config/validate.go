package config

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Allowed values of the enumerated settings.
var (
	Themes          = []string{ThemeAuto, ThemeDark, ThemeLight}
	ToolVerbosities = []string{VerbosityAll, VerbosityTruncated, VerbosityNone}
	SendModes       = []string{SendSteer, SendQueue, SendGateway}
)

// Values of theme, tool_verbosity and send_mode.
const (
	ThemeAuto  = "auto"
	ThemeDark  = "dark"
	ThemeLight = "light"

	VerbosityAll       = "all"
	VerbosityTruncated = "truncated"
	VerbosityNone      = "none"

	SendSteer   = "steer"   // text sent while the agent is busy steers the turn
	SendQueue   = "queue"   // it waits for the next turn
	SendGateway = "gateway" // it goes out at once; the gateway's busy_input_mode decides
)

// profileName is what a profile may be called: it names a directory and a
// token file, and is a bare TOML key.
var profileName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ValidProfileName reports whether name can name a profile.
func ValidProfileName(name string) bool { return profileName.MatchString(name) }

// validate checks what decoding cannot (values are checked by their types
// while decoding) and returns all problems joined.
func (f *File) validate(path string) error {
	var errs []error
	bad := func(key, msg string) { errs = append(errs, &FileError{Path: path, Key: key, Msg: msg}) }
	checkKeys(bad, "keys", f.Keys)
	if f.DefaultProfile != "" {
		if _, ok := f.Profiles[f.DefaultProfile]; !ok {
			bad("default_profile", fmt.Sprintf("profile %q is not defined (profiles: %s)",
				f.DefaultProfile, strings.Join(f.ProfileNames(), ", ")))
		}
	}
	for _, name := range f.ProfileNames() {
		p, key := f.Profiles[name], "profiles."+name
		if !ValidProfileName(name) {
			bad(key, "a profile name may only contain letters, digits, '-' and '_'")
		}
		checkKeys(bad, key+".keys", p.Keys)
	}
	return errors.Join(errs...)
}

// ProfileNames returns the names of the defined profiles, sorted.
func (f *File) ProfileNames() []string {
	names := make([]string, 0, len(f.Profiles))
	for n := range f.Profiles {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func checkKeys(bad func(key, msg string), prefix string, keys map[string][]string) {
	for action, list := range keys {
		if len(list) == 0 {
			bad(prefix+"."+action, "needs at least one key, e.g. [\"ctrl+q\"]")
		}
		for _, k := range list {
			if strings.TrimSpace(k) == "" {
				bad(prefix+"."+action, "a key string is empty")
			}
		}
	}
}

// UnknownActions returns, sorted, the action names in keys that are not in
// known (the keymap's action names).
func UnknownActions(keys map[string][]string, known []string) []string {
	var out []string
	for action := range keys {
		if !slices.Contains(known, action) {
			out = append(out, action)
		}
	}
	sort.Strings(out)
	return out
}

// CheckURL reports whether u is a usable gateway URL: ws:// or wss:// with a
// host and no credentials. A user name or password in the URL is refused at
// once: Iris authenticates with its token, and the WebSocket library would
// send them to the gateway as Basic auth. The errors show u redacted (see
// RedactURL), never a password.
func CheckURL(u string) error {
	p, err := url.Parse(u)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // url.Error repeats the URL unredacted
		}
		return fmt.Errorf("%q is not a URL: %v", RedactURL(u), err)
	}
	if p.User != nil {
		return fmt.Errorf("%q carries a user name or password: Iris authenticates with its token only; remove the part before @ (the token goes in token_file, token_command or %s)", p.Redacted(), EnvToken)
	}
	if p.Scheme != "ws" && p.Scheme != "wss" {
		return fmt.Errorf("%q must start with ws:// or wss://", u)
	}
	if p.Host == "" {
		return fmt.Errorf("%q has no host", u)
	}
	return nil
}

// userInfo matches the credentials of a URL too broken to parse.
var userInfo = regexp.MustCompile(`^([^/?#]*//)[^/?#]*@`)

// RedactURL is u with any password replaced by "xxxxx" (and, for a URL that
// does not parse, everything between "//" and "@"), safe to print.
func RedactURL(u string) string {
	if p, err := url.Parse(u); err == nil {
		return p.Redacted()
	}
	return userInfo.ReplaceAllString(u, "${1}xxxxx@")
}
