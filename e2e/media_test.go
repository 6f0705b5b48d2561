package e2e

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
)

// A file attached with /attach is uploaded and sent with the message; the
// agent's chart arrives as a chip, previews as half blocks (tmux) and is
// saved into the XDG download directory.
func TestMediaAttachPreviewSave(t *testing.T) {
	const token = "media-token"
	sim, url := startSim(t, token, time.Millisecond)
	e := newEnv(t)
	downloads := filepath.Join(e.root, "Downloads")
	e.xdg["XDG_DOWNLOAD_DIR"] = downloads
	pic := filepath.Join(e.root, "pic.png")
	if err := os.WriteFile(pic, tinyPNG(t), 0o600); err != nil {
		t.Fatal(err)
	}

	r := e.start("--url", url, "--token", token)
	r.waitShows("● online")
	r.typeLine("/attach " + pic)
	r.waitShows("▣ image · pic.png")
	r.typeLine("please draw a chart")
	ctx, cancel := context.WithTimeout(context.Background(), waitDeadline)
	defer cancel()
	if _, err := sim.WaitReceived(ctx, func(f frame.Frame) bool {
		ms, ok := f.Payload.(*frame.MessageSend)
		return ok && ms.Text == "please draw a chart" && len(ms.MediaRefs) == 1
	}); err != nil {
		t.Fatalf("no message.send with the attachment: %v", err)
	}
	r.waitShows("▣ image · chart.png")

	r.keys("Tab")
	r.keys("-l", "[")
	r.keys("-l", "p")
	r.waitShows("▀▀▀▀▀▀")
	r.keys("-l", "s")
	r.waitShows("saved to " + downloads)
	if _, err := os.Stat(filepath.Join(downloads, "chart.png")); err != nil {
		t.Fatalf("the chart was not saved: %v", err)
	}
	r.quit()
}

// With the gateway down, a message with an attachment waits on its chip
// ("waiting for connection") instead of failing, and goes out with its
// media_ref once a gateway listens again at the same address.
func TestMediaSentOfflineWaitsForGateway(t *testing.T) {
	const token = "media-offline-token"
	first, url := startSim(t, token, time.Millisecond)
	e := newEnv(t)
	e.connectOnce("--url", url, "--token", token) // the cache then holds a lane to send to
	closeSim(t, first)
	pic := filepath.Join(e.root, "later.png")
	if err := os.WriteFile(pic, tinyPNG(t), 0o600); err != nil {
		t.Fatal(err)
	}

	r := e.start("--url", url, "--token", token)
	r.waitFor("an offline status", func(s string) bool {
		return strings.Contains(statusBar(s), "↻ reconnecting") || strings.Contains(statusBar(s), "○ offline")
	})
	r.typeLine("/attach " + pic)
	r.waitShows("▣ image · later.png")
	r.typeLine("send it when you are back")
	r.waitShows("later.png", "waiting for connection")

	second := gatewaysim.New(gatewaysim.Config{Token: token, StreamInterval: time.Millisecond, Seed: true})
	if _, err := second.Start(strings.TrimSuffix(strings.TrimPrefix(url, "ws://"), "/")); err != nil {
		t.Fatalf("restarting the gateway at %s: %v", url, err)
	}
	t.Cleanup(func() { closeSim(t, second) })
	// The client's reconnect backoff is capped at 30 s (not configurable
	// from the command line), so this wait allows for one full delay.
	ctx, cancel := context.WithTimeout(context.Background(), waitDeadline+15*time.Second)
	defer cancel()
	if _, err := second.WaitReceived(ctx, func(f frame.Frame) bool {
		ms, ok := f.Payload.(*frame.MessageSend)
		return ok && ms.Text == "send it when you are back" && len(ms.MediaRefs) == 1
	}); err != nil {
		t.Fatalf("no message.send with the attachment once online: %v\n%s", err, r.screen())
	}
	r.waitFor("the chip gone from the composer", func(s string) bool { return !strings.Contains(s, "waiting for connection") })
	r.quit()
}

// tinyPNG is a 4×4 image.
func tinyPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.NRGBA{R: 255, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
