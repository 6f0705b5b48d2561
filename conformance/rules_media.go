package conformance

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
)

// mediaChunk is the largest binary frame the kit sends (PROTOCOL-NOTES).
const mediaChunk = 256 << 10

// attachment is the kit's upload, attached to a message of the shared
// lane: its bytes and the media_id history lists for it.
type attachment struct {
	data    []byte
	mediaID string
}

// attached returns the attachment, uploading it on first use.
func (k *kit) attached(ctx context.Context) (*attachment, error) {
	if k.att == nil && k.attErr == nil {
		k.att, k.attErr = k.attach(ctx)
	}
	return k.att, k.attErr
}

// attach runs an upload of two chunks with its sha256, checks the
// acknowledgement, and attaches it to a message of the shared lane.
func (k *kit) attach(ctx context.Context) (*attachment, error) {
	fx, err := k.messages(ctx)
	if err != nil {
		return nil, err
	}
	c := fx.c
	data := make([]byte, mediaChunk+mediaChunk/4) // two chunks
	_, _ = rand.Read(data)
	ref := "mu_conf_" + k.tag
	f, err := c.upload(ctx, ref, data, sha256Hex(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	ack, _ := f.Payload.(*frame.MediaUploadAck)
	switch {
	case f.Type != frame.TypeMediaUploadAck || ack == nil:
		return nil, fmt.Errorf("the upload (id %d) was answered with %s, want media.upload.ack", f.ID, f.describe())
	case ack.Refused():
		return nil, fmt.Errorf("media.upload.ack says ok false: %s", ack.Why())
	case ack.MediaRef != "" && ack.MediaRef != ref:
		return nil, fmt.Errorf("media.upload.ack names media_ref %q, the upload was %q", ack.MediaRef, ref)
	}
	text := k.name("media message (a test of the gateway; no answer needed)")
	if err := c.sendText(fx.lane, text, obj{"media_refs": []string{ref}}); err != nil {
		return nil, err
	}
	sent, err := c.findSent(ctx, fx.lane, text)
	if err != nil {
		return nil, err
	}
	if len(sent[0].Media) == 0 || sent[0].Media[0].MediaID == "" {
		return nil, fmt.Errorf("history lists the message sent with media_refs [%s] without media", ref)
	}
	return &attachment{data: data, mediaID: sent[0].Media[0].MediaID}, nil
}

// mediaUpload: an upload (media.upload.start, binary chunks,
// media.upload.end with the sha256) is acknowledged with
// media.upload.ack, and attached to a message.send it shows in history as
// media of that message.
func mediaUpload(ctx context.Context, k *kit) error {
	_, err := k.attached(ctx)
	return err
}

// mediaPull: media.pull of the attachment's media_id, as history lists it,
// returns the uploaded bytes (after at most one JSON header) and
// media.pull.end.
func mediaPull(ctx context.Context, k *kit) error {
	a, err := k.attached(ctx)
	if err != nil {
		return fmt.Errorf("no attachment to pull (see media.upload): %w", err)
	}
	fx, err := k.messages(ctx)
	if err != nil {
		return err
	}
	got, err := fx.c.pull(ctx, a.mediaID)
	if err != nil {
		return err
	}
	if string(got) != string(a.data) {
		return fmt.Errorf("media.pull returned %d bytes hashing to %s; %d bytes hashing to %s were uploaded", len(got), sha256Hex(got), len(a.data), sha256Hex(a.data))
	}
	return nil
}

// mediaBadSHA256: an upload whose media.upload.end carries a sha256 that
// is not the content's is refused with an error, not acknowledged.
func mediaBadSHA256(ctx context.Context, k *kit) error {
	c, _, err := k.connect(ctx, "media-sha")
	if err != nil {
		return err
	}
	data := []byte(strings.Repeat("conformance ", 100))
	f, err := c.upload(ctx, "mu_conf_sha_"+k.tag, data, strings.Repeat("0", 64), int64(len(data)))
	if err != nil {
		return err
	}
	return wantError(f, fmt.Sprintf("an upload with a wrong sha256 (id %d)", f.ID), "")
}

// upload runs one upload of data under ref, announcing size and ending
// with sha, and returns the gateway's answer for the upload's id.
func (c *conn) upload(ctx context.Context, ref string, data []byte, sha string, size int64) (in, error) {
	id, from, err := c.request(frame.TypeMediaUploadStart, frame.Lane{}, obj{
		"media_ref": ref, "kind": frame.MediaFile, "mime": "application/octet-stream", "size": size, "filename": "conformance.bin",
	})
	if err != nil {
		return in{}, err
	}
	for off := 0; off < len(data); off += mediaChunk {
		if err := c.write(websocket.BinaryMessage, data[off:min(off+mediaChunk, len(data))]); err != nil {
			return in{}, err
		}
	}
	if err := c.send(obj{"id": id, "type": frame.TypeMediaUploadEnd, "payload": obj{"media_ref": ref, "sha256": sha}}); err != nil {
		return in{}, err
	}
	return c.response(ctx, from, id, "media.upload")
}

// pull runs media.pull of id and returns the bytes: the binary frames up
// to media.pull.end, after at most one JSON header for the pull's id.
func (c *conn) pull(ctx context.Context, mediaID string) ([]byte, error) {
	id, from, err := c.request(frame.TypeMediaPull, frame.Lane{}, obj{"media_id": mediaID})
	if err != nil {
		return nil, err
	}
	f, end, err := c.wait(ctx, from, fmt.Sprintf("media.pull.end (id %d)", id), func(f in) bool {
		return f.isErr(id) || (f.bin == nil && f.Type == frame.TypeMediaPullEnd)
	})
	if err != nil {
		return nil, err
	}
	if f.Type == frame.TypeError {
		return nil, fmt.Errorf("media.pull of %s (id %d) was answered with %s", mediaID, id, f.describe())
	}
	pe, _ := f.Payload.(*frame.MediaPullEnd)
	switch {
	case f.ID != id:
		return nil, fmt.Errorf("media.pull.end carries id %d, the pull was %d", f.ID, id)
	case pe == nil || (pe.OK != nil && !*pe.OK):
		return nil, fmt.Errorf("media.pull.end (id %d) says ok false", id)
	}
	var data []byte
	headers := 0
	for _, x := range c.since(from)[:end-1-from] {
		switch {
		case x.bin != nil:
			data = append(data, x.bin...)
		case x.ID == id && len(data) == 0:
			headers++
		case x.ID == id:
			return nil, fmt.Errorf("media.pull (id %d) got %s between its binary frames", id, x.describe())
		}
	}
	switch {
	case headers > 1:
		return nil, fmt.Errorf("media.pull (id %d) got %d JSON frames before its bytes, want at most one header", id, headers)
	case pe.Size > 0 && pe.Size != int64(len(data)):
		return nil, fmt.Errorf("media.pull.end says size %d, %d bytes came", pe.Size, len(data))
	case pe.SHA256 != "" && !strings.EqualFold(pe.SHA256, sha256Hex(data)):
		return nil, fmt.Errorf("media.pull.end says sha256 %s, the bytes hash to %s", pe.SHA256, sha256Hex(data))
	}
	return data, nil
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
