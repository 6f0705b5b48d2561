package store

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/hermes/iris/frame"
)

// payloadLaneVectors returns the spec's chat-scoped frames with the lane
// in the payload only (../frame/testdata/payloadlane), in turn order.
func payloadLaneVectors(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("..", "..", "frame", "testdata", "payloadlane", "*.json"))
	if err != nil || len(names) < 20 {
		t.Fatalf("vectors: %d, %v", len(names), err)
	}
	out := make([]string, len(names))
	for i, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = string(b)
	}
	return out
}

// moveLane rewrites frame js with the payload's chat_id and thread_id
// moved to the top level (top: true) or removed (top: false).
func moveLane(t *testing.T, js string, top bool) string {
	t.Helper()
	var f map[string]any
	if err := json.Unmarshal([]byte(js), &f); err != nil {
		t.Fatal(err)
	}
	p, _ := f["payload"].(map[string]any)
	for _, k := range []string{"chat_id", "thread_id"} {
		if v, ok := p[k]; ok && top {
			f[k] = v
		}
		delete(p, k)
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestEveryChatScopedFrameReachesItsLaneFromThePayload applies a whole
// turn of spec-shaped frames whose lane is in the payload only, and the
// same frames with the lane at the top level, to two States: every frame
// changes the same things in both, and the lane ends up the same (items,
// pickers, banners). Before, only `message` found a payload lane; the
// rest were lost.
func TestEveryChatScopedFrameReachesItsLaneFromThePayload(t *testing.T) {
	l := lane("android:chan_7", "t_123")
	inPayload, onTop := newState(newClock()), newState(newClock())
	apply(t, inPayload, helloAckAnswered)
	apply(t, onTop, helloAckAnswered)
	for _, js := range payloadLaneVectors(t) {
		got := apply(t, inPayload, js)
		exp := apply(t, onTop, moveLane(t, js, true))
		if exp.Empty() {
			t.Fatalf("%s changes nothing even with its lane at the top level", js)
		}
		if !reflect.DeepEqual(got, exp) {
			t.Fatalf("%s\nchanged %+v\n   want %+v", js, got, exp)
		}
	}
	if a, b := dump(inPayload, l), dump(onTop, l); a != b || a == "" {
		t.Fatalf("lane from the payload:\n%s\nlane from the top level:\n%s", a, b)
	}
	// DeepEqual, not the printed form: choices hold pointers (is_current).
	if a, b := inPayload.Pickers(l), onTop.Pickers(l); !reflect.DeepEqual(a, b) {
		t.Fatalf("pickers %+v, want %+v", a, b)
	}
	if a, b := inPayload.TakeBanners(), onTop.TakeBanners(); !reflect.DeepEqual(a, b) || len(a) == 0 {
		t.Fatalf("banners %+v, want %+v", a, b)
	}
	if inPayload.lanes[frame.Lane{}] != nil {
		t.Fatal("a frame made a lane without a chat id")
	}
}

// TestAFrameNamingNoLaneGoesNowhere: the same turn with no lane anywhere
// changes nothing at all: it is not put into the default lane, the
// focused one, or (message.deleted, read.receipt) every lane.
func TestAFrameNamingNoLaneGoesNowhere(t *testing.T) {
	s := newState(newClock())
	apply(t, s, helloAck,
		`{"type":"message","chat_id":"d","payload":{"message_id":"m_9001","role":"user","text":"hi"}}`,
		`{"type":"message","chat_id":"d","payload":{"message_id":"m_9002","role":"assistant","text":"yo"}}`)
	s.Focus(def)
	before := dump(s, def)
	for _, js := range payloadLaneVectors(t) {
		js = moveLane(t, js, false)
		if f := decode(t, js); !f.Unrouted() && f.Type != frame.TypeNotification {
			t.Fatalf("%s is not unrouted", js)
		}
		if c := apply(t, s, js); c.Has(def) || len(c.Lanes) > 0 || c.Pickers {
			t.Fatalf("%s changed %+v", js, c)
		}
	}
	if after := dump(s, def); after != before {
		t.Fatalf("default lane changed:\n%s\nwas:\n%s", after, before)
	}
	if s.lanes[frame.Lane{}] != nil {
		t.Fatal("a frame made a lane without a chat id")
	}
}
