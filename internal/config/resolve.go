package config

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hermes/iris/internal/termsafe"
)

// Environment variables that override the profile.
const (
	EnvURL   = "IRIS_URL"
	EnvToken = "IRIS_TOKEN"
)

// DefaultProfileName is the profile used when neither --profile nor
// default_profile names one.
const DefaultProfileName = "default"

// Options are the command-line inputs to Load; a non-empty flag beats the
// environment and the file.
type Options struct {
	Profile      string        // --profile; "" for the default
	URL          string        // --url
	Token        string        // --token
	Insecure     bool          // --insecure
	DeviceName   string        // --device-name
	CAFile       string        // --ca-file
	Theme        string        // --theme
	Paths        *Paths        // nil for DefaultPaths()
	TokenTimeout time.Duration // token_command limit; 0 for DefaultTokenTimeout
}

// Settings are the resolved setting defaults (the store may hold the user's
// later choices).
type Settings struct {
	RuntimeFooter bool
	ToolVerbosity string // VerbosityAll, VerbosityTruncated or VerbosityNone
	ShowReasoning bool
	Notifications bool
	SendMode      string // SendSteer, SendQueue or SendGateway
	// NotificationRepeats are the gaps between the repeats of a picker's
	// notification (the last one repeats until it is answered or expires);
	// empty: no repeats.
	NotificationRepeats []time.Duration
}

// DefaultNotificationRepeats are the gaps between repeated notifications
// when the config sets none: 1, 5 and 15 minutes.
var DefaultNotificationRepeats = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute}

// DefaultSettings are the settings when the config sets none.
func DefaultSettings() Settings {
	return Settings{
		RuntimeFooter: true,
		ToolVerbosity: VerbosityTruncated,
		ShowReasoning: true,
		Notifications: true,
		SendMode:      SendSteer,

		NotificationRepeats: slices.Clone(DefaultNotificationRepeats),
	}
}

// Config is the resolved configuration of one profile. Printing it with fmt
// or slog never shows the token.
type Config struct {
	Paths      Paths
	FileExists bool   // config.toml exists
	File       *File  // the parsed file (empty on the first run)
	Profile    string // the chosen profile's name

	URL         string
	URLSource   string // "flag", "env IRIS_URL", "profile", or "" when unset
	Token       Secret
	TokenSource string // "flag", "env IRIS_TOKEN", "token_file PATH", "token_command", or ""
	Insecure    bool
	CAFile      string
	DeviceName  string // the profile's, else the host name
	DataDir     string // this profile's store directory
	// ConnectTimeout is the profile's connect_timeout, 0 when unset.
	ConnectTimeout time.Duration
	// Linear is the profile's linear: start in the screen-reader mode.
	Linear bool

	Theme    string // ThemeAuto, ThemeDark or ThemeLight
	Settings Settings
	Keys     map[string][]string // action → keys; the keymap applies it

	Warnings []string
}

// NeedsSetup reports whether the URL or the token is missing, so the first
// run setup form should open.
func (c *Config) NeedsSetup() bool { return c.URL == "" || c.Token.IsZero() }

// Load reads config.toml and resolves the profile chosen by opts: URL from
// --url, IRIS_URL, the profile; token from --token, IRIS_TOKEN, token_file,
// token_command. A missing file, URL or token is not an error (see
// NeedsSetup); a bad file, an unknown profile or a failing token source is.
func Load(ctx context.Context, opts Options) (*Config, error) {
	paths := DefaultPaths()
	if opts.Paths != nil {
		paths = *opts.Paths
	}
	f, warns, err := ReadFile(paths.ConfigFile)
	if err != nil {
		return nil, err
	}
	_, statErr := os.Stat(paths.ConfigFile)
	c := &Config{Paths: paths, File: f, FileExists: statErr == nil, Warnings: warns}
	given := firstNonEmpty(opts.URL, os.Getenv(EnvURL)) != "" && firstNonEmpty(opts.Token, os.Getenv(EnvToken)) != ""
	name, p, err := pickProfile(f, paths.ConfigFile, opts.Profile, given)
	if err != nil {
		return nil, err
	}
	c.Profile, c.DataDir = name, paths.ProfileDataDir(name)
	// A bad URL and a failing token source are reported together.
	if err := errors.Join(c.resolveURL(opts, p), c.resolveToken(ctx, opts, p)); err != nil {
		return nil, err
	}
	if tok := c.Token.Reveal(); termsafe.Line(tok) != tok {
		c.Warnings = append(c.Warnings, fmt.Sprintf("the token (from %s) holds control or invisible characters (shown as placeholders in %s): the gateway will likely refuse it", c.TokenSource, c.Token))
	}
	if err := c.checkChosen(opts.Profile); err != nil {
		return nil, err
	}
	c.Insecure = opts.Insecure || p.Insecure
	c.CAFile = firstNonEmpty(opts.CAFile, expandPath(paths.ConfigDir, p.CAFile))
	c.DeviceName = firstNonEmpty(opts.DeviceName, p.DeviceName)
	c.Linear = p.Linear
	if p.ConnectTimeout != nil {
		c.ConnectTimeout = time.Duration(*p.ConnectTimeout)
	}
	if c.DeviceName == "" {
		c.DeviceName, _ = os.Hostname()
	}
	c.Theme = firstNonEmpty(opts.Theme, string(p.Theme), string(f.Theme), ThemeAuto)
	if !slices.Contains(Themes, c.Theme) {
		return nil, fmt.Errorf("theme (from flag): %q is not one of %s", c.Theme, strings.Join(Themes, ", "))
	}
	c.Settings = mergeSettings(DefaultSettings(), f.Settings, p.Settings)
	c.Keys = maps.Clone(f.Keys)
	if c.Keys == nil {
		c.Keys = map[string][]string{}
	}
	maps.Copy(c.Keys, p.Keys)
	return c, nil
}

