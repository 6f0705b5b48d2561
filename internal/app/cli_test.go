package app

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestParseArgs(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want cliOptions
	}{
		{"run with url", []string{"--url", "wss://h/ws", "--token", "t"}, cliOptions{cmd: cmdRun, url: "wss://h/ws", token: "t"}},
		{"demo", []string{"--demo"}, cliOptions{cmd: cmdDemo}},
		{"inline", []string{"--inline", "--url", "ws://127.0.0.1:1/ws"}, cliOptions{cmd: cmdRun, inline: true, url: "ws://127.0.0.1:1/ws"}},
		{"linear", []string{"--linear"}, cliOptions{cmd: cmdRun, linear: true}},
		{"version", []string{"--version"}, cliOptions{cmd: cmdVersion}},
		{"help", []string{"-h"}, cliOptions{cmd: cmdHelp}},
		{"help word", []string{"help"}, cliOptions{cmd: cmdHelp}},
		{"sim help", []string{"gateway-sim", "--help"}, cliOptions{cmd: cmdSimHelp}},
		{"config check help", []string{"config", "check", "-h"}, cliOptions{cmd: cmdHelp}},
		{"sim defaults", []string{"gateway-sim"}, cliOptions{cmd: cmdGatewaySim, token: "demo", sim: simDefaults}},
		{"sim flags", []string{"gateway-sim", "--listen", "127.0.0.1:0", "--token", "x"}, cliOptions{cmd: cmdGatewaySim, token: "x", sim: func() simOptions {
			o := simDefaults
			o.listen = "127.0.0.1:0"
			return o
		}()}},
		{"config path", []string{"config", "path"}, cliOptions{cmd: cmdConfigPath}},
		{"config check profile", []string{"config", "check", "--profile", "work"}, cliOptions{cmd: cmdConfigCheck, profile: "work"}},
		{"theme", []string{"--theme", "light"}, cliOptions{cmd: cmdRun, theme: "light"}},
		{"audit", []string{"audit"}, cliOptions{cmd: cmdAudit}},
		{"audit since json", []string{"audit", "--since", "24h", "--json"}, cliOptions{cmd: cmdAudit, auditSince: 24 * time.Hour, auditJSON: true}},
		{"audit days", []string{"audit", "--since", "7d"}, cliOptions{cmd: cmdAudit, auditSince: 7 * 24 * time.Hour}},
		{"conformance", []string{"conformance", "--url", "ws://127.0.0.1:1/", "--token", "t", "--timeout", "5s"}, cliOptions{
			cmd: cmdConformance, url: "ws://127.0.0.1:1/", token: "t", conformance: conformanceOptions{timeout: 5 * time.Second, window: time.Second}}},
		{"conformance profile insecure", []string{"conformance", "--profile", "lab", "--insecure", "--ca-file", "ca.pem", "--window", "2s"}, cliOptions{
			cmd: cmdConformance, profile: "lab", insecure: true, caFile: "ca.pem", conformance: conformanceOptions{timeout: 20 * time.Second, window: 2 * time.Second}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseArgs(tt.args)
			if err != nil {
				t.Fatalf("parseArgs(%q): %v", tt.args, err)
			}
			if got != tt.want {
				t.Errorf("parseArgs(%q) = %+v, want %+v", tt.args, got, tt.want)
			}
		})
	}
}

func TestParseArgsUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--nope"},
		{"frobnicate"},
		{"config"},
		{"config", "edit"},
		{"--theme", "blue"},
		{"--url", "ws://x", "extra"},
		{"gateway-sim", "--listen"},
		{"audit", "--since", "yesterday"},
		{"audit", "--since", "-1h"},
		{"audit", "extra"},
		{"conformance", "--timeout", "0s"},
		{"conformance", "--window", "-1s"},
		{"conformance", "extra"},
	} {
		if _, err := parseArgs(args); !errors.Is(err, errUsage) {
			t.Errorf("parseArgs(%q) error = %v, want a usage error", args, err)
		}
	}
}

func TestRunReportsUsageErrors(t *testing.T) {
	var out, errOut strings.Builder
	if code := Run([]string{"--bogus"}, &out, &errOut); code != exitUsage {
		t.Fatalf("exit code %d, want %d", code, exitUsage)
	}
	if got := errOut.String(); !strings.Contains(got, "flag provided but not defined: -bogus") || !strings.Contains(got, "iris --help") {
		t.Fatalf("stderr = %q", got)
	}
	if code := Run([]string{"gateway-sim", "--help"}, &out, &errOut); code != exitOK || !strings.Contains(out.String(), "--script FILE") {
		t.Fatalf("gateway-sim --help: exit %d, stdout %q", code, out.String())
	}
}
