package wsclient

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"strings"
	"time"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
)

// Media transfers. Binary frames carry no id, so one transfer runs at a
// time per client (Upload and Pull wait for the previous one). A transfer's
// timeout is Timing.RequestTimeout of inactivity, so big files are not
// penalised.

// UploadSpec describes media to upload.
type UploadSpec struct {
	Kind     string // image | video | audio | file
	Mime     string
	Filename string
	Size     int64 // exact byte count r will yield
}

// Upload sends spec.Size bytes from r as media.upload.start, binary chunks
// of at most ChunkSize and media.upload.end with the content's sha256, and
// returns the media_ref the gateway acknowledged (for message.send
// media_refs). progress, if set, is called after every chunk. A gateway
// refusal (media_too_large, ...) returns its *frame.Error, and ends the
// upload as soon as it arrives. If r yields a byte count other than
// spec.Size the upload is abandoned with ErrSizeMismatch.
func (c *Client) Upload(ctx context.Context, spec UploadSpec, r io.Reader, progress func(done, total int64)) (string, error) {
	if err := c.acquireTransfer(ctx); err != nil {
		return "", err
	}
	defer c.releaseTransfer()
	s := c.session()
	if s == nil {
		return "", ErrOffline
	}
	ref := "mu_" + randomHex(6)
	id := c.nextID.Add(1)
	ch, ok := s.register(id)
	if !ok {
		return "", ErrOffline
	}
	start := frame.Frame{ID: id, Type: frame.TypeMediaUploadStart, Payload: &frame.MediaUploadStart{
		MediaRef: ref, Kind: spec.Kind, Mime: spec.Mime, Size: spec.Size, Filename: spec.Filename,
	}}
	if err := s.write(start); err != nil {
		s.unregister(id)
		return "", err
	}
	sum, err := s.sendChunks(ctx, ch, spec.Size, r, progress)
	if err != nil {
		if s.unregister(id) {
			return "", err
		}
		return "", uploadOutcome((<-ch), ref)
	}
	end := frame.Frame{ID: id, Type: frame.TypeMediaUploadEnd, Payload: &frame.MediaUploadEnd{MediaRef: ref, SHA256: sum}}
	if err := s.write(end); err != nil {
		s.unregister(id)
		return "", err
	}
	resp, err := s.await(ctx, id, ch, c.cfg.Timing.RequestTimeout)
	if err != nil {
		return "", err
	}
	ack, ok := resp.Payload.(*frame.MediaUploadAck)
	switch {
	case !ok:
		return "", fmt.Errorf("upload %s: unexpected %s answer", ref, resp.Type)
	case ack.Refused():
		return "", &UploadRefusedError{Reason: ack.Why()}
	case ack.MediaRef != "":
		ref = ack.MediaRef
	}
	return ref, nil
}

// UploadRefusedError is returned by Upload when the gateway answered
// media.upload.ack with ok:false.
type UploadRefusedError struct {
	// Reason is the gateway's explanation ("" for none; untrusted text:
	// sanitise it before display).
	Reason string
}

// Error says the upload was refused, and why when the gateway said.
func (e *UploadRefusedError) Error() string {
	if e.Reason == "" {
		return "the gateway refused the upload (no reason given)"
	}
	return "the gateway refused the upload: " + e.Reason
}

// uploadOutcome turns a result that arrived while chunks were being sent
// (normally a refusal) into Upload's error.
func uploadOutcome(r result, ref string) error {
	if r.err != nil {
		return r.err
	}
	return fmt.Errorf("upload %s: unexpected early %s", ref, r.f.Type)
}

// errAnswered stops sendChunks when the gateway answered mid-upload.
var errAnswered = errors.New("gateway answered during the upload")

// sendChunks streams exactly size bytes from r and returns their sha256.
func (s *session) sendChunks(ctx context.Context, answered chan result, size int64, r io.Reader, progress func(done, total int64)) (string, error) {
	h := sha256.New()
	buf := make([]byte, ChunkSize)
	var done int64
	for {
		if len(answered) > 0 {
			return "", errAnswered
		}
		if err := s.transferGone(ctx); err != nil {
			return "", err
		}
		n, err := io.ReadFull(r, buf)
		if n > 0 {
			if done+int64(n) > size {
				return "", fmt.Errorf("%w: the file holds more than the %d bytes announced", ErrSizeMismatch, size)
			}
			h.Write(buf[:n])
			if werr := s.writeRaw(websocket.BinaryMessage, buf[:n]); werr != nil {
				return "", werr
			}
			done += int64(n)
			if progress != nil {
				progress(done, size)
			}
		}
		switch {
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			if done != size {
				return "", fmt.Errorf("%w: read %d of %d bytes", ErrSizeMismatch, done, size)
			}
			return hex.EncodeToString(h.Sum(nil)), nil
		case err != nil:
			return "", fmt.Errorf("reading the upload: %w", err)
		}
	}
}

// pullState is the media pull in progress on a session. The reader routes
// the pull's frames (JSON with its id, and binary chunks) into ch.
type pullState struct {
	id       int64
	ch       chan pullItem
	gone     chan struct{} // closed when Pull returned; the reader discards
	finished chan struct{} // closed by the reader after the pull's last frame
}

