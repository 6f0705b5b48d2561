package app

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/media"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/wsclient"
)

// runConfigPath implements `iris config path`: it prints the config file, the
// data and state directories (the log file included), the media cache and
// the directory saved media goes to.
func runConfigPath(w io.Writer) {
	p := config.DefaultPaths()
	fmt.Fprintf(w, "config     %s\n", p.ConfigFile)
	fmt.Fprintf(w, "data       %s\n", p.DataDir)
	fmt.Fprintf(w, "state      %s\n", p.StateDir)
	fmt.Fprintf(w, "log        %s\n", p.LogFile)
	fmt.Fprintf(w, "audit      %s\n", p.AuditFile)
	fmt.Fprintf(w, "media      %s\n", media.DefaultCacheDir())
	fmt.Fprintf(w, "downloads  %s\n", media.DownloadDir())
}

// runConfigCheck implements `iris config check`: it parses and validates the
// config, resolves the profile chosen by opts (running token_command if that
// is the token source, without printing the token), checks [keys] action
// names against knownActions (nil skips that check), and prints the result
// and every warning to w.
//
// Exit code: nil means the profile is usable (exit 0, warnings allowed); an
// error means the file is invalid, the profile unknown, the token source
// failing, or the URL or token missing: a configuration error (exit 3 in
// the README's table). The error is not printed to w; the caller prints it.
func runConfigCheck(ctx context.Context, w io.Writer, opts config.Options, knownActions []string) error {
	c, err := config.Load(ctx, opts)
	if err != nil {
		return err
	}
	// Everything printed comes from files the user may not have written
	// (a token file, a path), so each line is made safe for the terminal.
	say := func(format string, args ...any) {
		fmt.Fprintln(w, termsafe.Line(fmt.Sprintf(format, args...)))
	}
	missing := ""
	if !c.FileExists {
		missing = " (not found)"
	}
	say("config   %s%s", c.Paths.ConfigFile, missing)
	say("profile  %s", c.Profile)
	if c.URL != "" {
		say("url      %s (from %s)", c.URL, c.URLSource)
	}
	if !c.Token.IsZero() {
		say("token    %s (from %s)", c.Token, c.TokenSource)
	}
	if c.URL != "" && wsclient.NeedsInsecure(c.URL) && !c.Insecure {
		c.Warnings = append(c.Warnings, fmt.Sprintf(
			"url %s is plain ws:// to a remote host: Iris will refuse to send the token unless the profile sets insecure = true (or --insecure); prefer wss://", c.URL))
	}
	if knownActions != nil {
		for _, a := range config.UnknownActions(c.Keys, knownActions) {
			c.Warnings = append(c.Warnings, fmt.Sprintf("[keys]: unknown action %q (ignored); %s", a, config.Suggest(a, knownActions, "actions")))
		}
	}
	for _, warn := range c.Warnings {
		say("warning: %s", warn)
	}
	var errs []error
	if c.URL == "" {
		errs = append(errs, fmt.Errorf("profile %q has no url (set it in %s, or %s, or --url)", c.Profile, c.Paths.ConfigFile, config.EnvURL))
	}
	if c.Token.IsZero() {
		errs = append(errs, fmt.Errorf("profile %q has no token (set token_file or token_command, or %s, or --token)", c.Profile, config.EnvToken))
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	say("ok (%d warnings)", len(c.Warnings))
	return nil
}
