package ui

import (
	"testing"

	"github.com/hermes/iris/wsclient"
)

func TestRejectedTokenNamesItsSource(t *testing.T) {
	cases := []struct{ source, bar, banner string }{
		{"flag", "fix --token", "from --token; fix it"},
		{"env IRIS_TOKEN", "fix env IRIS_TOKEN", "from env IRIS_TOKEN; fix it"},
		{"token_file /home/someone/.config/iris/profiles/work/token", "fix token_file", "/home/someone/.config/iris/profiles/work/token; fix it"},
		{"", "fix the token", "iris config path"},
	}
	for _, c := range cases {
		t.Run(c.source, func(t *testing.T) {
			h := newHarness(t, 80, 24, func(o *Options) { o.TokenSource = c.source })
			h.send(inbound(&wsclient.StateEvent{State: wsclient.StateAuthFailed, Err: &wsclient.AuthError{Message: "expired\x1b]0;x\x07"}}))
			h.mustShow("✗ token rejected by the gateway — "+c.bar, c.banner, "gateway said: expired␛]0;x␇")
			h.mustNotShow("config file")
		})
	}
}
