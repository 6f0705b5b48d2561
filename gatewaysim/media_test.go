package gatewaysim

import (
	"bytes"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
	"github.com/hermes/iris/frame"
)

// upload sends a whole upload (start, chunks, end with sum) under one id and
// returns the response to it.
func (c *client) upload(ref string, declared int64, data []byte, sum string) frame.Frame {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.sendFrame(frame.Frame{ID: id, Type: frame.TypeMediaUploadStart, Payload: &frame.MediaUploadStart{
		MediaRef: ref, Kind: frame.MediaImage, Mime: "image/png", Size: declared, Filename: ref + ".png",
	}})
	for off := 0; off < len(data); off += ChunkSize {
		if err := c.ws.WriteMessage(websocket.BinaryMessage, data[off:min(off+ChunkSize, len(data))]); err != nil {
			c.t.Fatal(err)
		}
	}
	c.sendFrame(frame.Frame{ID: id, Type: frame.TypeMediaUploadEnd, Payload: &frame.MediaUploadEnd{MediaRef: ref, SHA256: sum}})
	return c.response(id)
}

func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i * 7)
	}
	return b
}

func TestUploadAndAttach(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	data := pattern(600 << 10)
	f := c.upload("mu_1", int64(len(data)), data, strings.ToUpper(sha(data)))
	ack, ok := f.Payload.(*frame.MediaUploadAck)
	must(t, f.Type == frame.TypeMediaUploadAck && ok && *ack.OK && ack.MediaRef == "mu_1", "upload answered %s %+v", f.Type, f.Payload)

	id := c.request(frame.TypeMessageSend, defaultLane, &frame.MessageSend{Text: "look", MediaRefs: []string{"mu_1"}})
	echo := c.response(id).Payload.(*frame.Message)
	must(t, len(echo.Media) == 1 && echo.Media[0].MediaID == "mu_1" && echo.Media[0].Size == int64(len(data)) && echo.Media[0].Kind == frame.MediaImage, "echo media %+v", echo.Media)
	stop := stopOf(t, c.until(isType(frame.TypeAgentIdle)))
	must(t, strings.Contains(stop.FinalText, "mu_1.png"), "reply ignores the attachment")

	// Uploaded media can be pulled back.
	got, _ := c.pull("mu_1")
	must(t, bytes.Equal(got, data), "pulled %d bytes", len(got))

	id = c.request(frame.TypeMessageSend, defaultLane, &frame.MessageSend{Text: "x", MediaRefs: []string{"mu_404"}})
	c.expectError(id, frame.CodeNotFound)
}

func TestUploadFailures(t *testing.T) {
	_, url := newTestServer(t, func(c *Config) { c.MaxUploadSize = 1 << 20 })
	c, _ := connect(t, url, "dev_a")
	data := pattern(1000)

	e := c.upload("mu_sum", 1000, data, strings.Repeat("0", 64))
	must(t, e.Type == frame.TypeError && e.Payload.(*frame.Error).Code == frame.CodeInternal && strings.Contains(e.Payload.(*frame.Error).Message, "sha256"), "sha mismatch %+v", e.Payload)

	e = c.upload("mu_size", 999, data, sha(data))
	must(t, e.Payload.(*frame.Error).Code == frame.CodeInternal, "size mismatch %+v", e.Payload)

	// Declared too large: refused at start, exactly one answer for the id.
	big := pattern(2 << 20)
	e = c.upload("mu_big", int64(len(big)), big[:10], sha(big))
	must(t, e.Payload.(*frame.Error).Code == frame.CodeMediaTooLarge, "declared too large %+v", e.Payload)
	// Under-declared but too many bytes: refused when the bytes exceed it.
	e = c.upload("mu_liar", 10, big, sha(big))
	must(t, e.Payload.(*frame.Error).Code == frame.CodeMediaTooLarge, "bytes too large %+v", e.Payload)
	id := c.request(frame.TypePing, frame.Lane{}, &frame.Ping{})
	f := c.read()
	must(t, f.Type == frame.TypePong && f.ID == id, "a second answer for a refused upload: %s %+v", f.Type, f.Payload)

	id = c.request(frame.TypeMediaUploadEnd, frame.Lane{}, &frame.MediaUploadEnd{MediaRef: "mu_none", SHA256: "x"})
	c.expectError(id, frame.CodeNotFound)
	id = c.request(frame.TypeMediaUploadStart, frame.Lane{}, &frame.MediaUploadStart{Size: 1})
	c.expectError(id, frame.CodeUnsupported)
}

