package headless

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"time"
)

// Command is a parsed headless command line.
type Command struct {
	// Name is the subcommand (send, tail, pickers, answer, approve).
	Name string
	// Help asks for the command's help text instead of running it.
	Help bool
	// Offline is set for a command that needs no gateway (approve
	// --explain): it runs without a configured profile.
	Offline bool
	// Connection flags, resolved against the profile like the TUI's.
	Profile, URL, Token, CAFile, DeviceName string
	Insecure                                bool
	// ConnectTimeout is --connect-timeout: how long to try reaching the
	// gateway before failing with ExitDelivery; 0 when not given (the
	// profile's connect_timeout, else DefaultConnectTimeout).
	ConnectTimeout time.Duration

	run func(ctx context.Context, env *Env) error
}

// Names lists the headless subcommands.
var Names = []string{"send", "tail", "pickers", "answer", "approve"}

// IsCommand reports whether name is a headless subcommand.
func IsCommand(name string) bool { return slices.Contains(Names, name) }

// Parse parses a headless subcommand's arguments (after its name). Flags
// and arguments may come in any order; -h or --help asks for the help.
// Every error it returns is a usage error.
func Parse(name string, args []string) (*Command, error) {
	c := &Command{Name: name}
	fs := flag.NewFlagSet("iris "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.Profile, "profile", "", "")
	fs.StringVar(&c.URL, "url", "", "")
	fs.StringVar(&c.Token, "token", "", "")
	fs.StringVar(&c.CAFile, "ca-file", "", "")
	fs.StringVar(&c.DeviceName, "device-name", "", "")
	fs.BoolVar(&c.Insecure, "insecure", false, "")
	fs.Func("connect-timeout", "", func(v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("--connect-timeout must be a positive duration such as 5s, not %q", v)
		}
		c.ConnectTimeout = d
		return nil
	})
	fs.BoolVar(&c.Help, "help", false, "")
	fs.BoolVar(&c.Help, "h", false, "")
	var bind func(pos []string) error
	switch name {
	case "send":
		bind = bindSend(c, fs)
	case "tail":
		bind = bindTail(c, fs)
	case "pickers":
		bind = bindPickers(c, fs)
	case "answer":
		bind = bindAnswer(c, fs)
	case "approve":
		bind = bindApprove(c, fs)
	default:
		return nil, fmt.Errorf("unknown command %q", name)
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return nil, fmt.Errorf("%w (try iris %s --help)", err, name)
	}
	if c.Help {
		return c, nil
	}
	if err := bind(pos); err != nil {
		return nil, fmt.Errorf("%w (try iris %s --help)", err, name)
	}
	return c, nil
}

// parseInterspersed parses flags wherever they are and returns the
// positional arguments in order. "-" is an argument; "--" ends the flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// Usage returns the command's help text.
func (c *Command) Usage() string {
	return usage[c.Name] + connectionHelp
}

// Run runs the command; a failure prints one line on stderr. It returns the
// exit code.
func (c *Command) Run(ctx context.Context, env *Env) int {
	if c.Help {
		fmt.Fprint(env.Stdout, c.Usage())
		return ExitOK
	}
	if err := c.run(ctx, env); err != nil {
		fmt.Fprintln(env.Stderr, "iris:", err)
		return codeOf(err)
	}
	return ExitOK
}

func bindSend(c *Command, fs *flag.FlagSet) func([]string) error {
	o := &Send{}
	fs.StringVar(&o.Channel, "channel", "", "")
	fs.StringVar(&o.Thread, "thread", "", "")
	fs.BoolVar(&o.Wait, "wait", false, "")
	fs.BoolVar(&o.JSON, "json", false, "")
	fs.Func("attach", "", func(path string) error { o.Attach = append(o.Attach, path); return nil })
	fs.StringVar(&o.Policy, "policy", "", "")
	c.run = o.run
	return func(pos []string) error {
		if o.Policy != "" && !o.Wait {
			return errors.New("--policy answers pickers while waiting: add --wait")
		}
		switch len(pos) {
		case 0:
			return errors.New("iris send needs the message text, or - to read it from stdin")
		case 1:
			o.Text = pos[0]
			return nil
		}
		return fmt.Errorf("unexpected argument %q (quote the message)", pos[1])
	}
}

func bindTail(c *Command, fs *flag.FlagSet) func([]string) error {
	o := &Tail{}
	fs.StringVar(&o.Channel, "channel", "", "")
	fs.BoolVar(&o.All, "all", false, "")
	fs.BoolVar(&o.JSON, "json", false, "")
	fs.Int64Var(&o.Since, "since", -1, "")
	fs.BoolVar(&o.Notify, "notify", false, "")
	c.run = o.run
	return func(pos []string) error {
		switch {
		case len(pos) > 0:
			return fmt.Errorf("unexpected argument %q", pos[0])
		case o.All && o.Channel != "":
			return errors.New("--all and --channel exclude each other")
		case o.Notify && o.JSON:
			return errors.New("--notify prints nothing, so --json has no use with it")
		case o.Since < -1:
			return errors.New("--since takes the cursor of an earlier cursor event (0 or more)")
		}
		return nil
	}
}

func bindPickers(c *Command, fs *flag.FlagSet) func([]string) error {
	o := &Pickers{}
	fs.BoolVar(&o.JSON, "json", false, "")
	c.run = o.run
	return func(pos []string) error {
		if len(pos) > 0 {
			return fmt.Errorf("unexpected argument %q", pos[0])
		}
		return nil
	}
}

func bindAnswer(c *Command, fs *flag.FlagSet) func([]string) error {
	o := &Answer{}
	fs.StringVar(&o.Reason, "reason", "", "")
	fs.BoolVar(&o.Permanent, "permanent", false, "")
	c.run = o.run
	return func(pos []string) error {
		if len(pos) != 2 {
			return errors.New("iris answer needs PICKER_ID and VALUE")
		}
		o.PickerID, o.Value = pos[0], pos[1]
		return nil
	}
}

func bindApprove(c *Command, fs *flag.FlagSet) func([]string) error {
	o := &Approve{}
	fs.StringVar(&o.PolicyFile, "policy", "", "")
	fs.BoolVar(&o.DryRun, "dry-run", false, "")
	fs.StringVar(&o.Explain, "explain", "", "")
	c.run = o.run
	return func(pos []string) error {
		switch {
		case len(pos) > 0:
			return fmt.Errorf("unexpected argument %q", pos[0])
		case o.PolicyFile == "":
			return errors.New("iris approve needs --policy FILE")
		}
		c.Offline = o.Explain != ""
		return nil
	}
}
