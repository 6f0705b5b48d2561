package gatewaysim

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// wire is a frame as it came, split where lanes and extras may sit.
type wire struct {
	Type     string                     `json:"type"`
	ID       json.RawMessage            `json:"id"`
	ChatID   json.RawMessage            `json:"chat_id"`
	ThreadID json.RawMessage            `json:"thread_id"`
	Payload  map[string]json.RawMessage `json:"payload"`
}

func wireOf(t *testing.T, raw []byte) wire {
	t.Helper()
	var w wire
	must(t, json.Unmarshal(raw, &w) == nil, "not JSON: %s", raw)
	return w
}

// TestSpecDialectSendsOnlyTheSpecsFields: in the spec dialect a turn has
// no reply_to (nor the rich dialect's ts and media) on message.start and
// message.stop, the echo has no client_msg_id, and chat-scoped frames
// alternate between a top-level lane and one in the payload (thread_id
// null written out), never neither. The rich dialect keeps every lane at
// the top level and says reply_to.
func TestSpecDialectSendsOnlyTheSpecsFields(t *testing.T) {
	for _, d := range Dialects {
		t.Run(string(d), func(t *testing.T) {
			_, url := newTestServer(t, func(c *Config) { c.Dialect = d })
			c, _ := connect(t, url, "dev_a")
			c.raws = nil
			c.request(frame.TypeMessageSend, defaultLane, &frame.MessageSend{Text: "hello", ClientMsgID: "c1"})
			c.until(isType(frame.TypeTypingStop))
			top, inPayload := 0, 0
			for _, raw := range c.raws {
				w := wireOf(t, raw)
				switch {
				case w.ChatID != nil:
					top++
				case w.Payload["chat_id"] != nil:
					inPayload++
					must(t, string(w.Payload["thread_id"]) == "null", "payload lane without thread_id: %s", raw)
				default:
					t.Fatalf("a turn frame without a lane: %s", raw)
				}
				_, replyTo := w.Payload["reply_to"]
				_, ts := w.Payload["ts"]
				_, cmid := w.Payload["client_msg_id"]
				switch w.Type {
				case frame.TypeMessageStart:
					must(t, replyTo == (d == DialectRich) && ts == (d == DialectRich), "%s: %s", d, raw)
				case frame.TypeMessageStop:
					must(t, !replyTo && ts == (d == DialectRich), "%s: %s", d, raw)
				case frame.TypeMessage:
					must(t, cmid == (d == DialectRich), "%s echo: %s", d, raw)
				}
			}
			if d == DialectRich {
				must(t, inPayload == 0, "rich dialect put %d lanes in the payload", inPayload)
			} else {
				must(t, top > 0 && inPayload > 0 && top-inPayload <= 1 && inPayload-top <= 1, "spec dialect: %d top-level lanes, %d in the payload", top, inPayload)
			}
		})
	}
}

// TestSpecDialectLeavesUnansweredWhatTheSpecDoes: picker.select,
// agent.steer and fcm.register get no response in the spec dialect, even
// with an id (the steer still reaches the turn); the rich dialect
// acknowledges each.
func TestSpecDialectLeavesUnansweredWhatTheSpecDoes(t *testing.T) {
	for _, d := range Dialects {
		t.Run(string(d), func(t *testing.T) {
			_, url := newTestServer(t, func(c *Config) { c.Dialect, c.StreamInterval = d, 20*time.Millisecond })
			c, _ := connect(t, url, "dev_a")
			p := pickerTurn(c, "please rm the cache", frame.TypePickerApproval)
			sel := c.request(frame.TypePickerSelect, defaultLane, &frame.PickerSelect{PickerID: p.PickerID, Value: "once"})
			fs := c.until(isType(frame.TypeMessageUpdate))
			steer := c.request(frame.TypeAgentSteer, defaultLane, &frame.AgentSteer{Text: "focus"})
			fs = append(fs, c.until(isType(frame.TypeAgentIdle))...)
			reg := c.request(frame.TypeFCMRegister, frame.Lane{}, &frame.FCMRegister{NtfyTopic: "x"})
			ping := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
			fs = append(fs, c.until(func(f frame.Frame) bool { return f.ID == ping })...)
			answered := map[int64]string{}
			for _, f := range fs {
				if f.ID == sel || f.ID == steer || f.ID == reg {
					answered[f.ID] = f.Type
				}
			}
			if d == DialectRich {
				must(t, answered[sel] == frame.TypePickerSelect && answered[steer] == frame.TypeCommentary && answered[reg] == frame.TypeFCMRegister, "rich acks: %v", answered)
			} else {
				must(t, len(answered) == 0, "spec dialect answered %v", answered)
			}
			must(t, strings.Contains(stopOf(t, fs).FinalText, "focus"), "the steer did not reach the turn")
		})
	}
}

// TestMediaPullPerDialect: the rich dialect answers media.pull with a
// header (size, sha256) before the bytes; the spec dialect with the bytes
// and exactly media.pull.end {"ok":true}.
func TestMediaPullPerDialect(t *testing.T) {
	for _, d := range Dialects {
		t.Run(string(d), func(t *testing.T) {
			s, url := newTestServer(t, func(c *Config) { c.Dialect = d })
			c, _ := connect(t, url, "dev_a")
			data := pattern(ChunkSize + 10)
			mid := s.OfferMedia(defaultLane, "a.bin", "application/octet-stream", data)
			c.expect(frame.TypeMediaOffer)
			c.binary = nil
			id := c.request(frame.TypeMediaPull, frame.Lane{}, &frame.MediaPull{MediaID: mid})
			first := c.response(id)
			if d == DialectRich {
				must(t, first.Type == frame.TypeMediaPull && first.Payload.(*frame.MediaPull).SHA256 == sha(data), "rich header %s %s", first.Type, c.raw)
				first = c.response(id)
			}
			must(t, first.Type == frame.TypeMediaPullEnd && bytes.Equal(bytes.Join(c.binary, nil), data), "%s: end %s after %d chunks", d, c.raw, len(c.binary))
			if d == DialectSpec {
				must(t, string(mustJSON(t, wireOf(t, c.raw).Payload)) == `{"ok":true}`, "spec media.pull.end %s", c.raw)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	must(t, err == nil, "marshal: %v", err)
	return b
}
