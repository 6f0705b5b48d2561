package conformance_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hermes/iris/conformance"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/simtest"
)

// quoteToken is a gateway whose errors all quote the token (and try a
// terminal escape) under a code no rule wants.
var quoteToken = breakage{down: func(_ *pipe, f obj) []obj {
	if typeOf(f) == "error" {
		f["payload"] = obj{"code": "internal", "message": "refused for token " + simtest.Token + " \x1b]0;owned\x07"}
	}
	return passThrough(f)
}}

func TestKitNeverPrintsTheToken(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	var out, notes strings.Builder
	failed := conformance.Run(context.Background(), conformance.Options{
		URL: startProxy(t, url, quoteToken), Token: simtest.Token, Timeout: testTimeout, Window: testWindow, Notes: &notes,
	}, &out)
	all := out.String() + notes.String()
	switch {
	case failed == 0 || !strings.Contains(all, "FAIL error.auth: hello with a wrong token was answered with error internal"):
		t.Fatalf("the gateway's errors were not reported:\n%s", all)
	case strings.Contains(all, simtest.Token):
		t.Fatalf("the token shows in the output:\n%s", all)
	case !strings.Contains(all, "refused for token "+config.Redact(simtest.Token)):
		t.Fatalf("the token is not shown redacted:\n%s", all)
	case strings.ContainsRune(all, '\x1b'):
		t.Fatalf("a terminal escape from the gateway reached the output:\n%q", all)
	}
}
