package preview

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestRenderProtocols(t *testing.T) {
	img := solid(400, 300, color.NRGBA{0, 128, 0, 255})
	t.Run("halfblocks", func(t *testing.T) {
		p, err := Render(img, HalfBlocks, 40, 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		if p.Cols != 27 || p.Rows != 10 || p.Raw != "" || p.Cells != HalfBlock(img, 40, 10) {
			t.Fatalf("Render = %dx%d raw=%q", p.Cols, p.Rows, p.Raw)
		}
	})
	t.Run("kitty", func(t *testing.T) {
		p, err := Render(img, Kitty, 30, 10, 9)
		if err != nil {
			t.Fatal(err)
		}
		if p.Cols != 27 || p.Rows != 10 || p.Cells != KittyPlaceholders(9, 27, 10) {
			t.Fatalf("Render = %dx%d cells %q", p.Cols, p.Rows, p.Cells[:20])
		}
		if !strings.HasPrefix(p.Raw, "\x1b_Ga=T,f=100,q=2,i=9,c=27,r=10,U=1,m=") {
			t.Fatalf("Raw starts %q", p.Raw[:40])
		}
		sent := decodeSentPNG(t, apcPayload(p.Raw))
		if b := sent.Bounds(); b.Dx() != 267 || b.Dy() != 200 {
			t.Fatalf("sent %v, want 267×200 (shrunk to the assumed cell size)", b)
		}
	})
	t.Run("iterm2", func(t *testing.T) {
		small := solid(40, 30, color.NRGBA{0, 128, 0, 255})
		p, err := Render(small, ITerm2, 30, 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		if p.Cols != 4 || p.Rows != 2 || p.Cells != "    \n    " {
			t.Fatalf("Render = %dx%d cells %q", p.Cols, p.Rows, p.Cells)
		}
		const prefix = "\x1b]1337;File=inline=1;size="
		if !strings.HasPrefix(p.Raw, prefix) || !strings.Contains(p.Raw, ";width=4;height=2;") || !strings.HasSuffix(p.Raw, "\a") {
			t.Fatalf("Raw = %q", p.Raw[:60])
		}
		b64 := p.Raw[strings.IndexByte(p.Raw, ':')+1 : len(p.Raw)-1]
		if sent := decodeSentPNG(t, b64); sent.Bounds().Dx() != 40 {
			t.Fatalf("sent %v, want the original 40×30", sent.Bounds())
		}
	})
	t.Run("kitty needs an id", func(t *testing.T) {
		if _, err := Render(img, Kitty, 10, 10, 0); err == nil {
			t.Fatal("Render for kitty with id 0 succeeded")
		}
	})
	t.Run("empty box", func(t *testing.T) {
		for _, proto := range []Protocol{HalfBlocks, Kitty, ITerm2} {
			if p, err := Render(img, proto, 0, 0, 1); err != nil || p != (Preview{}) {
				t.Fatalf("%v: Render in no space = %+v, %v", proto, p, err)
			}
		}
	})
}

// apcPayload joins the payloads of a chunked kitty transmission.
func apcPayload(seq string) string {
	var sb strings.Builder
	for _, m := range apcRe.FindAllStringSubmatch(seq, -1) {
		sb.WriteString(m[2])
	}
	return sb.String()
}

func decodeSentPNG(t *testing.T, b64 string) image.Image {
	t.Helper()
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestRenderCellsHaveDeclaredSize(t *testing.T) {
	img := solid(123, 77, color.White)
	for _, proto := range []Protocol{HalfBlocks, Kitty, ITerm2} {
		p, err := Render(img, proto, 25, 7, 3)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(p.Cells, "\n")
		if len(lines) != p.Rows {
			t.Fatalf("%v: %d lines, Rows=%d", proto, len(lines), p.Rows)
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w != p.Cols {
				t.Fatalf("%v: line of %d cells, Cols=%d", proto, w, p.Cols)
			}
		}
		if p.Cols > 25 || p.Rows > 7 {
			t.Fatalf("%v: %dx%d exceeds the 25×7 box", proto, p.Cols, p.Rows)
		}
	}
}
