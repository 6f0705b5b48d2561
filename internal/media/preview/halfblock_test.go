package preview

import (
	"image"
	"image/color"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

func TestHalfBlockGolden(t *testing.T) {
	img, _, err := DecodeFile(filepath.Join("testdata", "gradient.png"), DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name             string
		cols, rows       int
		wantCols, wantRs int
	}{
		{"native", 40, 20, 12, 5},
		{"fitted", 8, 4, 8, 3},
		{"one_cell", 1, 1, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := HalfBlock(img, tt.cols, tt.rows)
			lines := strings.Split(out, "\n")
			if len(lines) != tt.wantRs {
				t.Fatalf("%d lines, want %d", len(lines), tt.wantRs)
			}
			for i, l := range lines {
				if w := ansi.StringWidth(l); w != tt.wantCols {
					t.Fatalf("line %d is %d cells, want %d", i, w, tt.wantCols)
				}
			}
			golden.RequireEqual(t, out)
		})
	}
}

func TestHalfBlockCells(t *testing.T) {
	red, blue := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 255}
	clear := color.NRGBA{}
	column := func(top, bottom color.NRGBA) image.Image {
		m := image.NewNRGBA(image.Rect(0, 0, 1, 2))
		m.SetNRGBA(0, 0, top)
		m.SetNRGBA(0, 1, bottom)
		return m
	}
	tests := []struct {
		name string
		img  image.Image
		want string
	}{
		{"both opaque", column(red, blue), "\x1b[38;2;255;0;0;48;2;0;0;255m▀\x1b[0m"},
		{"transparent top", column(clear, blue), "\x1b[38;2;0;0;255m▄\x1b[0m"},
		{"transparent bottom", column(red, clear), "\x1b[38;2;255;0;0m▀\x1b[0m"},
		{"both transparent", column(clear, clear), " \x1b[0m"},
		{"odd height: last bottom is background", solid(1, 1, red), "\x1b[38;2;255;0;0m▀\x1b[0m"},
		{"runs share one SGR", solid(3, 2, red), "\x1b[38;2;255;0;0;48;2;255;0;0m▀▀▀\x1b[0m"},
		{"empty box", solid(0, 0, red), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := HalfBlock(tt.img, 10, 10); got != tt.want {
				t.Fatalf("HalfBlock = %q, want %q", got, tt.want)
			}
		})
	}
	if got := HalfBlock(solid(4, 4, red), 0, 3); got != "" {
		t.Fatalf("zero-width box gave %q", got)
	}
}

func TestHalfBlockLargeImageShrinks(t *testing.T) {
	img := solid(800, 400, color.NRGBA{10, 20, 30, 255})
	out := HalfBlock(img, 80, 24)
	lines := strings.Split(out, "\n")
	if len(lines) != 20 || ansi.StringWidth(lines[0]) != 80 {
		t.Fatalf("800×400 in 80×24 gave %d lines of %d cells", len(lines), ansi.StringWidth(lines[0]))
	}
	if !strings.HasPrefix(out, "\x1b[38;2;10;20;30;48;2;10;20;30m▀") {
		t.Fatalf("colour not preserved: %q", out[:40])
	}
}
