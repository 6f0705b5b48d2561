package wsclient

import (
	"net/url"
	"testing"
)

// A proxy would see the token in clear and resolve the name itself, so
// plain ws:// without the opt-in never goes through one.
func TestPlainWSBypassesTheProxy(t *testing.T) {
	tests := []struct {
		url       string
		insecure  bool
		wantProxy bool
	}{
		{"ws://gw.localhost:1/", false, false},
		{"ws://gw.lan:1/", true, true},
		{"wss://gw.lan/", false, true},
	}
	for _, tt := range tests {
		u, err := url.Parse(tt.url)
		if err != nil {
			t.Fatal(err)
		}
		d := newDialer(&Config{Insecure: tt.insecure}, u, nil)
		if (d.Proxy != nil) != tt.wantProxy {
			t.Errorf("%s insecure=%v: proxy set = %v, want %v", tt.url, tt.insecure, d.Proxy != nil, tt.wantProxy)
		}
	}
}
