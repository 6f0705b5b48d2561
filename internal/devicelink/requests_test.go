package devicelink_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
	"github.com/hermes/iris/wsclient"
)

// TestRequestsOfAttachedProcessesComeBackToThem: two attached processes
// send at once through the holder; each gets the answers to its own
// requests (their ids are their own, the gateway's are the holder's), an
// error answer comes back as the gateway's *frame.Error, and an upload
// streams through the holder.
func TestRequestsOfAttachedProcessesComeBackToThem(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	dir := t.TempDir()
	a := start(t, options(dir, url))
	waitFor(t, "the holder's sync", a.synced)
	attached := []*proc{start(t, options(dir, url)), start(t, options(dir, url))}
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i, p := range attached {
		for j := range 10 {
			wg.Go(func() {
				text := fmt.Sprintf("from %d, #%d", i, j)
				resp, err := p.link.Request(context.Background(), frame.Frame{Type: frame.TypeMessageSend, ChatID: frame.Some("iris:default"), ThreadID: frame.Null(), Payload: &frame.MessageSend{Text: text}})
				if err != nil {
					errs <- err
					return
				}
				if m, ok := resp.Payload.(*frame.Message); !ok || m.Text != text {
					errs <- fmt.Errorf("sent %q, got back %s %+v", text, resp.Type, resp.Payload)
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	b := attached[0]
	_, err := b.link.Post(context.Background(), frame.Frame{Type: frame.TypePickerSelect, Payload: &frame.PickerSelect{PickerID: "pa_none", Value: "once"}})
	var fe *frame.Error
	if !errors.As(err, &fe) || fe.Code != frame.CodeNotFound {
		t.Fatalf("an answer to no picker through the holder: %v", err)
	}

	data := bytes.Repeat([]byte("iris"), 50000) // several chunks
	ref, err := b.link.Upload(context.Background(), wsclient.UploadSpec{Kind: "file", Mime: "application/octet-stream", Filename: "x.bin", Size: int64(len(data))}, bytes.NewReader(data), nil)
	if err != nil || ref == "" {
		t.Fatalf("upload through the holder: %q, %v", ref, err)
	}
	_, err = b.link.Upload(context.Background(), wsclient.UploadSpec{Kind: "file", Mime: "application/octet-stream", Filename: "y.bin", Size: int64(len(data)) + 1}, bytes.NewReader(data), nil)
	if !errors.Is(err, wsclient.ErrSizeMismatch) {
		t.Fatalf("an upload shorter than announced: %v, want ErrSizeMismatch", err)
	}
	oneConnection(t, sim, 1)
}
