package setup

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/ui/common"
)

// Tester checks that url accepts token, e.g. by a real hello handshake.
// insecure is the user's explicit opt-in to plain ws:// to a remote host; the
// form never calls a Tester for such a URL without it.
type Tester func(ctx context.Context, url, token string, insecure bool) error

// connTestedMsg reports the outcome of a connection test; seq tells a stale
// result (the URL or token changed since) from the current one.
type connTestedMsg struct {
	seq int
	err error
}

// testCmd runs test with a timeout, off the UI goroutine.
func testCmd(test Tester, timeout time.Duration, seq int, in Input) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		return connTestedMsg{seq: seq, err: test(ctx, in.URL, in.Token, in.Insecure)}
	}
}

// testFailure explains a failed connection test in plain words (the cause,
// as the status bar names it, not Go's error chain). A rejected token
// points at the form's Token field, not at the config file or flags the
// client's own error names.
func testFailure(err error) string {
	var auth *session.AuthError
	if !errors.As(err, &auth) {
		return common.ConnCause(err) + "; check the URL, and that the gateway is running and reachable from here"
	}
	text := "the gateway rejected this token; check the Token field"
	if auth.Message != "" {
		text += " (gateway said: " + auth.Message + ")"
	}
	return text
}

// Input is what the form collected.
type Input struct {
	URL        string
	Token      string
	Profile    string
	DeviceName string
	Insecure   bool
}

// Result is what Save wrote.
type Result struct {
	Profile    string
	ConfigFile string
	TokenFile  string
}

// configSavedMsg reports the outcome of saveCmd.
type configSavedMsg struct {
	res Result
	err error
}

// saveCmd writes the config and the token file off the UI goroutine.
func saveCmd(paths config.Paths, file *config.File, in Input) tea.Cmd {
	return func() tea.Msg {
		res, err := Save(paths, file, in)
		return configSavedMsg{res: res, err: err}
	}
}

// Save stores in as the profile in.Profile: the token in its own file
// <profile>.token (mode 0600) next to config.toml, and the profile, pointing
// at that file, in config.toml (mode 0600), keeping everything else file
// holds (other profiles, the profile's other settings). file is not
// modified. The profile becomes default_profile when none is set.
func Save(paths config.Paths, file *config.File, in Input) (Result, error) {
	tokenName := in.Profile + ".token"
	res := Result{
		Profile:    in.Profile,
		ConfigFile: paths.ConfigFile,
		TokenFile:  filepath.Join(paths.ConfigDir, tokenName),
	}
	if err := config.WriteToken(res.TokenFile, in.Token); err != nil {
		return res, fmt.Errorf("cannot save the token to %s: %s", res.TokenFile, fileProblem(err))
	}
	out := cloneFile(file)
	p := out.Profiles[in.Profile]
	p.URL, p.TokenFile, p.DeviceName, p.Insecure = config.URL(in.URL), tokenName, in.DeviceName, in.Insecure
	out.Profiles[in.Profile] = p
	if out.DefaultProfile == "" && in.Profile != config.DefaultProfileName {
		out.DefaultProfile = in.Profile
	}
	if err := config.Write(paths.ConfigFile, out); err != nil {
		return res, fmt.Errorf("cannot save the configuration to %s: %s", paths.ConfigFile, fileProblem(err))
	}
	return res, nil
}

// fileProblem says in plain words why a file could not be written: the
// system's reason, and the path it was about when that is another one (a
// parent directory).
func fileProblem(err error) string {
	var pe *fs.PathError
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return "the disk is full"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied (check the directory's owner and mode)"
	case errors.As(err, &pe):
		return pe.Err.Error() + " (" + pe.Path + ")"
	}
	return err.Error()
}

// cloneFile copies f deeply enough that Save can change its profiles map.
func cloneFile(f *config.File) *config.File {
	out := config.File{}
	if f != nil {
		out = *f
	}
	out.Profiles = maps.Clone(out.Profiles)
	if out.Profiles == nil {
		out.Profiles = map[string]config.Profile{}
	}
	return &out
}
