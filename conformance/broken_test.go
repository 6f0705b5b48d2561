package conformance_test

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// passThrough forwards f unchanged.
func passThrough(f obj) []obj { return []obj{f} }

// brokenGateways are deliberately broken gateways (the simulator behind a
// proxy that breaks one rule of the spec) and the FAIL lines each must
// earn, and no others.
var brokenGateways = []struct {
	name string
	b    breakage
	want []string
}{
	{
		name: "applies frames of another major version",
		b: breakage{up: func(_ *pipe, f obj) bool {
			if f["v"] == json.Number("2") {
				f["v"] = 1
				delete(f, "id")
			}
			return true
		}},
		want: []string{
			`FAIL handshake.version-rejected: a ping with "v":2 was applied (answered with pong)`,
			`FAIL error.unsupported: a ping with "v":2 (id N) was answered with pong, want error unsupported`,
		},
	},
	{
		name: "answers unknown types",
		b: breakage{up: func(p *pipe, f obj) bool {
			if !strings.HasPrefix(typeOf(f), "conformance.") {
				return true
			}
			p.sendClient(obj{"v": 1, "id": f["id"], "type": "error", "payload": obj{"code": "unsupported", "message": "unknown type"}})
			return false
		}},
		want: []string{
			`FAIL envelope.unknown-type-ignored: a frame of an unknown type (id N) was answered with error unsupported ("unknown type"), want it ignored`,
		},
	},
	{
		name: "ids kept in 32 bits",
		b: breakage{down: func(_ *pipe, f obj) []obj {
			if id, ok := f["id"].(json.Number); ok && mustInt(id) > math.MaxUint32 {
				n := mustInt(id)
				f["id"] = n & math.MaxUint32
			}
			return passThrough(f)
		}},
		want: []string{
			`FAIL envelope.id-echo: history (id N) was answered with history carrying id 1`,
		},
	},
	{
		name: "no id echo",
		b: breakage{down: func(_ *pipe, f obj) []obj {
			if typeOf(f) == "commands.complete" {
				delete(f, "id")
			}
			return passThrough(f)
		}},
		want: []string{
			`FAIL envelope.one-response: commands.complete (id N) was answered with commands.complete carrying id 0`,
		},
	},
	{
		name: "ids echoed as strings",
		b: breakage{down: func(_ *pipe, f obj) []obj {
			if id, ok := f["id"].(json.Number); ok {
				f["id"] = id.String()
			}
			return passThrough(f)
		}},
		want: []string{
			`FAIL envelope.id-echo: history (id N): the response's id is not a JSON number`,
		},
	},
	{
		name: "duplicate responses",
		b: breakage{down: func(_ *pipe, f obj) []obj {
			if typeOf(f) == "commands.complete" {
				return []obj{f, f}
			}
			return passThrough(f)
		}},
		want: []string{
			`FAIL envelope.one-response: commands.complete (id N) got 2 responses (commands.complete, commands.complete), want exactly one`,
		},
	},
	{
		name: "wrong history order",
		b: breakage{down: func(_ *pipe, f obj) []obj {
			if typeOf(f) == "history" {
				msgs, _ := payloadOf(f)["messages"].([]any)
				slices.Reverse(msgs)
			}
			return passThrough(f)
		}},
		want: []string{
			`FAIL history.order: message 2 of 3 is listed before message 1: want oldest → newest`,
			`FAIL history.paging: oldest_message_id is "m_N", the page's first message is "m_N"`,
		},
	},
	{
		name: "no default limit",
		b: breakage{up: func(_ *pipe, f obj) bool {
			if p := payloadOf(f); typeOf(f) == "history" && p["limit"] == nil {
				p["limit"] = 200
			}
			return true
		}},
		want: []string{
			`FAIL history.default-and-limits: lane iris:default: without limit the page has 200 messages and has_more true; the lane holds more than 50, want 50 and has_more`,
		},
	},
	{
		name: "sync replays without cursors",
		b: breakage{down: func(_ *pipe, f obj) []obj {
			delete(f, "cursor")
			return passThrough(f)
		}},
		want: []string{
			`FAIL sync.replay: sync from cursor N did not replay the channel.renamed of iris:chan_N sent while the device was offline`,
		},
	},
	{
		name: "no live broadcast of renames",
		b: breakage{down: func(_ *pipe, f obj) []obj {
			if typeOf(f) == "channel.renamed" && f["id"] == nil && f["cursor"] == nil {
				return nil
			}
			return passThrough(f)
		}},
		want: []string{
			`FAIL broadcast.second-device: no channel.renamed of iris:chan_N on the second device before the rule's deadline (10s)`,
		},
	},
	{
		name: "read receipt echoed to its sender",
		b: breakage{up: func(p *pipe, f obj) bool {
			if typeOf(f) == "read.receipt" {
				p.sendClient(obj{"v": 1, "type": "read.receipt", "chat_id": payloadOf(f)["chat_id"], "payload": obj{"message_id": payloadOf(f)["message_id"]}})
			}
			return true
		}},
		want: []string{
			`FAIL receipt.to-other-devices: the read.receipt for m_N came back to the device that sent it (the spec broadcasts it to the other devices)`,
		},
	},
	{
		name: "deletable default",
		b: breakage{up: func(p *pipe, f obj) bool {
			switch typeOf(f) {
			case "channel.set_default":
				p.state["default"] = f["chat_id"]
			case "channel.delete":
				if f["chat_id"] == p.state["default"] {
					p.sendClient(obj{"v": 1, "id": f["id"], "type": "channel.deleted", "payload": obj{"chat_id": f["chat_id"]}})
					return false
				}
			}
			return true
		}},
		want: []string{
			`FAIL channel.default-not-deletable: the default channel: channel.delete (id N) was answered with channel.deleted, want error (any code)`,
		},
	},
	{
		name: "delete not idempotent",
		b: breakage{up: func(p *pipe, f obj) bool {
			if typeOf(f) != "message.delete" {
				return true
			}
			key := "deleted " + string(mustJSON(payloadOf(f)["message_ids"]))
			if p.state[key] == nil {
				p.state[key] = true
				return true
			}
			p.sendClient(obj{"v": 1, "id": f["id"], "type": "error", "payload": obj{"code": "not_found", "message": "no such message"}})
			return false
		}},
		want: []string{
			`FAIL message.delete-idempotent: a second message.delete of the same message: message.delete (id N) was answered with error not_found ("no such message"), want message.deleted`,
		},
	},
	{
		name: "threads outlive their channel",
		b: breakage{up: func(p *pipe, f obj) bool {
			switch {
			case typeOf(f) == "channel.delete":
				p.state["deleted "+f["chat_id"].(string)] = true
			case typeOf(f) == "history" && f["thread_id"] != nil && p.state["deleted "+f["chat_id"].(string)] != nil:
				p.sendClient(obj{"v": 1, "id": f["id"], "type": "history", "chat_id": f["chat_id"], "thread_id": f["thread_id"], "payload": obj{"messages": []any{}, "has_more": false}})
				return false
			}
			return true
		}},
		want: []string{
			`FAIL channel.delete-with-threads: the thread iris:chan_N/t_N after its channel was deleted: history (id N) was answered with history, want error not_found`,
		},
	},
	{
		name: "wrong sha256 accepted",
		b: breakage{up: func(_ *pipe, f obj) bool {
			if typeOf(f) == "media.upload.end" {
				delete(payloadOf(f), "sha256")
			}
			return true
		}},
		want: []string{
			`FAIL media.bad-sha256-refused: an upload with a wrong sha256 (id N) was answered with media.upload.ack, want error (any code)`,
		},
	},
	{
		name: "corrupted media",
		b: breakage{downBinary: func(data []byte) []byte {
			data[0] ^= 0xff
			return data
		}},
		want: []string{
			`FAIL media.pull: media.pull.end says sha256 SHA, the bytes hash to SHA`,
		},
	},
	{
		name: "any token accepted",
		b: breakage{up: func(_ *pipe, f obj) bool {
			if typeOf(f) == "hello" {
				payloadOf(f)["token"] = simtest.Token
			}
			return true
		}},
		want: []string{
			`FAIL error.auth: hello with a wrong token was answered with hello.ack, want error auth`,
		},
	},
}

