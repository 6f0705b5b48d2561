package app

import (
	"context"
	"crypto/tls"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/hermes/iris/gatewaysim"
)

// simOptions are the flags of `iris gateway-sim`.
type simOptions struct {
	listen         string
	streamInterval time.Duration
	pickerTimeout  time.Duration
	cronInterval   time.Duration
	maxUpload      int64
	protocol       int
	dialect        gatewaysim.Dialect
	tlsSelfSigned  bool
	tlsCert        string
	tlsKey         string
	script         string
	control        string
}

// simDefaults are the gateway-sim flags' defaults.
var simDefaults = simOptions{
	listen:         "127.0.0.1:8765",
	streamInterval: gatewaysim.DefaultStreamInterval,
	pickerTimeout:  5 * time.Minute,
	maxUpload:      gatewaysim.DefaultMaxUploadSize,
	protocol:       1,
	dialect:        gatewaysim.DialectRich,
}

// simFlagsText lists the gateway-sim flags for simUsage.
const simFlagsText = `iris gateway-sim — the Hermes gateway simulator, a test peer for any client

Usage:
  iris gateway-sim [flags]

Flags:
  --listen ADDR            address to listen on (default 127.0.0.1:8765)
  --token TOKEN            token clients must present (default "demo")
  --stream-interval D      delay between streamed updates (default 30ms)
  --picker-timeout D       how long a picker waits for its answer (default 5m)
  --cron-interval D        post a cron message to the default channel every D (default off)
  --max-upload BYTES       largest upload accepted (default 20971520)
  --protocol-version N     protocol major version spoken (default 1; any other
                           value refuses every client, to test version mismatch)
  --dialect rich|spec      rich (default): Iris's protocol extensions and more
                           than the spec says (reply_to, acks); spec: only what
                           the spec's examples show, lanes in the payload on
                           every other frame (gatewaysim/README.md)
  --spec-only              the same as --dialect spec
  --tls                    serve wss:// with a generated self-signed certificate;
                           its SHA-256 fingerprint and a PEM file (for iris
                           --ca-file, removed on exit) are printed
  --tls-cert FILE          serve wss:// with this certificate (PEM) ...
  --tls-key FILE           ... and this key (PEM)
  --script FILE            play a fault script (format below)
  --control ADDR           serve the fault control socket on a loopback ADDR
                           such as 127.0.0.1:8766 (format below)

`

// simUsage is the help of `iris gateway-sim`, with the fault script and
// control formats (see gatewaysim/README.md).
func simUsage() string {
	return simFlagsText + gatewaysim.ScriptFormat + "\n\n" + gatewaysim.ControlFormat +
		"\n\nCommands (script steps and control lines):\n" + gatewaysim.FaultCommands +
		"\n\nExample script:\n" + simExampleScript + "\nFull description: gatewaysim/README.md\n"
}

// simExampleScript is the example of simUsage.
const simExampleScript = `  at 5s on send message.update 3 drop   # the next stream dies after 3 updates
  +10s error message.send internal boom  # the next send is refused
  +10s restart 2s                        # state lost, down for 2 s
  +10s status degraded
`

