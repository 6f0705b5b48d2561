package frame

import (
	"os"
	"path/filepath"
	"testing"
)

// payloadLaneFiles returns the vectors of testdata/payloadlane: the spec's
// chat-scoped frames with the lane in the payload only.
func payloadLaneFiles(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", "payloadlane", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no vectors: %v", err)
	}
	return names
}

// TestLaneInThePayloadForEveryChatScopedType: every chat-scoped frame type
// (and notification, which may name one) finds its lane in the payload
// when the envelope has none, and there is a vector for every such type.
func TestLaneInThePayloadForEveryChatScopedType(t *testing.T) {
	want := Lane{ChatID: "android:chan_7", ThreadID: "t_123"}
	covered := map[string]bool{}
	for _, name := range payloadLaneFiles(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Decode(data, FromServer)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !NeedsLane(f.Type) && f.Type != TypeNotification {
			t.Errorf("%s: %s is not lane-scoped", name, f.Type)
		}
		if got := f.Lane(); got != want || f.Unrouted() {
			t.Errorf("%s: lane %+v, want %+v", name, got, want)
		}
		covered[f.Type] = true
	}
	for typ := range laneScoped {
		if !covered[typ] {
			t.Errorf("no payload-lane vector for %s", typ)
		}
	}
}

// TestLaneTopLevelWins: the envelope's chat_id and thread_id each win over
// the payload's; a payload thread_id joins only its own chat_id (or
// none); a frame with no chat_id anywhere has no lane and, when it belongs
// to one, is unrouted, whatever its thread_id.
func TestLaneTopLevelWins(t *testing.T) {
	for _, c := range []struct {
		js       string
		want     Lane
		unrouted bool
	}{
		{`{"type":"agent.busy","chat_id":"a","thread_id":"t","payload":{"chat_id":"b","thread_id":"u"}}`, Lane{"a", "t"}, false},
		{`{"type":"agent.busy","chat_id":"a","thread_id":null,"payload":{"chat_id":"a","thread_id":"u"}}`, Lane{"a", ""}, false},
		{`{"type":"agent.busy","chat_id":"a","payload":{"thread_id":"u"}}`, Lane{"a", "u"}, false},
		{`{"type":"agent.busy","chat_id":"a","payload":{"chat_id":"a","thread_id":"u"}}`, Lane{"a", "u"}, false},
		{`{"type":"agent.busy","chat_id":"a","payload":{"chat_id":"b","thread_id":"u"}}`, Lane{"a", ""}, false},
		{`{"type":"agent.idle","thread_id":"t","payload":{"chat_id":"b","thread_id":"u"}}`, Lane{"b", "t"}, false},
		{`{"type":"message","payload":{"chat_id":"b","thread_id":null,"message_id":"m"}}`, Lane{"b", ""}, false},
		{`{"type":"tool.end","chat_id":null,"payload":{"chat_id":"b","index":1}}`, Lane{"b", ""}, false},
		{`{"type":"tool.end","payload":{"chat_id":7,"index":1}}`, Lane{"7", ""}, false},
		{`{"type":"agent.idle","thread_id":"t","payload":{}}`, Lane{}, true},
		{`{"type":"agent.idle","chat_id":"","payload":{"chat_id":""}}`, Lane{}, true},
		{`{"type":"message.stop","payload":{"message_id":"m","final_text":"x"}}`, Lane{}, true},
		{`{"type":"typing.stop"}`, Lane{}, true},
		{`{"type":"notification","payload":{"kind":"generic","title":"x"}}`, Lane{}, false},
		{`{"type":"status","payload":{"state":"online","chat_id":"b"}}`, Lane{"b", ""}, false},
		{`{"type":"channel.deleted","payload":{"chat_id":"b","kind":"channel"}}`, Lane{}, false},
	} {
		f, err := Decode([]byte(c.js), FromServer)
		if err != nil {
			t.Fatalf("%s: %v", c.js, err)
		}
		if got := f.Lane(); got != c.want || f.Unrouted() != c.unrouted {
			t.Errorf("%s: lane %+v unrouted %v, want %+v %v", c.js, got, f.Unrouted(), c.want, c.unrouted)
		}
	}
}

// TestLaneOfABuiltFrame: a frame built in code (not decoded) takes the
// lane of a payload type with lane fields of its own.
func TestLaneOfABuiltFrame(t *testing.T) {
	f := Frame{Type: TypeReadReceipt, Payload: &ReadReceipt{ChatID: Some("a"), ThreadID: Some("t"), MessageID: "m"}}
	if got := f.Lane(); got != (Lane{"a", "t"}) {
		t.Fatalf("lane %+v", got)
	}
	if !(Frame{Type: TypeAgentIdle}).Unrouted() {
		t.Fatal("a built agent.idle without a lane must be unrouted")
	}
}
