package app

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/hermes/iris/internal/headless"
)

// Exit codes of the iris binary (documented in the README).
const (
	exitOK       = 0 // normal quit
	exitFailure  = 1 // runtime failure (terminal, I/O)
	exitUsage    = 2 // bad flags or arguments
	exitConfig   = 3 // configuration problem (file, token source, URL)
	exitAuth     = 4 // the gateway rejected the token
	exitProtocol = 5 // the gateway speaks another protocol version, or its handshake cannot be used
)

// command is what the user asked the binary to do.
type command int

const (
	cmdRun command = iota
	cmdDemo
	cmdGatewaySim
	cmdConfigPath
	cmdConfigCheck
	cmdVersion
	cmdHelp
	cmdSimHelp
	cmdAudit
	cmdServe
	cmdHeadless // send, tail, pickers, answer, approve (package headless)
	cmdConformance
)

// cliOptions holds everything parsed from the command line.
type cliOptions struct {
	cmd          command
	url          string
	token        string
	profile      string
	deviceName   string
	insecure     bool
	caFile       string
	theme        string
	debug        bool
	debugContent bool
	inline       bool          // --inline: no alternate screen, messages go to the scrollback
	linear       bool          // --linear: plain lines for a screen reader (internal/linear)
	sim          simOptions    // gateway-sim
	listen       string        // serve: address to listen on
	auditSince   time.Duration // audit: only answers this recent (0: all)
	auditJSON    bool          // audit: JSON lines instead of the table
	serve        serveOptions  // serve
	conformance  conformanceOptions
	headless     *headless.Command
	mediaCache   string // the media cache directory; "" for the default (the demo's is temporary)
}

// serveOptions are iris serve's own flags.
type serveOptions struct {
	ssh            bool
	demo           bool          // serve against the in-process demo gateway
	authorizedKeys string        // "" is $XDG_CONFIG_HOME/iris/authorized_keys
	files          string        // the only directory attach may read ("" turns attach off)
	idleTimeout    time.Duration // sessions end after this long without input
	maxSessions    int
}

// errUsage marks a command-line mistake (exit code 2).
var errUsage = errors.New("usage")

const usageText = `iris — a terminal client for the Hermes agent gateway

Usage:
  iris [flags]                      connect to a gateway (URL/token from flags, env or config)
  iris --demo                       try Iris against its built-in demo gateway
  iris gateway-sim [flags]          run the gateway simulator for other clients
  iris config path                  print where Iris keeps its config, data, logs and media
  iris config check [--profile P]   validate the config file and token source
  iris audit [--since D] [--json]   list the picker answers given on this machine
  iris serve --ssh [flags]          serve Iris itself over SSH (see README, Serving Iris over SSH)
  iris send [flags] TEXT|-          send a message from a script; --wait streams the reply
  iris tail [--all] [--json]        follow the conversation; prints each finished message
  iris pickers [--json]             list the pickers waiting for an answer
  iris answer PICKER_ID VALUE       answer a picker
  iris approve --policy FILE        answer pickers by rules (iris COMMAND --help for each)
  iris conformance [flags]          check a gateway against the protocol spec (README, Testing a gateway)

Flags:
  --url URL            gateway WebSocket URL (ws:// or wss://)   env IRIS_URL
  --token TOKEN        device token (prefer env or token_file)   env IRIS_TOKEN
  --profile NAME       config profile to use (default: default_profile)
  --device-name NAME   name this device shows on the gateway (default: hostname)
  --insecure           allow sending the token over plain ws:// to a non-loopback host
  --ca-file PATH       extra CA certificate (PEM) for wss://
  --theme THEME        auto, dark or light
  --debug              write a frame log (tokens and message text redacted)
  --debug-content      with --debug, keep message text in the frame log
  --inline             no alternate screen: finished messages go to the terminal's
                       scrollback (search, select, tmux copy-mode), the rest stays live
  --linear             plain lines for a screen reader: no redraws, every picker
                       answered by typing (also linear = true, or TERM=dumb)
  --demo               run against the in-process demo gateway
  --version            print the version
  -h, --help           print this help

gateway-sim flags, faults and TLS: iris gateway-sim --help

serve flags:
  --ssh                serve over SSH (the only transport)
  --listen ADDR        address to listen on (default 127.0.0.1:2222)
  --authorized-keys F  public keys let in (default $XDG_CONFIG_HOME/iris/authorized_keys)
  --files DIR          the only directory attachments may come from (default: attach off)
  --idle-timeout D     end a session after D without input (default 30m)
  --max-sessions N     sessions open at once (default 8)
  --profile, --url, --token, --device-name, --insecure, --ca-file, --theme: as above
  --demo               serve against the in-process demo gateway

audit flags:
  --since D            only answers of the last D (e.g. 30m, 24h, 7d)
  --json               print JSON lines (as stored) instead of a table

conformance flags:
  --url, --token, --profile, --insecure, --ca-file: as above
  --timeout D          each rule's deadline (default 20s)
  --window D           how long to watch for frames that must not come (default 1s)
  Prints PASS name or FAIL name: reason per rule, then "N passed, M failed";
  exits 1 when a rule failed.

Exit codes: 0 ok, 1 runtime failure, 2 usage error, 3 configuration error,
4 token rejected by the gateway, 5 protocol version mismatch
(send, tail, pickers, answer and approve add theirs: see their --help).
`

