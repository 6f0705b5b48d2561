package conformance

import (
	"context"
	"fmt"
	"strings"

	"github.com/hermes/iris/frame"
)

// unknownTypeIgnored: a frame of a type the gateway does not know is
// ignored (no answer with its id), and the connection goes on serving.
func unknownTypeIgnored(ctx context.Context, k *kit) error {
	c, ack, err := k.connect(ctx, "unknown-type")
	if err != nil {
		return err
	}
	id, from, err := c.requestFields(obj{"type": "conformance.unknown_type", "payload": obj{"conformance": true}})
	if err != nil {
		return err
	}
	if _, err := c.history(ctx, frame.Lane{ChatID: defaultOf(ack.Channels)}, obj{"limit": 1}); err != nil {
		return fmt.Errorf("after a frame of an unknown type: %w", err)
	}
	if got := c.quiet(ctx, from, withID(id)); len(got) > 0 {
		return fmt.Errorf("a frame of an unknown type (id %d) was answered with %s, want it ignored", id, got[0].describe())
	}
	return nil
}

// unknownFieldsIgnored: unknown fields in the envelope and in the payload
// change nothing: history and ping are served as without them.
func unknownFieldsIgnored(ctx context.Context, k *kit) error {
	c, ack, err := k.connect(ctx, "unknown-fields")
	if err != nil {
		return err
	}
	fields := laneFields(frame.Lane{ChatID: defaultOf(ack.Channels)}, obj{
		"type": frame.TypeHistory, "conformance_extra": obj{"nested": []int{1, 2}},
		"payload": obj{"limit": 1, "conformance_extra": "ignore me"},
	})
	id, from, err := c.requestFields(fields)
	if err != nil {
		return err
	}
	f, err := c.response(ctx, from, id, "history with unknown fields")
	if err != nil {
		return err
	}
	if f.Type != frame.TypeHistory {
		return fmt.Errorf("history with unknown fields (id %d) was answered with %s, want history", id, f.describe())
	}
	from = c.mark()
	if err := c.send(obj{"type": frame.TypePing, "conformance_extra": 1, "payload": obj{"ts": 1, "conformance_extra": []string{"x"}}}); err != nil {
		return err
	}
	_, _, err = c.wait(ctx, from, "pong to a ping with unknown fields", isType(frame.TypePong))
	return err
}

// echoID is the first id the id-echo rule uses: above 2^32, so that a
// gateway keeping ids in 32 bits shows.
const echoID = 1<<40 + 1

// idEcho: responses carry the request's id, as the same JSON number.
func idEcho(ctx context.Context, k *kit) error {
	c, ack, err := k.connect(ctx, "id-echo")
	if err != nil {
		return err
	}
	def := frame.Lane{ChatID: defaultOf(ack.Channels)}
	reqs := []struct {
		fields obj
		resp   string
	}{
		{laneFields(def, obj{"type": frame.TypeHistory, "payload": obj{"limit": 1}}), frame.TypeHistory},
		{obj{"type": frame.TypeCommandsCatalog, "payload": obj{}}, frame.TypeCommandsCatalog},
		{obj{"type": frame.TypeSearch, "payload": obj{"query": k.name(""), "scope": "all"}}, frame.TypeSearchResults},
	}
	for i, r := range reqs {
		want := int64(echoID + i)
		r.fields["id"] = want
		_, from, err := c.requestFields(r.fields)
		if err != nil {
			return err
		}
		f, err := c.answer(ctx, from, want, r.fields["type"].(string), r.resp)
		if err != nil {
			return err
		}
		if idNotANumber(f) {
			return fmt.Errorf("%s (id %d): the response's id is not a JSON number", r.fields["type"], want)
		}
	}
	return nil
}

// answer waits for the answer to request id of typ: the first frame with
// its id, a response of type resp, or an error. One that carries another
// id is the failure: the gateway did not echo the id.
func (c *conn) answer(ctx context.Context, from int, id int64, typ, resp string) (in, error) {
	f, _, err := c.wait(ctx, from, fmt.Sprintf("%s response (id %d)", typ, id), func(f in) bool {
		return f.bin == nil && (f.ID == id || f.Type == resp || f.Type == frame.TypeError)
	})
	if err == nil && f.ID != id {
		err = fmt.Errorf("%s (id %d) was answered with %s carrying id %d", typ, id, f.describe(), f.ID)
	}
	return f, err
}

// oneResponse: every request the spec gives a response gets exactly one
// (its response or an error), and nothing more with its id.
func oneResponse(ctx context.Context, k *kit) error {
	c, ack, err := k.connect(ctx, "one-response")
	if err != nil {
		return err
	}
	def := frame.Lane{ChatID: defaultOf(ack.Channels)}
	reqs := []struct {
		fields obj
		resp   string
	}{
		{laneFields(def, obj{"type": frame.TypeHistory, "payload": obj{"limit": 1}}), frame.TypeHistory},
		{obj{"type": frame.TypeCommandsCatalog, "payload": obj{}}, frame.TypeCommandsCatalog},
		{obj{"type": frame.TypeCommandsComplete, "payload": obj{"prefix": "/"}}, frame.TypeCommandsComplete},
		{obj{"type": frame.TypeSearch, "payload": obj{"query": k.name(""), "scope": "all"}}, frame.TypeSearchResults},
		{obj{"type": frame.TypeSync, "payload": obj{"cursor": ack.SyncCursor}}, frame.TypeSyncDone},
	}
	from := c.mark()
	ids := make([]int64, len(reqs))
	for i, r := range reqs {
		if ids[i], _, err = c.requestFields(r.fields); err != nil {
			return err
		}
	}
	for i, id := range ids {
		if _, err := c.answer(ctx, from, id, reqs[i].fields["type"].(string), reqs[i].resp); err != nil {
			return err
		}
	}
	byID := map[int64][]string{}
	for _, f := range c.quiet(ctx, from, func(f in) bool { return f.bin == nil && f.ID != 0 }) {
		byID[f.ID] = append(byID[f.ID], f.describe())
	}
	for i, id := range ids {
		if got := byID[id]; len(got) != 1 {
			return fmt.Errorf("%s (id %d) got %d responses (%s), want exactly one", reqs[i].fields["type"], id, len(got), strings.Join(got, ", "))
		}
	}
	return nil
}

// withID matches JSON frames carrying id.
func withID(id int64) func(in) bool {
	return func(f in) bool { return f.bin == nil && f.ID == id }
}

// idNotANumber reports whether f's id came as something else than a JSON
// number (a string, say). An integral number written with a fraction part
// (1005.0) is a number: decoding converts it without complaint here.
func idNotANumber(f in) bool {
	for _, is := range f.Issues {
		if is.Field == "id" && is.Got != "number" {
			return true
		}
	}
	return false
}