// pull requests media and returns its bytes and the media.pull ack.
func (c *client) pull(mediaID string) ([]byte, *frame.MediaPull) {
	c.t.Helper()
	c.binary = nil
	id := c.request(frame.TypeMediaPull, frame.Lane{}, &frame.MediaPull{MediaID: mediaID})
	head := c.response(id)
	must(c.t, head.Type == frame.TypeMediaPull, "pull answered %s %+v", head.Type, head.Payload)
	end := c.read()
	must(c.t, end.Type == frame.TypeMediaPullEnd && end.ID == id && *end.Payload.(*frame.MediaPullEnd).OK, "pull end %+v", end)
	for _, b := range c.binary {
		must(c.t, len(b) <= ChunkSize, "chunk of %d bytes", len(b))
	}
	return bytes.Join(c.binary, nil), head.Payload.(*frame.MediaPull)
}

func TestOfferAndPull(t *testing.T) {
	s, url := newTestServer(t, nil)
	a, _ := connect(t, url, "dev_a")
	b, _ := connect(t, url, "dev_b")
	data := pattern(5<<20 + 123)
	mid := s.OfferMedia(frame.Lane{}, "clip.mp4", "video/mp4", data)
	f := a.expect(frame.TypeMediaOffer)
	m := f.Payload.(*frame.Media)
	must(t, m.MediaID == mid && m.Kind == frame.MediaVideo && m.Size == int64(len(data)) && m.Filename == "clip.mp4" && m.SHA256 == sha(data), "offer %+v", m)
	must(t, f.Lane() == defaultLane, "offer lane %v", f.Lane())
	b.expect(frame.TypeMediaOffer)

	got, head := a.pull(mid)
	must(t, bytes.Equal(got, data), "pulled %d of %d bytes", len(got), len(data))
	must(t, len(a.binary) == (len(data)+ChunkSize-1)/ChunkSize, "%d chunks", len(a.binary))
	must(t, head.Size == int64(len(data)) && head.SHA256 == sha(data) && head.Mime == "video/mp4", "pull head %+v", head)

	id := a.request(frame.TypeMediaPull, frame.Lane{}, &frame.MediaPull{MediaID: "md_404"})
	a.expectError(id, frame.CodeNotFound)
	must(t, kindOf("application/pdf") == frame.MediaFile && kindOf("audio/ogg") == frame.MediaAudio, "kindOf")
}

func TestPostCron(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	s.PostCron("", "backup done")
	fs := c.until(isType(frame.TypeAgentIdle))
	must(t, slices.Equal(types(fs), []string{frame.TypeAgentBusy, frame.TypeMessage, frame.TypeNotification, frame.TypeAgentIdle}), "cron frames %v", types(fs))
	must(t, fs[0].Payload.(*frame.AgentBusy).Reason == "cron" && fs[0].Lane() == defaultLane, "busy %+v", fs[0])
	m := fs[1].Payload.(*frame.Message)
	must(t, m.Role == frame.RoleCron && m.Text == "backup done" && fs[1].Lane() == defaultLane, "cron message %+v", fs[1])
	n := fs[2].Payload.(*frame.Notification)
	must(t, n.Kind == "cron" && n.Body == "backup done", "notification %+v", n)
	h := c.history(defaultLane, "", 0).Payload.(*frame.History)
	must(t, len(h.Messages) == 1 && h.Messages[0].Role == frame.RoleCron, "history %+v", h)

	ch := c.createChannel("Ops", "")
	s.PostCron(ch.ChatID, "ops report")
	must(t, c.expect(frame.TypeMessage).Lane() == laneOf(ch), "cron lane")
}

func TestAgentOffersAChart(t *testing.T) {
	_, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	fs := c.turn(defaultLane, "show me a chart of the build times")
	var offer *frame.Media
	for _, f := range fs {
		if m, ok := f.Payload.(*frame.Media); ok && f.Type == frame.TypeMediaOffer {
			offer = m
		}
	}
	must(t, offer != nil && offer.Kind == frame.MediaImage && offer.Filename == "chart.png", "offer %+v in %v", offer, types(fs))
	stop := stopOf(t, fs)
	must(t, len(stop.Media) == 1 && stop.Media[0] == *offer, "message.stop media %+v", stop.Media)
	data, _ := c.pull(offer.MediaID)
	img, err := png.Decode(bytes.NewReader(data))
	must(t, err == nil && img.Bounds().Dx() == 96, "chart decodes: %v", err)
	h := c.history(defaultLane, "", 0).Payload.(*frame.History)
	must(t, len(h.Messages[1].Media) == 1, "history keeps the attachment")
}
