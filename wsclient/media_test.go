package wsclient_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"testing"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

func TestMediaRoundTrip5MiB(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	c := start(t, newClient(t, url, nil))
	col := collect(t, c.Client)
	col.wait(t, 0, "online", isState(wsclient.StateOnline))

	data := make([]byte, 5<<20+123)
	rand.Read(data)
	var calls int
	var last int64
	ref, err := c.Upload(context.Background(), wsclient.UploadSpec{Kind: "file", Mime: "application/octet-stream", Filename: "blob.bin", Size: int64(len(data))},
		bytes.NewReader(data), func(done, total int64) {
			if done-last > wsclient.ChunkSize || done <= last || total != int64(len(data)) {
				t.Errorf("progress %d/%d after %d", done, total, last)
			}
			last = done
			calls++
		})
	if err != nil {
		t.Fatalf("upload: %v", err)
	}
	if last != int64(len(data)) || calls < len(data)/wsclient.ChunkSize {
		t.Fatalf("upload progress ended at %d after %d calls", last, calls)
	}

	var out bytes.Buffer
	if err := c.Pull(context.Background(), frame.Media{MediaID: ref, Size: int64(len(data))}, &out, nil); err != nil {
		t.Fatalf("pull: %v", err)
	}
	if sha256.Sum256(out.Bytes()) != sha256.Sum256(data) {
		t.Fatal("pulled bytes differ from the uploaded ones")
	}

	// A second pull works too (the transfer slot was released).
	out.Reset()
	if err := c.Pull(context.Background(), frame.Media{MediaID: ref}, &out, nil); err != nil || out.Len() != len(data) {
		t.Fatalf("second pull: %v (%d bytes)", err, out.Len())
	}
	for _, ev := range col.all() {
		if _, ok := ev.(*wsclient.ProtocolErrorEvent); ok {
			t.Fatalf("media transfer raised %v", ev.(*wsclient.ProtocolErrorEvent).Err)
		}
	}
}

func TestUploadRefusalsAndLocalErrors(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{MaxUploadSize: 1 << 20})
	c := start(t, newClient(t, url, nil))
	col := collect(t, c.Client)
	col.wait(t, 0, "online", isState(wsclient.StateOnline))
	ctx := context.Background()

	big := make([]byte, 2<<20)
	_, err := c.Upload(ctx, wsclient.UploadSpec{Kind: "file", Size: int64(len(big))}, bytes.NewReader(big), nil)
	var fe *frame.Error
	if !errors.As(err, &fe) || fe.Code != frame.CodeMediaTooLarge {
		t.Fatalf("oversized upload = %v, want media_too_large", err)
	}
	_, err = c.Upload(ctx, wsclient.UploadSpec{Kind: "file", Size: 100}, bytes.NewReader(make([]byte, 50)), nil)
	if !errors.Is(err, wsclient.ErrSizeMismatch) {
		t.Fatalf("short reader = %v", err)
	}
	_, err = c.Upload(ctx, wsclient.UploadSpec{Kind: "file", Size: 10}, bytes.NewReader(make([]byte, 50)), nil)
	if !errors.Is(err, wsclient.ErrSizeMismatch) {
		t.Fatalf("long reader = %v", err)
	}
	ref, err := c.Upload(ctx, wsclient.UploadSpec{Kind: "image", Mime: "image/png", Filename: "a.png", Size: 3}, bytes.NewReader([]byte("png")), nil)
	if err != nil || ref == "" {
		t.Fatalf("small upload after failures: %q %v", ref, err)
	}
	resp, err := c.Request(ctx, frame.Frame{Type: frame.TypeMessageSend, ChatID: frame.Some(defaultChat),
		Payload: &frame.MessageSend{Text: "see attached", MediaRefs: []string{ref}}})
	if err != nil || len(resp.Payload.(*frame.Message).Media) != 1 {
		t.Fatalf("message.send with the media ref: %v %+v", err, resp)
	}
	err = c.Pull(ctx, frame.Media{MediaID: "md_nope"}, io.Discard, nil)
	if !errors.As(err, &fe) || fe.Code != frame.CodeNotFound {
		t.Fatalf("pull of unknown media = %v", err)
	}
}

// TestPullChecksSizeAndChecksum has a lying gateway: too many bytes, then a
// wrong sha256. Each pull fails clearly, the rest of the transfer is
// drained, and the connection keeps working.
func TestPullChecksSizeAndChecksum(t *testing.T) {
	c, col, rc := onlineRaw(t, nil)
	ctx := context.Background()

	serve := func(size int64, sha string, chunks ...string) {
		req := rc.next(t)
		if req.Type != frame.TypeMediaPull {
			t.Fatalf("expected media.pull, got %s", req.Type)
		}
		rc.sendFrame(frame.Frame{ID: req.ID, Type: frame.TypeMediaPull, Payload: &frame.MediaPull{MediaID: "md_1", Size: size, SHA256: sha}})
		for _, ch := range chunks {
			rc.ws.WriteMessage(websocket.BinaryMessage, []byte(ch))
		}
		rc.sendFrame(frame.Frame{ID: req.ID, Type: frame.TypeMediaPullEnd, Payload: &frame.MediaPullEnd{OK: frame.Ptr(true)}})
	}
	errc := make(chan error, 1)
	pull := func(m frame.Media, w io.Writer) { go func() { errc <- c.Pull(ctx, m, w, nil) }() }

	pull(frame.Media{MediaID: "md_1"}, io.Discard)
	serve(4, "", "abc", "def", "ghi")
	if err := <-errc; !errors.Is(err, wsclient.ErrSizeMismatch) {
		t.Fatalf("too many bytes: %v", err)
	}
	pull(frame.Media{MediaID: "md_1", SHA256: "00"}, io.Discard)
	serve(6, "", "abc", "def")
	if err := <-errc; !errors.Is(err, wsclient.ErrChecksum) {
		t.Fatalf("wrong sha256: %v", err)
	}
	sum := sha256.Sum256([]byte("abcdef"))
	var out bytes.Buffer
	pull(frame.Media{MediaID: "md_1"}, &out)
	serve(6, hex.EncodeToString(sum[:]), "abc", "def")
	if err := <-errc; err != nil || out.String() != "abcdef" {
		t.Fatalf("good pull: %v %q", err, out.String())
	}
	for _, ev := range col.all() {
		if pe, ok := ev.(*wsclient.ProtocolErrorEvent); ok {
			t.Fatalf("a drained pull raised %v", pe.Err)
		}
		if isState(wsclient.StateReconnecting)(ev) {
			t.Fatal("a bad pull dropped the connection")
		}
	}
}
