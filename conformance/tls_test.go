package conformance_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hermes/iris/conformance"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

func TestKitSpeaksWSSWithTheCAFile(t *testing.T) {
	ss, err := gatewaysim.NewSelfSigned("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	sim := gatewaysim.New(gatewaysim.Config{Token: simtest.Token})
	url, err := sim.StartTLS("127.0.0.1:0", ss.Cert)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, ss.PEM, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, caFile, want string
	}{
		{"with the CA file", ca, "PASS handshake.hello-ack\n"},
		{"without it", "", "FAIL handshake.hello-ack: dial " + url + ": tls: failed to verify certificate"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			conformance.Run(context.Background(), conformance.Options{
				URL: url, Token: simtest.Token, CAFile: tt.caFile, Timeout: testTimeout, Window: testWindow,
			}, &out)
			if !strings.Contains(out.String(), tt.want) {
				t.Fatalf("output lacks %q:\n%s", tt.want, out.String())
			}
		})
	}
}
