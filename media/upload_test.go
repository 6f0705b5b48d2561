package media

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/hermes/iris/wsclient/frame"
)

func TestDescribeUpload(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "shot.dat")
	data := pngBytes(t)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	up, err := DescribeUpload(p)
	if err != nil {
		t.Fatal(err)
	}
	want := Upload{Path: p, Filename: "shot.dat", MIME: "image/png", Kind: frame.MediaImage, Size: int64(len(data))}
	if up != want {
		t.Fatalf("DescribeUpload = %+v, want %+v", up, want)
	}
	start := up.Start("mu_1")
	if start.MediaRef != "mu_1" || start.Kind != "image" || start.Size != want.Size || start.Filename != "shot.dat" || start.Mime != "image/png" {
		t.Fatalf("Start = %+v", start)
	}
}

func TestDescribeUploadEmptyFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "empty.txt")
	if err := os.WriteFile(p, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	up, err := DescribeUpload(p)
	if err != nil {
		t.Fatal(err)
	}
	if up.Size != 0 || up.Kind != frame.MediaFile || up.MIME != "text/plain; charset=utf-8" {
		t.Fatalf("DescribeUpload = %+v", up)
	}
}

func TestDescribeUploadRefuses(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, want string }{
		{dir, "is a directory"},
		{fifo, "not a regular file"},
		{filepath.Join(dir, "missing"), "no such file"},
	}
	for _, tt := range tests {
		_, err := DescribeUpload(tt.path)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("DescribeUpload(%s) error = %v, want it to mention %q", tt.path, err, tt.want)
		}
	}
}
