package wsclient_test

import (
	"testing"

	"github.com/hermes/iris/wsclient"
)

func TestNeedsInsecure(t *testing.T) {
	tests := []struct {
		url  string
		want bool
	}{
		{"ws://127.0.0.1:8080/ws", false},
		{"ws://localhost/ws", false},
		{"ws://[::1]:9/ws", false},
		{"ws://127.5.0.1/ws", false},
		{"ws://gw.localhost:8765/", false},
		{"ws://gateway.lan/ws", true},
		{"ws://10.0.0.2/ws", true},
		{"wss://gateway.lan/ws", false},
		{"::bad", false},
	}
	for _, tt := range tests {
		if got := wsclient.NeedsInsecure(tt.url); got != tt.want {
			t.Errorf("NeedsInsecure(%q) = %v, want %v", tt.url, got, tt.want)
		}
	}
}
