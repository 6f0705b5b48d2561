package media

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/hermes/iris/frame"
)

func TestKindFromMIME(t *testing.T) {
	tests := []struct{ mime, want string }{
		{"image/png", frame.MediaImage},
		{"IMAGE/JPEG", frame.MediaImage},
		{"video/mp4", frame.MediaVideo},
		{"audio/ogg; codecs=opus", frame.MediaAudio},
		{"application/pdf", frame.MediaFile},
		{"text/plain; charset=utf-8", frame.MediaFile},
		{"", frame.MediaFile},
		{"not a mime", frame.MediaFile},
		{"imagefoo", frame.MediaFile},
	}
	for _, tt := range tests {
		if got := KindFromMIME(tt.mime); got != tt.want {
			t.Errorf("KindFromMIME(%q) = %q, want %q", tt.mime, got, tt.want)
		}
	}
}

func TestNormalizeKind(t *testing.T) {
	for in, want := range map[string]string{"image": "image", "audio": "audio", "sticker": "file", "": "file"} {
		if got := NormalizeKind(in); got != want {
			t.Errorf("NormalizeKind(%q) = %q, want %q", in, got, want)
		}
	}
}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestDetectMIME(t *testing.T) {
	pngData := pngBytes(t)
	tests := []struct {
		name string
		head []byte
		want string
	}{
		{"content beats a lying extension", pngData, "image/png"},
		{"photo.png", pngData, "image/png"},
		{"clip.mp4", []byte{0, 0, 0, 0}, "video/mp4"},
		{"notes.md", []byte("# hello\n"), "text/markdown; charset=utf-8"},
		{"song.OPUS", nil, "audio/opus"},
		{"README", []byte("plain text here"), "text/plain; charset=utf-8"},
		{"blob", []byte{0, 1, 2, 3, 0xff}, "application/octet-stream"},
		{"empty", nil, "application/octet-stream"},
	}
	for _, tt := range tests {
		if got := DetectMIME(tt.name, tt.head); got != tt.want {
			t.Errorf("DetectMIME(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestExtForMIME(t *testing.T) {
	tests := map[string]string{
		"image/png": ".png", "IMAGE/JPEG": ".jpg", "video/mp4": ".mp4",
		"text/plain; charset=utf-8": ".txt", "text/plain": ".txt",
		"application/x-unknown": "", "garbage": "",
	}
	for in, want := range tests {
		if got := ExtForMIME(in); got != want {
			t.Errorf("ExtForMIME(%q) = %q, want %q", in, got, want)
		}
	}
}