func TestKitNamesEachBrokenRule(t *testing.T) {
	url := startSim(t, gatewaysim.Config{})
	for _, tt := range brokenGateways {
		t.Run(tt.name, func(t *testing.T) {
			lines, failed := runKit(t, startProxy(t, url, tt.b), simtest.Token)
			if got := failures(lines); !slices.Equal(got, tt.want) {
				t.Fatalf("FAIL lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if want := fmt.Sprintf("%d passed, %d failed", len(lines)-1-len(tt.want), len(tt.want)); failed != len(tt.want) || lines[len(lines)-1] != want {
				t.Fatalf("Run returned %d failures and the last line %q, want %q", failed, lines[len(lines)-1], want)
			}
		})
	}
}

func mustJSON(v any) []byte {
	data, _ := json.Marshal(v)
	return data
}

func mustInt(n json.Number) int64 {
	i, _ := n.Int64()
	return i
}

// variantGateways differ from the simulator only where the spec allows it;
// the kit must fail nothing more against them.
var variantGateways = []struct {
	name string
	b    breakage
}{
	{"ids and cursors as integral floats", breakage{down: func(_ *pipe, f obj) []obj {
		for _, k := range []string{"id", "cursor"} {
			if n, ok := f[k].(json.Number); ok {
				f[k] = json.Number(n.String() + ".0")
			}
		}
		if n, ok := payloadOf(f)["cursor"].(json.Number); ok && typeOf(f) == "sync.done" {
			payloadOf(f)["cursor"] = json.Number(n.String() + ".0")
		}
		return passThrough(f)
	}}},
	{"lanes in the payload", breakage{down: func(_ *pipe, f obj) []obj {
		p := payloadOf(f)
		for _, k := range []string{"chat_id", "thread_id"} {
			if v, ok := f[k]; ok && p != nil {
				if _, has := p[k]; !has {
					p[k] = v
				}
				delete(f, k)
			}
		}
		return passThrough(f)
	}}},
	{"media.pull without a header", breakage{down: func(_ *pipe, f obj) []obj {
		if typeOf(f) == "media.pull" {
			return nil
		}
		return passThrough(f)
	}}},
}

func TestKitToleratesWhatTheSpecAllows(t *testing.T) {
	url := startSim(t, gatewaysim.Config{})
	for _, tt := range variantGateways {
		t.Run(tt.name, func(t *testing.T) {
			lines, failed := runKit(t, startProxy(t, url, tt.b), simtest.Token)
			if failed != 0 {
				t.Fatalf("%d rules failed:\n%s", failed, strings.Join(lines, "\n"))
			}
		})
	}
}
