package preview

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func solid(w, h int, c color.Color) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			m.Set(x, y, c)
		}
	}
	return m
}

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// bitWriter packs bits least significant first, as VP8L reads them.
type bitWriter struct {
	buf []byte
	n   uint
}

func (w *bitWriter) write(v uint32, bits uint) {
	for i := range bits {
		if w.n%8 == 0 {
			w.buf = append(w.buf, 0)
		}
		w.buf[len(w.buf)-1] |= byte(v>>i&1) << (w.n % 8)
		w.n++
	}
}

// losslessWebP builds a VP8L image whose pixels are red 200, blue 40, and
// green 0 or 255 per bits (row-major): no transforms, and "simple" prefix
// codes, so each pixel costs exactly one bit.
func losslessWebP(w, h int, bits []bool) []byte {
	var bw bitWriter
	bw.write(0x2f, 8)
	bw.write(uint32(w-1), 14)
	bw.write(uint32(h-1), 14)
	bw.write(0, 1)                               // alpha unused
	bw.write(0, 3)                               // version
	bw.write(0, 1)                               // no transform
	bw.write(0, 1)                               // no colour cache
	bw.write(0, 1)                               // no meta prefix codes
	bw.write(0b1, 1)                             // green: simple code
	bw.write(1, 1)                               // two symbols
	bw.write(0, 1)                               // first symbol in 1 bit
	bw.write(0, 1)                               // symbol 0
	bw.write(255, 8)                             // symbol 255
	for _, sym := range []uint32{200, 40, 255} { // red, blue, alpha
		bw.write(1, 1)
		bw.write(0, 1)
		bw.write(1, 1)
		bw.write(sym, 8)
	}
	bw.write(1, 1) // distance: one symbol, 0
	bw.write(0, 1)
	bw.write(0, 1)
	bw.write(0, 1)
	for _, b := range bits {
		if b {
			bw.write(1, 1)
		} else {
			bw.write(0, 1)
		}
	}
	chunk := bw.buf
	if len(chunk)%2 == 1 {
		chunk = append(chunk, 0)
	}
	var out bytes.Buffer
	out.WriteString("RIFF")
	_ = binary.Write(&out, binary.LittleEndian, uint32(4+8+len(chunk)))
	out.WriteString("WEBPVP8L")
	_ = binary.Write(&out, binary.LittleEndian, uint32(len(bw.buf)))
	out.Write(chunk)
	return out.Bytes()
}

func TestDecodeFormats(t *testing.T) {
	red := color.NRGBA{255, 0, 0, 255}
	var jpg, gf bytes.Buffer
	if err := jpeg.Encode(&jpg, solid(8, 8, red), &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	frame := func(c color.Color) *image.Paletted {
		p := image.NewPaletted(image.Rect(0, 0, 4, 4), palette.Plan9)
		for i := range p.Pix {
			p.Pix[i] = uint8(p.Palette.Index(c))
		}
		return p
	}
	anim := &gif.GIF{Image: []*image.Paletted{frame(red), frame(color.NRGBA{0, 0, 255, 255})}, Delay: []int{10, 10}}
	if err := gif.EncodeAll(&gf, anim); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, format string
		data         []byte
		w, h         int
		want         color.NRGBA
	}{
		{"png", "png", encodePNG(t, solid(3, 2, red)), 3, 2, red},
		{"jpeg", "jpeg", jpg.Bytes(), 8, 8, red},
		{"gif first frame", "gif", gf.Bytes(), 4, 4, red},
		{"webp lossless", "webp", losslessWebP(3, 2, []bool{false, true, false, true, false, true}), 3, 2, color.NRGBA{200, 255, 40, 255}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, format, err := Decode(bytes.NewReader(tt.data), DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			if format != tt.format || img.Bounds().Dx() != tt.w || img.Bounds().Dy() != tt.h {
				t.Fatalf("got %s %v, want %s %dx%d", format, img.Bounds(), tt.format, tt.w, tt.h)
			}
			got := color.NRGBAModel.Convert(img.At(img.Bounds().Min.X+1, img.Bounds().Min.Y)).(color.NRGBA)
			if !near(got, tt.want, 8) {
				t.Fatalf("pixel (1,0) = %v, want %v", got, tt.want)
			}
		})
	}
}

func near(a, b color.NRGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// withIHDRSize rewrites a PNG's declared size (and the chunk's CRC).
func withIHDRSize(data []byte, w, h uint32) []byte {
	out := bytes.Clone(data)
	binary.BigEndian.PutUint32(out[16:], w)
	binary.BigEndian.PutUint32(out[20:], h)
	binary.BigEndian.PutUint32(out[29:], crc32.ChecksumIEEE(out[12:29]))
	return out
}

func TestDecodeLimits(t *testing.T) {
	small := encodePNG(t, solid(4, 4, color.White))
	huge := withIHDRSize(small, 100_000, 100_000)
	tests := []struct {
		name string
		data []byte
		lim  Limits
		want error
		msg  string
	}{
		{"claimed 10 gigapixels refused before decoding", huge, DefaultLimits, ErrTooLarge, "100000×100000 is over 40 megapixels"},
		{"pixel cap", small, Limits{MaxBytes: 1 << 20, MaxPixels: 15}, ErrTooLarge, "4×4"},
		{"byte cap", small, Limits{MaxBytes: 10, MaxPixels: 100}, ErrTooLarge, "file is over"},
		{"not an image", []byte("hello, world"), DefaultLimits, ErrUnsupported, "PNG, JPEG, GIF and WebP"},
		{"bmp is not previewed", []byte("BM" + strings.Repeat("\x00", 60)), DefaultLimits, ErrUnsupported, "unsupported"},
		{"truncated png", small[:len(small)-20], DefaultLimits, nil, "corrupt image"},
		{"zero size", withIHDRSize(small, 0, 4), DefaultLimits, nil, "preview:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Decode(bytes.NewReader(tt.data), tt.lim)
			if err == nil {
				t.Fatal("Decode succeeded")
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("error %q does not mention %q", err, tt.msg)
			}
		})
	}
}

func TestDecodeFile(t *testing.T) {
	img, format, err := DecodeFile(filepath.Join("testdata", "gradient.png"), DefaultLimits)
	if err != nil || format != "png" || img.Bounds().Dx() != 12 {
		t.Fatalf("DecodeFile = %v, %s, %v", img.Bounds(), format, err)
	}
	big := filepath.Join(t.TempDir(), "big.png")
	if err := os.WriteFile(big, make([]byte, 2048), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := DecodeFile(big, Limits{MaxBytes: 1024, MaxPixels: 100}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("DecodeFile over the byte cap: %v", err)
	}
	if _, _, err := DecodeFile(filepath.Join(t.TempDir(), "missing.png"), DefaultLimits); err == nil {
		t.Fatal("DecodeFile of a missing file succeeded")
	}
}

// A format whose decoder panics, registered only in this test binary.
func init() {
	image.RegisterFormat("boom", "BOOM",
		func(io.Reader) (image.Image, error) { panic("decoder bug") },
		func(io.Reader) (image.Config, error) { return image.Config{Width: 1, Height: 1}, nil })
}

func TestDecodeRecoversFromDecoderPanic(t *testing.T) {
	_, _, err := Decode(strings.NewReader("BOOM"), DefaultLimits)
	if err == nil || !strings.Contains(err.Error(), "decoder failed: decoder bug") {
		t.Fatalf("Decode of a panicking format: %v", err)
	}
}
