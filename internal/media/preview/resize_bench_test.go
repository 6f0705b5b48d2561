package preview

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"testing"
	"time"
)

// benchPhoto is a 1920×1080 JPEG-decoded (YCbCr) image, the common case.
func benchPhoto(b *testing.B) image.Image {
	b.Helper()
	src := image.NewNRGBA(image.Rect(0, 0, 1920, 1080))
	for y := range 1080 {
		for x := range 1920 {
			src.SetNRGBA(x, y, color.NRGBA{uint8(x), uint8(y), uint8(x ^ y), 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, src, nil); err != nil {
		b.Fatal(err)
	}
	img, err := jpeg.Decode(&buf)
	if err != nil {
		b.Fatal(err)
	}
	return img
}

// BenchmarkHalfBlock renders a full-HD photo into 120×40 cells and reports
// its cost as a ratio to converting the same image to RGBA with draw.Draw
// (the least any renderer must do: read every pixel once), measured in the
// same run.
func BenchmarkHalfBlock(b *testing.B) {
	img := benchPhoto(b)
	rgba := image.NewRGBA(img.Bounds())
	const rounds = 5
	start := time.Now()
	for range rounds {
		draw.Draw(rgba, rgba.Rect, img, image.Point{}, draw.Src)
	}
	baseline := time.Since(start) / rounds
	b.ResetTimer()
	for b.Loop() {
		_ = HalfBlock(img, 120, 40)
	}
	per := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(float64(per)/float64(baseline), "x_draw_baseline")
}
