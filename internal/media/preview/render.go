package preview

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"strings"
)

// Preview is an image made ready for one protocol.
type Preview struct {
	// Cols and Rows are the cells the preview covers.
	Cols, Rows int
	// Cells goes into the view: Rows lines of Cols cells (half blocks, kitty
	// placeholders, or blanks that reserve room for an iTerm2 image).
	Cells string
	// Raw is written to the terminal with tea.Raw: for kitty once, before
	// the cells are shown; for iTerm2 wrapped in AtCell at the cells' screen
	// position after they are drawn. Empty for half blocks.
	Raw string
}

// Render prepares img for protocol p in at most cols×rows cells. For kitty,
// id names the image in the terminal (1 ≤ id; reuse it to replace, free it
// with KittyDelete). The image is never enlarged; for kitty and iTerm2 it is
// shrunk to DefaultCellSize pixels per cell at most and sent as PNG.
func Render(img image.Image, p Protocol, cols, rows int, id uint32) (Preview, error) {
	if p == HalfBlocks {
		m := halfBlockPixels(img, cols, rows)
		return Preview{Cols: m.Rect.Dx(), Rows: ceilDiv(m.Rect.Dy(), 2), Cells: halfBlocks(m)}, nil
	}
	b := img.Bounds()
	pw, ph, c, r := Fit(b.Dx(), b.Dy(), cols, rows, DefaultCellSize)
	if pw == 0 {
		return Preview{}, nil
	}
	if pw != b.Dx() || ph != b.Dy() {
		img = Resize(img, pw, ph)
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return Preview{}, fmt.Errorf("preview: encode png: %w", err)
	}
	if p == Kitty {
		if id == 0 {
			return Preview{}, errors.New("preview: kitty images need an id above 0")
		}
		c, r = min(c, MaxPlaceholderCells), min(r, MaxPlaceholderCells)
		raw := KittyPNG(buf.Bytes(), KittyOptions{Cols: c, Rows: r, ID: id, Placeholder: true})
		return Preview{Cols: c, Rows: r, Cells: KittyPlaceholders(id, c, r), Raw: raw}, nil
	}
	blank := strings.TrimSuffix(strings.Repeat(strings.Repeat(" ", c)+"\n", r), "\n")
	return Preview{Cols: c, Rows: r, Cells: blank, Raw: ITerm2Inline(buf.Bytes(), ITerm2Options{Cols: c, Rows: r})}, nil
}