// pickProfile chooses the profile: the flag, else default_profile, else
// "default". A named profile must exist unless the file defines none (the
// first run, where setup creates it) or the URL and token are given by
// flags or the environment (given): then the name only chooses the data
// directory.
func pickProfile(f *File, path, flag string, given bool) (string, Profile, error) {
	name := firstNonEmpty(flag, f.DefaultProfile, DefaultProfileName)
	if !ValidProfileName(name) {
		return "", Profile{}, fmt.Errorf("profile name %q: only letters, digits, '-' and '_' are allowed", name)
	}
	p, ok := f.Profiles[name]
	if !ok && flag != "" && len(f.Profiles) > 0 && !given {
		return "", Profile{}, fmt.Errorf("profile %q is not defined in %s (profiles: %s)",
			name, path, strings.Join(f.ProfileNames(), ", "))
	}
	return name, p, nil
}

// checkChosen refuses the implicit "default" profile when the file defines
// only other profiles and nothing else gives a URL and token: the user most
// likely meant one of those, so name them and how to choose.
func (c *Config) checkChosen(flag string) error {
	_, defined := c.File.Profiles[c.Profile]
	if !c.NeedsSetup() || flag != "" || c.File.DefaultProfile != "" || defined || len(c.File.Profiles) == 0 {
		return nil
	}
	names := c.File.ProfileNames()
	what := "profile"
	if len(names) > 1 {
		what = "profiles"
	}
	return fmt.Errorf("no profile chosen: %s defines %s %s but none called %q; choose one with --profile %s or default_profile = %q",
		c.Paths.ConfigFile, what, strings.Join(names, ", "), DefaultProfileName, names[0], names[0])
}

func (c *Config) resolveURL(opts Options, p Profile) error {
	switch {
	case opts.URL != "":
		c.URL, c.URLSource = opts.URL, "flag"
	case os.Getenv(EnvURL) != "":
		c.URL, c.URLSource = os.Getenv(EnvURL), "env "+EnvURL
	case p.URL != "":
		c.URL, c.URLSource = string(p.URL), "profile"
	default:
		return nil
	}
	if err := CheckURL(c.URL); err != nil {
		return fmt.Errorf("url (from %s): %w", c.URLSource, err)
	}
	return nil
}

func (c *Config) resolveToken(ctx context.Context, opts Options, p Profile) error {
	switch {
	case opts.Token != "":
		c.Token, c.TokenSource = NewSecret(opts.Token), "flag"
	case os.Getenv(EnvToken) != "":
		c.Token, c.TokenSource = NewSecret(os.Getenv(EnvToken)), "env "+EnvToken
	case p.TokenFile != "":
		path := expandPath(c.Paths.ConfigDir, p.TokenFile)
		tok, err := readTokenFile(path)
		if err != nil {
			return fmt.Errorf("profile %q: %w", c.Profile, err)
		}
		if w := permWarning("token file", path); w != "" {
			c.Warnings = append(c.Warnings, w)
		}
		c.Token, c.TokenSource = NewSecret(tok), "token_file "+path
	case p.TokenCommand != "":
		timeout := opts.TokenTimeout
		if timeout <= 0 {
			timeout = DefaultTokenTimeout
		}
		tok, err := runTokenCommand(ctx, p.TokenCommand, timeout)
		if err != nil {
			return fmt.Errorf("profile %q: %w", c.Profile, err)
		}
		c.Token, c.TokenSource = NewSecret(tok), "token_command"
	}
	return nil
}

// mergeSettings applies the set values of each layer over base, in order.
func mergeSettings(base Settings, layers ...SettingsFile) Settings {
	for _, l := range layers {
		if l.RuntimeFooter != nil {
			base.RuntimeFooter = *l.RuntimeFooter
		}
		if l.ShowReasoning != nil {
			base.ShowReasoning = *l.ShowReasoning
		}
		if l.Notifications != nil {
			base.Notifications = *l.Notifications
		}
		if l.NotificationRepeats != nil {
			base.NotificationRepeats = make([]time.Duration, len(*l.NotificationRepeats))
			for i, d := range *l.NotificationRepeats {
				base.NotificationRepeats[i] = time.Duration(d)
			}
		}
		base.ToolVerbosity = firstNonEmpty(string(l.ToolVerbosity), base.ToolVerbosity)
		base.SendMode = firstNonEmpty(string(l.SendMode), base.SendMode)
	}
	return base
}

// expandPath resolves "~/" against the home directory and a relative path
// against dir (the config directory).
func expandPath(dir, p string) string {
	if p == "" {
		return ""
	}
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, rest)
		}
	}
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}
