package preview

import (
	"image"
	"image/color"
	"math"
	"testing"
)

func TestSpansCoverEverything(t *testing.T) {
	for _, tt := range [][2]int{{10, 3}, {3, 10}, {7, 7}, {1000, 33}, {5, 1}, {1, 4}} {
		n, m := tt[0], tt[1]
		perSource := make([]float64, n)
		for k, taps := range spans(n, m) {
			sum := 0.0
			for _, tp := range taps {
				sum += tp.w
				perSource[tp.i] += tp.w
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("spans(%d,%d)[%d] weights sum to %v", n, m, k, sum)
			}
		}
		for j, w := range perSource { // each source pixel is used m/n times in total
			if math.Abs(w-float64(m)/float64(n)) > 1e-9 {
				t.Fatalf("spans(%d,%d): source %d weighs %v in total", n, m, j, w)
			}
		}
	}
}

func TestResizeAveragesArea(t *testing.T) {
	checker := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for y := range 4 {
		for x := range 4 {
			if (x+y)%2 == 0 {
				checker.Set(x, y, color.White)
			} else {
				checker.Set(x, y, color.Black)
			}
		}
	}
	got := Resize(checker, 2, 2)
	for i := 0; i < len(got.Pix); i += 4 {
		if p := got.Pix[i : i+4]; p[0] != 128 || p[1] != 128 || p[2] != 128 || p[3] != 255 {
			t.Fatalf("checkerboard 4→2 pixel %d = %v, want mid grey", i/4, p)
		}
	}
}

func TestResizeTransparencyDoesNotDarken(t *testing.T) {
	m := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	m.Set(0, 0, color.NRGBA{255, 0, 0, 255})
	m.Set(1, 0, color.NRGBA{0, 0, 0, 0})
	got := Resize(m, 1, 1).NRGBAAt(0, 0)
	if got != (color.NRGBA{255, 0, 0, 128}) {
		t.Fatalf("red + transparent = %v, want half-transparent pure red", got)
	}
}

func TestResizeSubImageAndEmpty(t *testing.T) {
	m := solid(10, 10, color.NRGBA{0, 0, 255, 255})
	m.Set(5, 5, color.NRGBA{255, 0, 0, 255})
	sub := m.SubImage(image.Rect(5, 5, 7, 7))
	got := Resize(sub, 1, 1).NRGBAAt(0, 0)
	if got != (color.NRGBA{64, 0, 191, 255}) {
		t.Fatalf("sub-image average = %v", got)
	}
	if r := Resize(m, 0, 5); !r.Rect.Empty() {
		t.Fatalf("Resize to zero width = %v", r.Rect)
	}
}

func TestFit(t *testing.T) {
	tests := []struct {
		w, h, cols, rows int
		cell             CellSize
		pw, ph, c, r     int
	}{
		{12, 9, 20, 10, halfBlockCell, 12, 9, 12, 5},      // fits: never enlarged
		{100, 50, 20, 10, halfBlockCell, 20, 10, 20, 5},   // width-bound
		{100, 100, 80, 10, halfBlockCell, 20, 20, 20, 10}, // height-bound
		{1000, 1, 10, 10, halfBlockCell, 10, 1, 10, 1},    // thin stays ≥1
		{400, 300, 30, 10, DefaultCellSize, 267, 200, 27, 10},
		{40, 30, 30, 10, DefaultCellSize, 40, 30, 4, 2},
		{5, 5, 0, 10, halfBlockCell, 0, 0, 0, 0},
	}
	for _, tt := range tests {
		pw, ph, c, r := Fit(tt.w, tt.h, tt.cols, tt.rows, tt.cell)
		if pw != tt.pw || ph != tt.ph || c != tt.c || r != tt.r {
			t.Errorf("Fit(%d×%d in %d×%d %v) = %d×%d px, %d×%d cells; want %d×%d, %d×%d",
				tt.w, tt.h, tt.cols, tt.rows, tt.cell, pw, ph, c, r, tt.pw, tt.ph, tt.c, tt.r)
		}
	}
}
