package gatewaysim

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
)

// wantsImage reports whether a message asks for a picture.
func wantsImage(text string) bool {
	lower := strings.ToLower(text)
	return strings.Contains(lower, "image") || strings.Contains(lower, "screenshot") || strings.Contains(lower, "chart")
}

// offerChart renders a small bar chart, offers it in the turn's lane
// (media.offer) and attaches it to the reply.
func (t *turn) offerChart() string {
	t.media = append(t.media, t.s.offer(t.lane, "chart.png", "image/png", chartPNG()))
	return "I rendered **chart.png** for you (attached)."
}

// chartPNG draws a 96×64 bar chart.
func chartPNG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 96, 64))
	bars := []int{20, 35, 28, 50, 44, 58}
	for x := range 96 {
		h := bars[x/16]
		for y := range 64 {
			c := color.RGBA{0x1e, 0x1e, 0x2e, 0xff}
			if x%16 >= 2 && 64-y <= h {
				c = color.RGBA{0x89, 0xb4, 0xfa, 0xff}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic("gatewaysim: encoding the demo chart: " + err.Error())
	}
	return buf.Bytes()
}