// parseArgs turns the command line (without the program name) into options.
// -h or --help anywhere, subcommands included, asks for the help text.
func parseArgs(args []string) (cliOptions, error) {
	o, err := parseCommand(args)
	if errors.Is(err, flag.ErrHelp) && o.cmd == cmdGatewaySim {
		return cliOptions{cmd: cmdSimHelp}, nil
	}
	if errors.Is(err, flag.ErrHelp) {
		return cliOptions{cmd: cmdHelp}, nil
	}
	return o, err
}

func parseCommand(args []string) (cliOptions, error) {
	var o cliOptions
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "gateway-sim":
			o.cmd = cmdGatewaySim
			return o, parseSimFlags(&o, args[1:])
		case "config":
			return parseConfigCmd(o, args[1:])
		case "audit":
			o.cmd = cmdAudit
			return o, parseAuditFlags(&o, args[1:])
		case "serve":
			o.cmd = cmdServe
			return o, parseServeFlags(&o, args[1:])
		case "conformance":
			o.cmd = cmdConformance
			return o, parseConformanceFlags(&o, args[1:])
		case "help":
			o.cmd = cmdHelp
			return o, nil
		}
		if headless.IsCommand(args[0]) {
			return parseHeadless(o, args)
		}
		return o, fmt.Errorf("%w: unknown command %q (try iris --help)", errUsage, args[0])
	}
	fs := newFlagSet("iris")
	var demo, showVersion, help bool
	gatewayFlags(fs, &o)
	fs.BoolVar(&o.debug, "debug", false, "")
	fs.BoolVar(&o.debugContent, "debug-content", false, "")
	fs.BoolVar(&o.inline, "inline", false, "")
	fs.BoolVar(&o.linear, "linear", false, "")
	fs.BoolVar(&demo, "demo", false, "")
	fs.BoolVar(&showVersion, "version", false, "")
	fs.BoolVar(&help, "help", false, "")
	fs.BoolVar(&help, "h", false, "")
	if err := parseFlags(fs, args); err != nil {
		return o, err
	}
	switch {
	case help:
		o.cmd = cmdHelp
	case showVersion:
		o.cmd = cmdVersion
	case demo:
		o.cmd = cmdDemo
	default:
		o.cmd = cmdRun
	}
	return o, checkTheme(o.theme)
}

// gatewayFlags are the flags that choose the gateway and how Iris appears
// to it, shared by iris and iris serve.
func gatewayFlags(fs *flag.FlagSet, o *cliOptions) {
	fs.StringVar(&o.url, "url", "", "")
	fs.StringVar(&o.token, "token", "", "")
	fs.StringVar(&o.profile, "profile", "", "")
	fs.StringVar(&o.deviceName, "device-name", "", "")
	fs.BoolVar(&o.insecure, "insecure", false, "")
	fs.StringVar(&o.caFile, "ca-file", "", "")
	fs.StringVar(&o.theme, "theme", "", "")
}

