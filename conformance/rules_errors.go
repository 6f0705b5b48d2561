package conformance

import (
	"context"
	"errors"
	"fmt"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
)

// errorAuth: hello with a wrong token is answered with error auth.
func errorAuth(ctx context.Context, k *kit) error {
	c, err := k.dial(ctx, k.device("auth"))
	if err != nil {
		return err
	}
	f, err := c.hello(ctx, "conformance-wrong-"+randomHex(16))
	switch {
	case errors.Is(err, errClosed):
		return errors.New("the gateway closed the connection on a wrong token without error auth")
	case err != nil:
		return err
	}
	return wantError(f, "hello with a wrong token", frame.CodeAuth)
}

// errorNotFound: a request for a chat_id the gateway does not know is
// answered with error not_found.
func errorNotFound(ctx context.Context, k *kit) error {
	c, _, err := k.connect(ctx, "not-found")
	if err != nil {
		return err
	}
	return c.refused(ctx, frame.TypeHistory, frame.Lane{ChatID: "conformance-missing-" + k.tag}, obj{"limit": 1}, frame.CodeNotFound)
}

// errorNotFoundWithoutLane: a request without the lane it needs is
// answered with error not_found, never served in the default channel
// (PROTOCOL-NOTES, Channels and lanes).
func errorNotFoundWithoutLane(ctx context.Context, k *kit) error {
	c, _, err := k.connect(ctx, "no-lane")
	if err != nil {
		return err
	}
	return c.refused(ctx, frame.TypeHistory, frame.Lane{}, obj{"limit": 1}, frame.CodeNotFound)
}

// tooLarge is the size the media_too_large rule announces: 1 TiB, more
// than any gateway accepts.
const tooLarge = 1 << 40

// errorMediaTooLarge: an upload announcing 1 TiB is refused with error
// media_too_large, at media.upload.start or at media.upload.end.
func errorMediaTooLarge(ctx context.Context, k *kit) error {
	c, _, err := k.connect(ctx, "media-large")
	if err != nil {
		return err
	}
	ref := "mu_conf_large_" + k.tag
	id, from, err := c.request(frame.TypeMediaUploadStart, frame.Lane{}, obj{
		"media_ref": ref, "kind": frame.MediaFile, "mime": "application/octet-stream", "size": tooLarge, "filename": "conformance.bin",
	})
	if err != nil {
		return err
	}
	early := c.quiet(ctx, from, withID(id))
	if len(early) == 0 {
		chunk := []byte("conformance")
		if err := c.write(websocket.BinaryMessage, chunk); err != nil {
			return err
		}
		if err := c.send(obj{"id": id, "type": frame.TypeMediaUploadEnd, "payload": obj{"media_ref": ref, "sha256": sha256Hex(chunk)}}); err != nil {
			return err
		}
		f, err := c.response(ctx, from, id, "media.upload")
		if err != nil {
			return err
		}
		early = []in{f}
	}
	return wantError(early[0], fmt.Sprintf("an upload announcing %d bytes (id %d)", tooLarge, id), frame.CodeMediaTooLarge)
}
