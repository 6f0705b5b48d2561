package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestReadFileErrors(t *testing.T) {
	tests := []struct {
		name, content string
		want          []string // exact error lines, "PATH" stands for the file
	}{
		{"syntax: unterminated string", "theme = \"dark\"\n[profiles.a]\nurl = \"ws://x\nfoo = 1\n",
			[]string{`PATH:3: profiles.a.url: strings cannot contain newlines`}},
		{"syntax: missing value", "theme = \"auto\"\nbroken = = 1\n",
			[]string{`PATH:2: broken: expected value but found '=' instead`}},
		{"syntax: duplicate table", "[profiles.a]\nurl = \"ws://x\"\n[profiles.a]\n",
			[]string{`PATH:3: profiles: Key 'profiles.a' has already been defined.`}},
		{"type: bool as string", "[profiles.a]\nurl = \"ws://x\"\ninsecure = \"yes\"\n",
			[]string{`PATH:3: profiles.a.insecure: incompatible types: TOML value has type string; destination has type boolean`}},
		{"type: keys not a list", "[keys]\nquit = \"ctrl+q\"\n",
			[]string{`PATH:2: keys.quit: each [keys] entry is a list of keys, e.g. "global.quit" = ["ctrl+q"]`}},
		{"type: profile keys not a list", "[profiles.a.keys]\n\"global.quit\" = 3\n",
			[]string{`PATH:2: profiles.a.keys."global.quit": each [keys] entry is a list of keys, e.g. "global.quit" = ["ctrl+q"]`}},
		{"syntax: table header without ]", "theme = \"dark\"\n[profiles.a\nurl = \"ws://x\"\n",
			[]string{`PATH:2: expected '.' or ']' to end table name, but got '\n' instead`}},
		{"syntax: table header without ] at the end", "theme = \"dark\"\n[profiles\n",
			[]string{`PATH:2: expected '.' or ']' to end table name, but got '\n' instead`}},
		{"bad theme", "theme = \"blue\"\n",
			[]string{`PATH:1: theme: "blue" is not one of auto, dark, light`}},
		{"bad profile theme", "[profiles.a]\ntheme = \"sepia\"\n",
			[]string{`PATH:2: profiles.a.theme: "sepia" is not one of auto, dark, light`}},
		{"bad verbosity", "[settings]\ntool_verbosity = \"some\"\n",
			[]string{`PATH:2: settings.tool_verbosity: "some" is not one of all, truncated, none`}},
		{"bad send mode in profile", "[profiles.a.settings]\nsend_mode = \"later\"\n",
			[]string{`PATH:2: profiles.a.settings.send_mode: "later" is not one of steer, queue, gateway`}},
		{"bad url scheme", "[profiles.a]\nurl = \"https://h/ws\"\n",
			[]string{`PATH:2: profiles.a.url: "https://h/ws" must start with ws:// or wss://`}},
		{"url not a string", "[profiles.a]\nurl = 42\n",
			[]string{`PATH:2: profiles.a.url: the url must be a string like "wss://host/path"`}},
		{"url without host", "[profiles.a]\nurl = \"wss:///ws\"\n",
			[]string{`PATH:2: profiles.a.url: "wss:///ws" has no host`}},
		{"unknown default profile", "default_profile = \"work\"\n[profiles.home]\n[profiles.lab]\n",
			[]string{`PATH: default_profile: profile "work" is not defined (profiles: home, lab)`}},
		{"bad profile name", "[profiles.\"a b\"]\n",
			[]string{`PATH: profiles.a b: a profile name may only contain letters, digits, '-' and '_'`}},
		{"empty key list", "[keys]\nquit = []\n",
			[]string{`PATH: keys.quit: needs at least one key, e.g. ["ctrl+q"]`}},
		{"empty key string", "[profiles.a.keys]\nquit = [\" \"]\n",
			[]string{`PATH: profiles.a.keys.quit: a key string is empty`}},
		{"bad notification repeat", "[settings]\nnotification_repeats = [\"1m\", \"soon\"]\n",
			[]string{`PATH:2: settings.notification_repeats: "soon" is not a positive duration such as "90s" or "5m"`}},
		{"zero notification repeat", "[settings]\nnotification_repeats = [\"0s\"]\n",
			[]string{`PATH:2: settings.notification_repeats: "0s" is not a positive duration such as "90s" or "5m"`}},
		{"bad value that is not a string", "[settings]\nsend_mode = 1\n",
			[]string{`PATH:2: settings.send_mode: "1" is not one of steer, queue, gateway`}},
		{"several problems at once", "default_profile = \"x\"\n[profiles.\"a b\"]\n[profiles.ok]\n[profiles.ok.keys]\nquit = []\n",
			[]string{`PATH: default_profile: profile "x" is not defined (profiles: a b, ok)`,
				`PATH: profiles.a b: a profile name may only contain letters, digits, '-' and '_'`,
				`PATH: profiles.ok.keys.quit: needs at least one key, e.g. ["ctrl+q"]`}},
		{"every wrong value, by line", "theme = \"blue\"\n[settings]\ntool_verbosity = \"some\"\n[profiles.a]\ninsecure = \"yes\"\nurl = 42\n[profiles.b.settings]\nsend_mode = 1\n",
			[]string{`PATH:1: theme: "blue" is not one of auto, dark, light`,
				`PATH:3: settings.tool_verbosity: "some" is not one of all, truncated, none`,
				`PATH:5: profiles.a.insecure: incompatible types: TOML value has type string; destination has type boolean`,
				`PATH:6: profiles.a.url: the url must be a string like "wss://host/path"`,
				`PATH:8: profiles.b.settings.send_mode: "1" is not one of steer, queue, gateway`}},
		{"wrong values and a validation problem", "default_profile = \"x\"\ntheme = \"blue\"\n[keys]\nquit = []\n[profiles.ok]\ninsecure = 1\n",
			[]string{`PATH:2: theme: "blue" is not one of auto, dark, light`,
				`PATH:6: profiles.ok.insecure: incompatible types: TOML value has type int64; destination has type boolean`,
				`PATH: keys.quit: needs at least one key, e.g. ["ctrl+q"]`,
				`PATH: default_profile: profile "x" is not defined (profiles: ok)`}},
		{"a wrong value in a multi-line list, and one after it", "theme = \"blue\"\n[settings]\nnotification_repeats = [\n  \"1m\",\n  \"soon\",\n]\nsend_mode = 1\n",
			[]string{`PATH:1: theme: "blue" is not one of auto, dark, light`,
				`PATH:3: settings.notification_repeats: "soon" is not a positive duration such as "90s" or "5m"`,
				`PATH:7: settings.send_mode: "1" is not one of steer, queue, gateway`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			writeFile(t, path, tt.content, 0o600)
			_, _, err := ReadFile(path)
			if err == nil {
				t.Fatal("ReadFile succeeded")
			}
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T is not a *FileError", err)
			}
			want := strings.ReplaceAll(strings.Join(tt.want, "\n"), "PATH", path)
			if err.Error() != want {
				t.Fatalf("error\n got: %s\nwant: %s", err, want)
			}
		})
	}
}