// pullItem is one frame of a pull: a chunk, a JSON frame, or a decode error.
type pullItem struct {
	chunk []byte
	f     frame.Frame
	err   error
	last  bool // media.pull.end, error, or undecodable: nothing follows
}

// Pull requests media m and writes its bytes to w, checking the byte count
// against the announced size and the sha256 when one is known (the offer's
// m.Size and m.SHA256, overridden by what the gateway's media.pull ack or
// media.pull.end announce). progress, if set, is
// called after every chunk with the expected total (0 when unknown). On a
// mismatch it returns ErrSizeMismatch or ErrChecksum; w may then hold
// partial content, which the caller discards.
func (c *Client) Pull(ctx context.Context, m frame.Media, w io.Writer, progress func(done, total int64)) error {
	if err := c.acquireTransfer(ctx); err != nil {
		return err
	}
	s := c.session()
	if s == nil {
		c.releaseTransfer()
		return ErrOffline
	}
	ps := &pullState{id: c.nextID.Add(1), ch: make(chan pullItem, 8), gone: make(chan struct{}), finished: make(chan struct{})}
	s.mu.Lock()
	if s.ended {
		s.mu.Unlock()
		c.releaseTransfer()
		return ErrOffline
	}
	s.pull = ps
	s.mu.Unlock()
	err := s.write(frame.Frame{ID: ps.id, Type: frame.TypeMediaPull, Payload: &frame.MediaPull{MediaID: m.MediaID}})
	if err == nil {
		err = s.receivePull(ctx, ps, m, w, progress)
	}
	close(ps.gone)
	go func() {
		// The transfer slot frees once the gateway finished sending.
		select {
		case <-ps.finished:
		case <-s.done:
		}
		c.releaseTransfer()
	}()
	return err
}

// receivePull consumes the pull's frames until media.pull.end.
func (s *session) receivePull(ctx context.Context, ps *pullState, m frame.Media, w io.Writer, progress func(done, total int64)) error {
	want := media{size: m.Size, sha: m.SHA256, h: sha256.New()}
	idle := time.NewTimer(s.c.cfg.Timing.RequestTimeout)
	defer idle.Stop()
	for {
		if err := s.transferGone(ctx); err != nil {
			return err // checked first: buffered chunks must not outrun a lost connection
		}
		var it pullItem
		select {
		case it = <-ps.ch:
			idle.Reset(s.c.cfg.Timing.RequestTimeout)
		case <-ctx.Done():
			return ctx.Err()
		case <-s.done:
			return ErrConnectionLost
		case <-idle.C:
			return ErrTimeout
		}
		if it.err != nil {
			return it.err
		}
		if it.chunk != nil {
			if err := want.add(it.chunk, w); err != nil {
				return err
			}
			if progress != nil {
				progress(want.done, want.size)
			}
			continue
		}
		switch p := it.f.Payload.(type) {
		case *frame.Error:
			return p
		case *frame.MediaPull:
			want.announce(p.Size, p.SHA256)
		case *frame.MediaPullEnd:
			if p.OK != nil && !*p.OK {
				return errors.New("the gateway could not send the media")
			}
			want.announce(p.Size, p.SHA256)
			return want.check()
		}
	}
}

// media tracks received bytes against what was announced.
type media struct {
	size, done int64
	sha        string
	h          hash.Hash
}

func (m *media) announce(size int64, sha string) {
	if size > 0 {
		m.size = size
	}
	if sha != "" {
		m.sha = sha
	}
}

func (m *media) add(chunk []byte, w io.Writer) error {
	if m.size > 0 && m.done+int64(len(chunk)) > m.size {
		return fmt.Errorf("%w: more than the %d bytes announced", ErrSizeMismatch, m.size)
	}
	m.done += int64(len(chunk))
	m.h.Write(chunk)
	_, err := w.Write(chunk)
	return err
}

func (m *media) check() error {
	if m.size > 0 && m.done != m.size {
		return fmt.Errorf("%w: received %d of %d bytes", ErrSizeMismatch, m.done, m.size)
	}
	if got := hex.EncodeToString(m.h.Sum(nil)); m.sha != "" && !strings.EqualFold(got, m.sha) {
		return fmt.Errorf("%w: content hashes to %s, announced %s", ErrChecksum, got, m.sha)
	}
	return nil
}

// pullFor returns the pull in progress if it has id.
func (s *session) pullFor(id int64) *pullState {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pull != nil && s.pull.id == id {
		return s.pull
	}
	return nil
}

// routePull hands it to the pull (or discards it once Pull has returned);
// after the last frame the pull is over.
func (s *session) routePull(ps *pullState, it pullItem) {
	select {
	case ps.ch <- it:
	case <-ps.gone:
	}
	if it.last {
		s.mu.Lock()
		s.pull = nil
		s.mu.Unlock()
		close(ps.finished)
	}
}

// transferGone reports why a transfer must stop before its next chunk:
// the caller cancelled, or the connection it runs on ended (a reconnect
// fails the transfer cleanly; the caller retries on the new connection).
func (s *session) transferGone(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case <-s.done:
		return ErrConnectionLost
	default:
		return nil
	}
}

func (c *Client) acquireTransfer(ctx context.Context) error {
	select {
	case c.media <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (c *Client) releaseTransfer() { <-c.media }

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
