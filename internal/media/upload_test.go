package media

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/wsclient"
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
	spec := up.Spec()
	if spec != (wsclient.UploadSpec{Kind: "image", Mime: "image/png", Filename: "shot.dat", Size: want.Size}) {
		t.Fatalf("Spec = %+v", spec)
	}
	rc, err := up.Open()
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(rc)
	if cerr := rc.Close(); err != nil || cerr != nil || !bytes.Equal(got, data) {
		t.Fatalf("Open read %d bytes, %v, %v", len(got), err, cerr)
	}
}

func TestUploadOpenRefusesChangedFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.txt")
	if err := os.WriteFile(p, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	up, err := DescribeUpload(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("hello, longer now"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := up.Open(); err == nil || !strings.Contains(err.Error(), "changed since it was attached") {
		t.Fatalf("Open of a changed file: %v", err)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if _, err := up.Open(); err == nil {
		t.Fatal("Open of a removed file succeeded")
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
