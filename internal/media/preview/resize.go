package preview

import (
	"image"
	"image/draw"
	"math"
)

// tap is one source pixel's share of an output pixel.
type tap struct {
	i int
	w float64
}

// spans returns, for each of m output pixels along an axis of n source
// pixels, the source pixels it covers and their coverage weights (summing
// to 1): output pixel k covers [k·n/m, (k+1)·n/m).
func spans(n, m int) [][]tap {
	out := make([][]tap, m)
	scale := float64(n) / float64(m)
	for k := range m {
		lo, hi := float64(k)*scale, float64(k+1)*scale
		for j := int(lo); j < n && float64(j) < hi; j++ {
			cover := math.Min(hi, float64(j+1)) - math.Max(lo, float64(j))
			if cover > 0 {
				out[k] = append(out[k], tap{j, cover / scale})
			}
		}
	}
	return out
}

// Resize scales src to w×h (both at least 1) by area averaging, a box
// filter: every output pixel is the coverage-weighted mean of the source
// pixels under it, computed in premultiplied alpha so transparent pixels do
// not darken their neighbours. Source rows are converted one at a time, so
// memory stays O(source width) whatever the source height.
func Resize(src image.Image, w, h int) *image.NRGBA {
	b := src.Bounds()
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	if b.Empty() || w <= 0 || h <= 0 {
		return dst
	}
	xs, ys := spans(b.Dx(), w), spans(b.Dy(), h)
	row := image.NewRGBA(image.Rect(0, 0, b.Dx(), 1))
	acc := make([]float64, 4*w)
	for oy, yt := range ys {
		clear(acc)
		for _, ty := range yt {
			draw.Draw(row, row.Rect, src, image.Pt(b.Min.X, b.Min.Y+ty.i), draw.Src)
			for ox, xt := range xs {
				a := acc[4*ox : 4*ox+4]
				for _, tx := range xt {
					p := row.Pix[4*tx.i : 4*tx.i+4]
					wt := tx.w * ty.w
					a[0] += wt * float64(p[0])
					a[1] += wt * float64(p[1])
					a[2] += wt * float64(p[2])
					a[3] += wt * float64(p[3])
				}
			}
		}
		unpremultiply(dst.Pix[oy*dst.Stride:], acc)
	}
	return dst
}

// unpremultiply writes premultiplied averages as NRGBA pixels.
func unpremultiply(pix []uint8, acc []float64) {
	for i := 0; i < len(acc); i += 4 {
		a := acc[i+3]
		if a < 0.5 {
			continue // fully transparent: leave zero
		}
		pix[i] = clamp8(acc[i] * 255 / a)
		pix[i+1] = clamp8(acc[i+1] * 255 / a)
		pix[i+2] = clamp8(acc[i+2] * 255 / a)
		pix[i+3] = clamp8(a)
	}
}

func clamp8(v float64) uint8 {
	return uint8(math.Min(255, math.Max(0, math.Round(v))))
}

// CellSize is the assumed size of a terminal cell in pixels.
type CellSize struct{ W, H int }

// DefaultCellSize is a typical cell (10×20 px) used to size kitty and iTerm2
// images when the real size is unknown; the terminal scales the image to the
// cell box it is given, so this only sets the resolution sent.
var DefaultCellSize = CellSize{W: 10, H: 20}

// halfBlockCell is what a half-block cell shows: 1×2 pixels.
var halfBlockCell = CellSize{W: 1, H: 2}

// fitPixels scales w×h to fit in maxW×maxH keeping the aspect ratio. It only
// shrinks: an image that fits is kept at its size. Each side is at least 1
// unless the box is empty.
func fitPixels(w, h, maxW, maxH int) (int, int) {
	if w <= 0 || h <= 0 || maxW <= 0 || maxH <= 0 {
		return 0, 0
	}
	if w <= maxW && h <= maxH {
		return w, h
	}
	s := math.Min(float64(maxW)/float64(w), float64(maxH)/float64(h))
	fw := min(maxW, max(1, int(math.Round(float64(w)*s))))
	fh := min(maxH, max(1, int(math.Round(float64(h)*s))))
	return fw, fh
}

// Fit returns the pixel size an image of w×h is scaled to and the cells it
// then covers, when shown in at most cols×rows cells of the given size.
func Fit(w, h, cols, rows int, cell CellSize) (pw, ph, c, r int) {
	pw, ph = fitPixels(w, h, cols*cell.W, rows*cell.H)
	return pw, ph, ceilDiv(pw, cell.W), ceilDiv(ph, cell.H)
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }
