package gatewaysim

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/hermes/iris/frame"
)

// mediaItem is stored media: uploaded by a client (keyed by its media_ref)
// or offered by the agent (keyed by media_id).
type mediaItem struct {
	meta frame.Media
	data []byte
}

// upload is a connection's transfer in progress.
type upload struct {
	id       int64 // the media.upload.start request id
	start    frame.MediaUploadStart
	buf      []byte
	rejected bool // media_too_large was sent; the bytes are discarded
}

func (c *conn) handleUploadStart(f frame.Frame) {
	p := f.Payload.(*frame.MediaUploadStart)
	if p.MediaRef == "" {
		c.sendError(f.ID, frame.CodeUnsupported, "media.upload.start needs a media_ref")
		return
	}
	c.upload = &upload{id: f.ID, start: *p}
	if p.Size > c.s.cfg.MaxUploadSize {
		c.rejectUpload()
	}
}

// rejectUpload answers media_too_large for the current upload.
func (c *conn) rejectUpload() {
	up := c.upload
	up.rejected, up.buf = true, nil
	c.sendError(up.id, frame.CodeMediaTooLarge, fmt.Sprintf("upload larger than %d bytes", c.s.cfg.MaxUploadSize))
}

// handleBinary appends a chunk to the upload in progress. Binary frames
// outside a transfer are ignored.
func (c *conn) handleBinary(data []byte) {
	up := c.upload
	if c.s.silent.Load() {
		return
	}
	if up == nil {
		c.s.log.Debug("gatewaysim: binary frame outside a transfer", "bytes", len(data))
		return
	}
	if up.rejected {
		return
	}
	if int64(len(up.buf)+len(data)) > c.s.cfg.MaxUploadSize {
		c.rejectUpload()
		return
	}
	up.buf = append(up.buf, data...)
}

// handleUploadEnd checks size and sha256 and stores the upload.
func (c *conn) handleUploadEnd(f frame.Frame) {
	p := f.Payload.(*frame.MediaUploadEnd)
	up := c.upload
	if up == nil || up.start.MediaRef != p.MediaRef {
		c.sendError(f.ID, frame.CodeNotFound, "no upload in progress for "+quote(p.MediaRef))
		return
	}
	c.upload = nil
	if up.rejected {
		if f.ID != up.id {
			c.sendError(f.ID, frame.CodeMediaTooLarge, "upload was refused as too large")
		}
		return
	}
	got := sha256Hex(up.buf)
	if up.start.Size > 0 && int64(len(up.buf)) != up.start.Size {
		c.sendError(f.ID, frame.CodeInternal, fmt.Sprintf("size mismatch: announced %d bytes, received %d", up.start.Size, len(up.buf)))
		return
	}
	if p.SHA256 != "" && !strings.EqualFold(p.SHA256, got) {
		c.sendError(f.ID, frame.CodeInternal, "sha256 mismatch: received content hashes to "+got)
		return
	}
	kind := up.start.Kind
	if kind == "" {
		kind = kindOf(up.start.Mime)
	}
	item := &mediaItem{data: up.buf, meta: frame.Media{
		MediaID: p.MediaRef, Kind: kind, Mime: up.start.Mime, Size: int64(len(up.buf)), Filename: up.start.Filename, SHA256: got,
	}}
	c.s.mu.Lock()
	c.s.media[p.MediaRef] = item
	c.s.mu.Unlock()
	c.send(frame.Frame{ID: f.ID, Type: frame.TypeMediaUploadAck, Payload: &frame.MediaUploadAck{OK: frame.Ptr(true), MediaRef: p.MediaRef}})
}

// attachmentsLocked resolves message.send media_refs; missing names the
// first unknown ref. s.mu must be held.
func (s *Server) attachmentsLocked(refs []string) (media []frame.Media, missing string) {
	for _, r := range refs {
		it := s.media[r]
		if it == nil {
			return nil, r
		}
		media = append(media, it.meta)
	}
	return media, ""
}

// handleMediaPull serves media: binary chunks of at most ChunkSize, then
// media.pull.end, all queued at once so nothing interleaves. The rich
// dialect first answers a media.pull header with size and sha256 (which
// PROTOCOL-NOTES.md allows) and repeats both in media.pull.end; the spec
// dialect sends exactly the spec's media.pull.end {ok:true}.
func (c *conn) handleMediaPull(f frame.Frame) {
	p := f.Payload.(*frame.MediaPull)
	c.s.mu.Lock()
	it := c.s.media[p.MediaID]
	c.s.mu.Unlock()
	if it == nil {
		c.sendError(f.ID, frame.CodeNotFound, "unknown media_id "+quote(p.MediaID))
		return
	}
	m := it.meta
	var items []outItem
	end := &frame.MediaPullEnd{OK: frame.Ptr(true)}
	ok := true
	if c.s.rich() {
		var head []byte
		head, ok = c.s.encode(frame.Frame{ID: f.ID, Type: frame.TypeMediaPull, Payload: &frame.MediaPull{
			MediaID: m.MediaID, Size: m.Size, SHA256: m.SHA256, Mime: m.Mime, Filename: m.Filename,
		}})
		items = append(items, outItem{data: head})
		end.Size, end.SHA256 = m.Size, m.SHA256
	}
	tail, ok2 := c.s.encode(frame.Frame{ID: f.ID, Type: frame.TypeMediaPullEnd, Payload: end})
	if !ok || !ok2 {
		c.sendError(f.ID, frame.CodeInternal, "cannot encode media frames")
		return
	}
	for off := 0; off < len(it.data); off += ChunkSize {
		items = append(items, outItem{kind: itemBinary, data: it.data[off:min(off+ChunkSize, len(it.data))]})
	}
	c.enqueue(append(items, outItem{data: tail})...)
}

// OfferMedia stores data as agent-sent media in lane (the default channel
// when lane is zero or unknown), broadcasts media.offer and returns the
// media_id.
func (s *Server) OfferMedia(lane frame.Lane, filename, mime string, data []byte) string {
	return s.offer(lane, filename, mime, data).MediaID
}

// offer stores and offers media and returns its description.
func (s *Server) offer(lane frame.Lane, filename, mime string, data []byte) frame.Media {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.laneOrDefaultLocked(lane)
	m := frame.Media{
		MediaID: s.nextID("md"), Kind: kindOf(mime), Mime: mime, Size: int64(len(data)),
		Filename: filename, SHA256: sha256Hex(data),
	}
	s.media[m.MediaID] = &mediaItem{meta: m, data: append([]byte(nil), data...)}
	s.broadcastLocked(laneFrame(0, frame.TypeMediaOffer, l, &m), nil)
	return m
}

// sha256Hex is the lowercase hex sha256 of data.
func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// kindOf derives a media kind from a MIME type.
func kindOf(mime string) string {
	major, _, _ := strings.Cut(mime, "/")
	switch major {
	case frame.MediaImage, frame.MediaVideo, frame.MediaAudio:
		return major
	}
	return frame.MediaFile
}