// parseSimFlags parses the flags of `iris gateway-sim`.
func parseSimFlags(o *cliOptions, args []string) error {
	fs := newFlagSet("iris gateway-sim")
	o.sim = simDefaults
	s := &o.sim
	fs.StringVar(&s.listen, "listen", s.listen, "")
	fs.StringVar(&o.token, "token", "demo", "")
	fs.DurationVar(&s.streamInterval, "stream-interval", s.streamInterval, "")
	fs.DurationVar(&s.pickerTimeout, "picker-timeout", s.pickerTimeout, "")
	fs.DurationVar(&s.cronInterval, "cron-interval", s.cronInterval, "")
	fs.Int64Var(&s.maxUpload, "max-upload", s.maxUpload, "")
	fs.IntVar(&s.protocol, "protocol-version", s.protocol, "")
	dialect := fs.String("dialect", string(s.dialect), "")
	specOnly := fs.Bool("spec-only", false, "")
	fs.BoolVar(&s.tlsSelfSigned, "tls", false, "")
	fs.StringVar(&s.tlsCert, "tls-cert", "", "")
	fs.StringVar(&s.tlsKey, "tls-key", "", "")
	fs.StringVar(&s.script, "script", "", "")
	fs.StringVar(&s.control, "control", "", "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	d, err := gatewaysim.ParseDialect(*dialect)
	if err != nil {
		return fmt.Errorf("%w: --dialect: %v", errUsage, err)
	}
	if *specOnly { // the older name of --dialect spec
		conflict := false
		fs.Visit(func(f *flag.Flag) { conflict = conflict || f.Name == "dialect" && d != gatewaysim.DialectSpec })
		if conflict {
			return fmt.Errorf("%w: --spec-only is --dialect spec; drop one", errUsage)
		}
		d = gatewaysim.DialectSpec
	}
	s.dialect = d
	return s.validate()
}

// validate checks the values flag parsing cannot.
func (s *simOptions) validate() error {
	switch {
	case s.streamInterval < 0 || s.pickerTimeout <= 0 || s.cronInterval < 0:
		return fmt.Errorf("%w: durations must not be negative (--picker-timeout above 0)", errUsage)
	case s.maxUpload <= 0:
		return fmt.Errorf("%w: --max-upload must be a positive number of bytes", errUsage)
	case s.protocol <= 0:
		return fmt.Errorf("%w: --protocol-version must be a positive major version", errUsage)
	case (s.tlsCert == "") != (s.tlsKey == ""):
		return fmt.Errorf("%w: --tls-cert and --tls-key go together", errUsage)
	case s.tlsSelfSigned && s.tlsCert != "":
		return fmt.Errorf("%w: --tls generates a certificate; drop it or --tls-cert/--tls-key", errUsage)
	}
	return nil
}

// runGatewaySim serves the gateway simulator until interrupted.
func runGatewaySim(ctx context.Context, opts cliOptions, stdout, stderr io.Writer) int {
	o := opts.sim
	if opts.token == "" {
		fmt.Fprintln(stderr, "iris: gateway-sim needs a non-empty --token")
		return exitUsage
	}
	var script *gatewaysim.Script
	if o.script != "" {
		var err error
		if script, err = loadScript(o.script); err != nil {
			fmt.Fprintf(stderr, "iris: --script %s: %v\n", o.script, err)
			return exitUsage
		}
	}
	sim := gatewaysim.New(gatewaysim.Config{
		Token:           opts.token,
		StreamInterval:  o.streamInterval,
		PickerTimeout:   o.pickerTimeout,
		CronInterval:    o.cronInterval,
		MaxUploadSize:   o.maxUpload,
		ProtocolVersion: o.protocol,
		Dialect:         o.dialect,
		Seed:            true,
		IDEpoch:         strconv.FormatInt(time.Now().UnixMilli(), 36), // a new run never reuses an id
		Logger:          slog.New(slog.NewTextHandler(stderr, nil)),
	})
	defer sim.Close()
	url, pemFile, err := startSim(sim, o, stdout)
	if pemFile != "" {
		defer os.Remove(pemFile) // the certificate is good for this run only
	}
	if err != nil {
		fmt.Fprintf(stderr, "iris: gateway-sim cannot listen on %s: %v\n", o.listen, err)
		return exitFailure
	}
	fmt.Fprintf(stdout, "gateway simulator listening on %s (dialect %s; Ctrl+C to stop)\n", url, o.dialect)
	if o.control != "" {
		addr, err := sim.ServeControl(o.control)
		if err != nil {
			fmt.Fprintf(stderr, "iris: --control %s: %v\n", o.control, err)
			return exitUsage
		}
		fmt.Fprintf(stdout, "fault control socket on %s (one command per line)\n", addr)
	}
	if script != nil {
		go script.Run(ctx, sim)
	}
	<-ctx.Done()
	if err := sim.Close(); err != nil {
		fmt.Fprintln(stderr, "iris: closing the simulator:", err)
		return exitFailure
	}
	return exitOK
}

// startSim starts sim on o.listen, over TLS when asked. A generated
// certificate's fingerprint and PEM file are printed to stdout; pemFile
// names that file.
func startSim(sim *gatewaysim.Server, o simOptions, stdout io.Writer) (url, pemFile string, err error) {
	switch {
	case o.tlsCert != "":
		cert, err := loadKeyPair(o.tlsCert, o.tlsKey)
		if err != nil {
			return "", "", err
		}
		url, err = sim.StartTLS(o.listen, cert)
		return url, "", err
	case o.tlsSelfSigned:
		host, _, err := net.SplitHostPort(o.listen)
		if err != nil {
			return "", "", err
		}
		ss, err := gatewaysim.NewSelfSigned(host, "localhost", "127.0.0.1", "::1")
		if err != nil {
			return "", "", err
		}
		pemFile = filepath.Join(os.TempDir(), fmt.Sprintf("iris-gateway-sim-%d.pem", os.Getpid()))
		if err := os.WriteFile(pemFile, ss.PEM, 0o600); err != nil {
			return "", "", err
		}
		fmt.Fprintf(stdout, "self-signed certificate SHA-256 fingerprint %s\ncertificate written to %s (for iris --ca-file)\n", ss.Fingerprint, pemFile)
		url, err = sim.StartTLS(o.listen, ss.Cert)
		return url, pemFile, err
	}
	url, err = sim.Start(o.listen)
	return url, "", err
}

// loadScript reads and checks a fault script.
func loadScript(path string) (*gatewaysim.Script, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return gatewaysim.ParseScript(f)
}

// loadKeyPair loads a PEM certificate and key.
func loadKeyPair(certFile, keyFile string) (tls.Certificate, error) {
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return cert, fmt.Errorf("--tls-cert/--tls-key: %w", err)
	}
	return cert, nil
}
