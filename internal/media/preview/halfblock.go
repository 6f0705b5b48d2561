package preview

import (
	"image"
	"strconv"
	"strings"
)

// opaqueAlpha is the alpha from which a pixel is drawn; below it the
// terminal's own background shows.
const opaqueAlpha = 128

// HalfBlock renders img as Unicode half blocks in at most cols×rows cells:
// each cell is "▀" with the top pixel as 24-bit foreground and the bottom
// pixel as background ("▄" or a space when a half is transparent, so the
// terminal background shows through). The image is shrunk by area averaging
// to fit, keeping its aspect ratio (cells are taken as twice as tall as
// wide), and never enlarged. Lines are separated by "\n", each exactly as
// wide as the image and ending with an SGR reset. An empty box gives "".
func HalfBlock(img image.Image, cols, rows int) string {
	return halfBlocks(halfBlockPixels(img, cols, rows))
}

// halfBlockPixels is img fitted to cols×rows half-block cells, one pixel per
// half cell.
func halfBlockPixels(img image.Image, cols, rows int) *image.NRGBA {
	b := img.Bounds()
	pw, ph, _, _ := Fit(b.Dx(), b.Dy(), cols, rows, halfBlockCell)
	if pw == b.Dx() && ph == b.Dy() {
		return toNRGBA(img)
	}
	return Resize(img, pw, ph)
}

// toNRGBA converts img to NRGBA at the same size (a 1:1 Resize).
func toNRGBA(img image.Image) *image.NRGBA {
	if n, ok := img.(*image.NRGBA); ok && n.Rect.Min == (image.Point{}) {
		return n
	}
	b := img.Bounds()
	return Resize(img, b.Dx(), b.Dy())
}

// pen is the SGR state of one colour slot; unset means terminal default.
type pen struct {
	set     bool
	r, g, b uint8
}

func penAt(m *image.NRGBA, x, y int) pen {
	if y >= m.Rect.Dy() {
		return pen{}
	}
	p := m.Pix[y*m.Stride+4*x:]
	if p[3] < opaqueAlpha {
		return pen{}
	}
	return pen{true, p[0], p[1], p[2]}
}

func (p pen) sgr(fg bool) string {
	if !p.set {
		if fg {
			return "39"
		}
		return "49"
	}
	lead := "48;2;"
	if fg {
		lead = "38;2;"
	}
	return lead + strconv.Itoa(int(p.r)) + ";" + strconv.Itoa(int(p.g)) + ";" + strconv.Itoa(int(p.b))
}

// halfBlocks renders every pixel of m, two rows per line.
func halfBlocks(m *image.NRGBA) string {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	var sb strings.Builder
	for y := 0; y < h; y += 2 {
		if y > 0 {
			sb.WriteByte('\n')
		}
		var fg, bg pen
		for x := range w {
			top, bot := penAt(m, x, y), penAt(m, x, y+1)
			glyph, nfg, nbg := "▀", top, bot
			switch {
			case !top.set && !bot.set:
				glyph, nfg = " ", fg // foreground is invisible: keep it
			case !top.set:
				glyph, nfg, nbg = "▄", bot, pen{}
			}
			var params []string
			if nfg != fg {
				params = append(params, nfg.sgr(true))
			}
			if nbg != bg {
				params = append(params, nbg.sgr(false))
			}
			if len(params) > 0 {
				sb.WriteString("\x1b[" + strings.Join(params, ";") + "m")
			}
			fg, bg = nfg, nbg
			sb.WriteString(glyph)
		}
		sb.WriteString("\x1b[0m")
	}
	return sb.String()
}
