package wsclient_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"strconv"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

// TestMediaRoundTripSizes uploads and pulls back the sizes around the chunk
// boundary (5 MiB is TestMediaRoundTrip5MiB).
func TestMediaRoundTripSizes(t *testing.T) {
	simtest.EachDialect(t, func(t *testing.T, d gatewaysim.Dialect) {
		_, url := simtest.StartSim(t, gatewaysim.Config{Dialect: d})
		c := start(t, newClient(t, url, nil))
		collect(t, c.Client).wait(t, 0, "online", isState(wsclient.StateOnline))
		ctx := context.Background()
		for _, n := range []int{1, wsclient.ChunkSize, wsclient.ChunkSize + 1} {
			t.Run(strconv.Itoa(n), func(t *testing.T) {
				data := make([]byte, n)
				rand.Read(data)
				chunks := 0
				ref, err := c.Upload(ctx, wsclient.UploadSpec{Kind: "file", Filename: "x.bin", Size: int64(n)},
					bytes.NewReader(data), func(done, total int64) { chunks++ })
				if err != nil {
					t.Fatalf("upload: %v", err)
				}
				if want := (n + wsclient.ChunkSize - 1) / wsclient.ChunkSize; chunks != want {
					t.Fatalf("%d bytes went in %d chunks, want %d", n, chunks, want)
				}
				var out bytes.Buffer
				var last int64
				err = c.Pull(ctx, frame.Media{MediaID: ref, Size: int64(n)}, &out, func(done, _ int64) { last = done })
				if err != nil || !bytes.Equal(out.Bytes(), data) || last != int64(n) {
					t.Fatalf("pull: %v, %d bytes (progress %d), equal %v", err, out.Len(), last, bytes.Equal(out.Bytes(), data))
				}
			})
		}
	})
}

// TestUploadChecksumRefused: a gateway that finds the sha256 wrong answers
// upload.end with an error; Upload returns it and the connection goes on.
func TestUploadChecksumRefused(t *testing.T) {
	c, _, rc := onlineRaw(t, nil)
	errc := make(chan error, 1)
	go func() {
		_, err := c.Upload(context.Background(), wsclient.UploadSpec{Kind: "file", Size: 3}, bytes.NewReader([]byte("abc")), nil)
		errc <- err
	}()
	if f := rc.next(t); f.Type != frame.TypeMediaUploadStart {
		t.Fatalf("got %s, want media.upload.start", f.Type)
	}
	end := rc.next(t)
	if end.Type != frame.TypeMediaUploadEnd {
		t.Fatalf("got %s, want media.upload.end", end.Type)
	}
	rc.sendFrame(frame.Frame{ID: end.ID, Type: frame.TypeError, Payload: &frame.Error{Code: frame.CodeInternal, Message: "sha256 mismatch"}})
	var fe *frame.Error
	if err := <-errc; !errors.As(err, &fe) || fe.Message != "sha256 mismatch" {
		t.Fatalf("upload = %v, want the gateway's sha256 error", err)
	}
	go func() {
		ref, err := c.Upload(context.Background(), wsclient.UploadSpec{Kind: "file", Size: 1}, bytes.NewReader([]byte("z")), nil)
		if err == nil && ref == "" {
			err = errors.New("no media_ref")
		}
		errc <- err
	}()
	rc.next(t)
	end = rc.next(t)
	rc.sendFrame(frame.Frame{ID: end.ID, Type: frame.TypeMediaUploadAck, Payload: &frame.MediaUploadAck{OK: frame.Ptr(true)}})
	if err := <-errc; err != nil {
		t.Fatalf("upload after a refused one: %v", err)
	}
}

// TestTransferCancel cancels an upload and a pull after their first chunk:
// each returns context.Canceled and the next transfer on the same
// connection works.
func TestTransferCancel(t *testing.T) {
	_, url := simtest.StartSim(t, gatewaysim.Config{})
	c := start(t, newClient(t, url, nil))
	collect(t, c.Client).wait(t, 0, "online", isState(wsclient.StateOnline))
	data := make([]byte, 2<<20)
	rand.Read(data)
	spec := wsclient.UploadSpec{Kind: "file", Filename: "big.bin", Size: int64(len(data))}

	ctx, cancel := context.WithCancel(context.Background())
	_, err := c.Upload(ctx, spec, bytes.NewReader(data), func(int64, int64) { cancel() })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled upload = %v", err)
	}
	ref, err := c.Upload(context.Background(), spec, bytes.NewReader(data), nil)
	if err != nil {
		t.Fatalf("upload after a cancelled one: %v", err)
	}

	ctx, cancel = context.WithCancel(context.Background())
	err = c.Pull(ctx, frame.Media{MediaID: ref}, io.Discard, func(int64, int64) { cancel() })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled pull = %v", err)
	}
	var out bytes.Buffer
	if err := c.Pull(context.Background(), frame.Media{MediaID: ref}, &out, nil); err != nil || !bytes.Equal(out.Bytes(), data) {
		t.Fatalf("pull after a cancelled one: %v (%d bytes)", err, out.Len())
	}
}

// TestTransferReconnect drops the connection in the middle of an upload and
// of a pull: each fails with ErrConnectionLost, and a retry after the
// client is back online succeeds.
func TestTransferReconnect(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	c := start(t, newClient(t, url, nil))
	col := collect(t, c.Client)
	col.wait(t, 0, "online", isState(wsclient.StateOnline))
	data := make([]byte, 2<<20)
	rand.Read(data)
	spec := wsclient.UploadSpec{Kind: "file", Filename: "big.bin", Size: int64(len(data))}

	// drop kills the connection once and waits until the client saw it;
	// mark is where the events after the drop start.
	mark := 0
	drop := func() func(int64, int64) {
		dropped := false
		return func(int64, int64) {
			if dropped {
				return
			}
			dropped = true
			mark = len(col.all())
			sim.DropConnections()
			col.wait(t, mark, "reconnecting", isState(wsclient.StateReconnecting))
		}
	}
	_, err := c.Upload(context.Background(), spec, bytes.NewReader(data), drop())
	if !errors.Is(err, wsclient.ErrConnectionLost) {
		t.Fatalf("upload across a reconnect = %v, want ErrConnectionLost", err)
	}
	col.wait(t, mark, "online again", isState(wsclient.StateOnline))
	ref, err := c.Upload(context.Background(), spec, bytes.NewReader(data), nil)
	if err != nil {
		t.Fatalf("retried upload: %v", err)
	}

	err = c.Pull(context.Background(), frame.Media{MediaID: ref}, io.Discard, drop())
	if !errors.Is(err, wsclient.ErrConnectionLost) {
		t.Fatalf("pull across a reconnect = %v, want ErrConnectionLost", err)
	}
	col.wait(t, mark, "online again", isState(wsclient.StateOnline))
	var out bytes.Buffer
	err = c.Pull(context.Background(), frame.Media{MediaID: ref}, &out, nil)
	if err != nil || !bytes.Equal(out.Bytes(), data) {
		t.Fatalf("retried pull: %v (%d bytes)", err, out.Len())
	}
}
