package mediactl

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/media/preview"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

// pngBytes is a 16×8 PNG.
func pngBytes(t *testing.T) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 16, 8))
	img.Set(1, 1, color.RGBA{R: 255, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

var photo = frame.Media{MediaID: "md_png", Kind: "image", Filename: "photo.png", Mime: "image/png"}

// previews are the preview actions the root was asked for, for id.
func (r *root) previews(id string) []common.ActionMediaPreview {
	var out []common.ActionMediaPreview
	for _, a := range r.acts {
		if a, ok := a.(common.ActionMediaPreview); ok && a.MediaID == id {
			out = append(out, a)
		}
	}
	return out
}

// TestPreviewKeyShowsThenHidesAnImage: the preview key pulls the selected
// image, decodes it and asks the root to show its cells (and to scroll to
// it); pressed again it hides it. A file that is no image gets no preview.
func TestPreviewKeyShowsThenHidesAnImage(t *testing.T) {
	data := pngBytes(t)
	x := photo
	x.Size = int64(len(data))
	r, pulls := receivedRoot(t, Options{Protocol: "halfblocks"}, x, data)
	r.update(Command{op: opPreview})
	shown := r.previews(x.MediaID)
	if *pulls != 1 || len(shown) != 1 || shown[0].Cells == "" {
		t.Fatalf("%d pulls, previews %+v", *pulls, shown)
	}
	if !containsAction(r.acts, common.ActionRevealMedia{MediaID: x.MediaID}) {
		t.Fatalf("the root was not asked to reveal the image: %+v", r.acts)
	}
	r.acts = nil
	r.update(Command{op: opPreview})
	if got := r.previews(x.MediaID); len(got) != 1 || got[0].Cells != "" {
		t.Fatalf("hiding asked for %+v", got)
	}

	r, pulls = receivedRoot(t, Options{}, pdf, pdfBytes)
	r.update(Command{op: opPreview})
	if *pulls != 0 || r.infos[len(r.infos)-1].Text != "only images can be previewed" {
		t.Fatalf("a PDF: %d pulls, status %+v", *pulls, r.infos)
	}
}

// TestPruneDropsPreviewsWhoseMessageOrLaneWent: a change that removes the
// preview's lane, or touches it while no message there carries the image
// any more, hides the preview; a change elsewhere keeps it.
func TestPruneDropsPreviewsWhoseMessageOrLaneWent(t *testing.T) {
	for _, chg := range []store.Change{{Removed: []frame.Lane{lane}}, {Lanes: []frame.Lane{lane}}} {
		r := newRoot(t, Options{})
		r.showPreview("md_1", preview.HalfBlocks)
		if act, cmd := r.m.Prune(store.Change{Lanes: []frame.Lane{{ChatID: "elsewhere"}}}); act != nil || cmd != nil {
			t.Fatalf("a change elsewhere pruned: %+v", act)
		}
		act, _ := r.m.Prune(chg)
		if act != (common.ActionMediaPreview{MediaID: "md_1"}) {
			t.Fatalf("change %+v: prune asked for %+v", chg, act)
		}
		if act, _ := r.m.Prune(chg); act != nil {
			t.Fatalf("pruned twice: %+v", act)
		}
	}
}

func containsAction(acts []common.Action, want common.Action) bool {
	for _, a := range acts {
		if a == want {
			return true
		}
	}
	return false
}

// TestPruneKeepsAPreviewWhoseMessageStays: a change of the preview's lane
// that leaves its message there keeps the preview.
func TestPruneKeepsAPreviewWhoseMessageStays(t *testing.T) {
	r := newRoot(t, Options{})
	st := r.m.com.Store.(*store.State)
	st.Apply(frame.Frame{Type: frame.TypeMessage, ChatID: frame.Some(lane.ChatID), Payload: &frame.Message{
		MessageID: "m1", Role: "assistant", Text: "a photo", TS: 1,
		Media: []frame.Media{{MediaID: "md_1", Kind: "image", Filename: "p.png"}}}}, false)
	if !hasMediaID(st.Lane(lane).Item(st.Lane(lane).Len()-1).Msg.Media, "md_1") {
		t.Fatal("the message did not land in the lane")
	}
	r.showPreview("md_1", preview.HalfBlocks)
	if act, _ := r.m.Prune(store.Change{Lanes: []frame.Lane{lane}}); act != nil {
		t.Fatalf("pruned a preview whose message stays: %+v", act)
	}
}