// checkTheme refuses a --theme other than auto, dark or light.
func checkTheme(theme string) error {
	if theme != "" && theme != "auto" && theme != "dark" && theme != "light" {
		return fmt.Errorf("%w: --theme must be auto, dark or light, not %q", errUsage, theme)
	}
	return nil
}

func parseServeFlags(o *cliOptions, args []string) error {
	fs := newFlagSet("iris serve")
	fs.BoolVar(&o.serve.ssh, "ssh", false, "")
	fs.BoolVar(&o.serve.demo, "demo", false, "")
	fs.StringVar(&o.listen, "listen", "127.0.0.1:2222", "")
	fs.StringVar(&o.serve.authorizedKeys, "authorized-keys", "", "")
	fs.StringVar(&o.serve.files, "files", "", "")
	fs.DurationVar(&o.serve.idleTimeout, "idle-timeout", 30*time.Minute, "")
	fs.IntVar(&o.serve.maxSessions, "max-sessions", 8, "")
	gatewayFlags(fs, o)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case !o.serve.ssh:
		return fmt.Errorf("%w: iris serve needs --ssh (the only way Iris is served)", errUsage)
	case o.serve.idleTimeout <= 0:
		return fmt.Errorf("%w: --idle-timeout must be a positive duration such as 30m", errUsage)
	case o.serve.maxSessions <= 0:
		return fmt.Errorf("%w: --max-sessions must be at least 1", errUsage)
	}
	return checkTheme(o.theme)
}

func parseAuditFlags(o *cliOptions, args []string) error {
	fs := newFlagSet("iris audit")
	fs.Func("since", "", func(v string) error {
		d, err := parseSince(v)
		o.auditSince = d
		return err
	})
	fs.BoolVar(&o.auditJSON, "json", false, "")
	return parseFlags(fs, args)
}

// parseSince reads a --since value: a Go duration (90m, 24h) or a whole
// number of days (7d); it must be positive.
func parseSince(v string) (time.Duration, error) {
	var d time.Duration
	var err error
	if days, ok := strings.CutSuffix(v, "d"); ok {
		var n int
		n, err = strconv.Atoi(days)
		d = time.Duration(n) * 24 * time.Hour
	} else {
		d, err = time.ParseDuration(v)
	}
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%q is not a positive duration such as 30m, 24h or 7d", v)
	}
	return d, nil
}

func parseConfigCmd(o cliOptions, args []string) (cliOptions, error) {
	if len(args) == 0 {
		return o, fmt.Errorf("%w: iris config needs a subcommand: path or check", errUsage)
	}
	switch args[0] {
	case "path":
		o.cmd = cmdConfigPath
	case "check":
		o.cmd = cmdConfigCheck
	default:
		return o, fmt.Errorf("%w: unknown config subcommand %q (path or check)", errUsage, args[0])
	}
	fs := newFlagSet("iris config " + args[0])
	fs.StringVar(&o.profile, "profile", "", "")
	return o, parseFlags(fs, args[1:])
}

func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported once, by main, with a hint
	return fs
}

func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%w: %w (try iris --help)", errUsage, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q (try iris --help)", errUsage, fs.Arg(0))
	}
	return nil
}

// parseHeadless parses a headless subcommand (package headless) and copies
// its connection flags, so the profile resolves as for the TUI.
func parseHeadless(o cliOptions, args []string) (cliOptions, error) {
	c, err := headless.Parse(args[0], args[1:])
	if err != nil {
		return o, fmt.Errorf("%w: %w", errUsage, err)
	}
	o.cmd, o.headless = cmdHeadless, c
	o.profile, o.url, o.token, o.caFile, o.deviceName, o.insecure = c.Profile, c.URL, c.Token, c.CAFile, c.DeviceName, c.Insecure
	return o, nil
}