func TestReadFileWarnings(t *testing.T) {
	tests := []struct {
		name, content string
		mode          uint32
		want          []string
	}{
		{"clean", "theme = \"dark\"\n", 0o600, nil},
		{"unknown keys, table reported once", "colour = 1\n[extra]\na = 1\nb = 2\n[profiles.a]\nurll = \"ws://x\"\n", 0o600,
			[]string{`PATH: unknown key "colour" (ignored); valid keys here: default_profile, keys, profiles, settings, theme`,
				`PATH: unknown key "extra" (ignored); valid keys here: default_profile, keys, profiles, settings, theme`,
				`PATH: unknown key "profiles.a.urll" (ignored); did you mean "url"?`}},
		{"a misspelt setting", "[settings]\ntool_verbosty = \"all\"\n[profiles.a.settings]\nSendMode = \"queue\"\n", 0o600,
			[]string{`PATH: unknown key "profiles.a.settings.SendMode" (ignored); did you mean "send_mode"?`,
				`PATH: unknown key "settings.tool_verbosty" (ignored); did you mean "tool_verbosity"?`}},
		{"inline token", "[profiles.a]\ntoken = \"abc\"\n", 0o600,
			[]string{`PATH: unknown key "profiles.a.token" (ignored); a token is never stored inline: use token_file or token_command`}},
		{"group readable", "", 0o640,
			[]string{`config file PATH is accessible by others than its owner (mode 0640); fix with: chmod 600 PATH`}},
		{"world readable", "", 0o604,
			[]string{`config file PATH is accessible by others than its owner (mode 0604); fix with: chmod 600 PATH`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			writeFile(t, path, tt.content, os.FileMode(tt.mode))
			_, warns, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, w := range tt.want {
				want = append(want, strings.ReplaceAll(w, "PATH", path))
			}
			if !slices.Equal(warns, want) {
				t.Fatalf("warnings\n got: %q\nwant: %q", warns, want)
			}
		})
	}
}

func TestReadFileMissingIsEmpty(t *testing.T) {
	f, warns, err := ReadFile(filepath.Join(t.TempDir(), "none.toml"))
	if err != nil || len(warns) != 0 || f == nil || len(f.Profiles) != 0 {
		t.Fatalf("ReadFile(missing) = %+v, %q, %v", f, warns, err)
	}
}

func TestReadFileUnreadable(t *testing.T) {
	dir := t.TempDir() // a directory is not a readable file
	if _, _, err := ReadFile(dir); err == nil || !strings.HasPrefix(err.Error(), "read config: ") {
		t.Fatalf("err = %v", err)
	}
}

func TestUnknownActions(t *testing.T) {
	keys := map[string][]string{"quit": {"ctrl+q"}, "frobnicate": {"x"}, "abort": {"y"}}
	got := UnknownActions(keys, []string{"quit", "help"})
	if !slices.Equal(got, []string{"abort", "frobnicate"}) {
		t.Fatalf("UnknownActions = %q", got)
	}
}

// TestExampleFile parses the example of the package documentation.
func TestExampleFile(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "example.toml"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "config.toml") // a checkout does not keep mode 0600
	writeFile(t, path, string(data), 0o600)
	f, warns, err := ReadFile(path)
	if err != nil || len(warns) != 0 {
		t.Fatalf("example: %v %q", err, warns)
	}
	if f.DefaultProfile != "home" || f.Profiles["lab"].Settings.SendMode != SendQueue || f.Keys["global.quit"][0] != "ctrl+q" {
		t.Fatalf("example parsed as %+v", f)
	}
}
