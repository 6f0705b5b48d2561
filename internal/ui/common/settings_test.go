package common

import "testing"

// TestVerbosityNamesRoundTripAndCycle: each verbosity parses back from its
// name, anything else reads as truncated, and Next visits all three.
func TestVerbosityNamesRoundTripAndCycle(t *testing.T) {
	for _, v := range []Verbosity{ToolsTruncated, ToolsAll, ToolsNone} {
		if got := ParseVerbosity(v.String()); got != v {
			t.Errorf("ParseVerbosity(%q) = %v, want %v", v.String(), got, v)
		}
	}
	if got := ParseVerbosity("loud"); got != ToolsTruncated {
		t.Errorf("an unknown name reads as %v, want truncated", got)
	}
	want := []Verbosity{ToolsTruncated, ToolsNone, ToolsAll, ToolsTruncated}
	v := ToolsAll
	for i, w := range want {
		v = v.Next()
		if v != w {
			t.Fatalf("step %d: Next = %v, want %v", i, v, w)
		}
	}
}

// TestBusyInputNamesRoundTripAndCycle: each policy parses back from its
// name and says so; an unknown name is steer and false; Next cycles
// steer → queue → gateway → steer.
func TestBusyInputNamesRoundTripAndCycle(t *testing.T) {
	names := map[BusyInput]string{BusySteer: "steer", BusyQueue: "queue", BusyGateway: "gateway"}
	for b, name := range names {
		if b.String() != name {
			t.Errorf("%d.String() = %q, want %q", b, b.String(), name)
		}
		if got, ok := ParseBusyInput(name); got != b || !ok {
			t.Errorf("ParseBusyInput(%q) = %v, %v", name, got, ok)
		}
	}
	if got, ok := ParseBusyInput("interrupt"); got != BusySteer || ok {
		t.Errorf("ParseBusyInput(interrupt) = %v, %v; want steer, false", got, ok)
	}
	if BusySteer.Next() != BusyQueue || BusyQueue.Next() != BusyGateway || BusyGateway.Next() != BusySteer {
		t.Error("Next does not cycle steer → queue → gateway → steer")
	}
}

// TestDefaultSettings: a fresh install truncates tool cards, shows the
// runtime footer and reasoning, steers while busy and notifies.
func TestDefaultSettings(t *testing.T) {
	want := Settings{Tools: ToolsTruncated, RuntimeFooter: true, ShowReasoning: true, BusyInput: BusySteer, Notifications: true, RepeatNotifications: true}
	if got := DefaultSettings(); got != want {
		t.Fatalf("DefaultSettings() = %+v, want %+v", got, want)
	}
}

// TestConnStateNames: every state has the name the status bar shows.
func TestConnStateNames(t *testing.T) {
	want := map[ConnState]string{
		ConnConnecting: "connecting", ConnOnline: "online", ConnReconnecting: "reconnecting",
		ConnOffline: "offline", ConnAuthFailed: "auth failed", ConnProtocolMismatch: "protocol mismatch",
		ConnHandshakeFailed: "handshake failed",
	}
	for c, name := range want {
		if c.String() != name {
			t.Errorf("%d.String() = %q, want %q", c, c.String(), name)
		}
	}
}
