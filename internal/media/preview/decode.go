package preview

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // GIF decoder (first frame)
	_ "image/jpeg"
	_ "image/png"
	"io"
	"os"

	_ "golang.org/x/image/webp" // WebP decoder
)

// Limits bound what Decode accepts, checked before any pixel is decoded.
type Limits struct {
	MaxBytes  int64 // encoded size
	MaxPixels int64 // width × height
}

// DefaultLimits refuses files over 50 MiB or images over 40 megapixels.
var DefaultLimits = Limits{MaxBytes: 50 << 20, MaxPixels: 40_000_000}

// Errors returned (wrapped, with details) by Decode.
var (
	ErrTooLarge    = errors.New("image too large to preview")
	ErrUnsupported = errors.New("unsupported image format (PNG, JPEG, GIF and WebP can be previewed)")
)

// Decode reads a PNG, JPEG, GIF (first frame) or WebP image. It reads at
// most lim.MaxBytes+1 bytes, then checks the header (image.DecodeConfig)
// against lim.MaxPixels before decoding, so a small file claiming huge
// dimensions is refused without allocating for it. It also returns the
// format name ("png", "jpeg", "gif", "webp").
func Decode(r io.Reader, lim Limits) (img image.Image, format string, err error) {
	defer func() {
		if p := recover(); p != nil { // a decoder bug must not take the UI down
			img, format, err = nil, "", fmt.Errorf("preview: corrupt image: decoder failed: %v", p)
		}
	}()
	data, err := io.ReadAll(io.LimitReader(r, lim.MaxBytes+1))
	if err != nil {
		return nil, "", fmt.Errorf("preview: %w", err)
	}
	if int64(len(data)) > lim.MaxBytes {
		return nil, "", fmt.Errorf("preview: %w: file is over %d MiB", ErrTooLarge, lim.MaxBytes>>20)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, "", decodeErr(err)
	}
	if err := checkPixels(cfg, lim); err != nil {
		return nil, "", err
	}
	img, format, err = image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, "", decodeErr(err)
	}
	return img, format, nil
}

// DecodeFile is Decode of the file at path; the file size is checked first.
func DecodeFile(path string, lim Limits) (image.Image, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, "", fmt.Errorf("preview: %w", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > lim.MaxBytes {
		return nil, "", fmt.Errorf("preview: %w: file is over %d MiB", ErrTooLarge, lim.MaxBytes>>20)
	}
	return Decode(f, lim)
}

func checkPixels(cfg image.Config, lim Limits) error {
	w, h := int64(cfg.Width), int64(cfg.Height)
	if w <= 0 || h <= 0 {
		return fmt.Errorf("preview: invalid image size %d×%d", w, h)
	}
	if w > lim.MaxPixels/h {
		return fmt.Errorf("preview: %w: %d×%d is over %d megapixels", ErrTooLarge, w, h, lim.MaxPixels/1_000_000)
	}
	return nil
}

func decodeErr(err error) error {
	if errors.Is(err, image.ErrFormat) {
		return fmt.Errorf("preview: %w", ErrUnsupported)
	}
	return fmt.Errorf("preview: corrupt image: %w", err)
}
