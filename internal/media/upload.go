package media

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hermes/iris/wsclient"
)

// sniffLen is how many leading bytes content sniffing looks at.
const sniffLen = 512

// Upload describes a local file about to be uploaded.
type Upload struct {
	Path     string // absolute path of the file
	Filename string // base name sent on the wire
	MIME     string
	Kind     string // image, video, audio or file
	Size     int64
}

// DescribeUpload stats and sniffs the file at path. It refuses directories
// and anything that is not a regular file (a FIFO or device would block or
// never end), with an error that names the path.
func DescribeUpload(path string) (Upload, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return Upload{}, fmt.Errorf("attach %s: %w", path, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return Upload{}, fmt.Errorf("attach: %w", err)
	}
	if st.IsDir() {
		return Upload{}, fmt.Errorf("attach %s: is a directory", path)
	}
	if !st.Mode().IsRegular() {
		return Upload{}, fmt.Errorf("attach %s: not a regular file", path)
	}
	f, err := os.Open(abs)
	if err != nil {
		return Upload{}, fmt.Errorf("attach: %w", err)
	}
	defer f.Close()
	head := make([]byte, sniffLen)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return Upload{}, fmt.Errorf("attach %s: %w", path, err)
	}
	name := filepath.Base(abs)
	mt := DetectMIME(name, head[:n])
	return Upload{Path: abs, Filename: name, MIME: mt, Kind: KindFromMIME(mt), Size: st.Size()}, nil
}

// Spec is what wsclient's Client.Upload needs to announce this upload.
func (u Upload) Spec() wsclient.UploadSpec {
	return wsclient.UploadSpec{Kind: u.Kind, Mime: u.MIME, Filename: u.Filename, Size: u.Size}
}

// Open opens the file for the transfer. It fails if the file is no longer a
// regular file of the described size (changed since it was attached), and
// the reader yields at most Size bytes, so the byte count announced in the
// spec holds unless the file shrinks during the transfer.
func (u Upload) Open() (io.ReadCloser, error) {
	f, err := os.Open(u.Path)
	if err != nil {
		return nil, fmt.Errorf("upload: %w", err)
	}
	st, err := f.Stat()
	if err == nil && (!st.Mode().IsRegular() || st.Size() != u.Size) {
		err = fmt.Errorf("%s changed since it was attached (%d bytes, now %d); attach it again", u.Filename, u.Size, st.Size())
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("upload: %w", err)
	}
	return struct {
		io.Reader
		io.Closer
	}{io.LimitReader(f, u.Size), f}, nil
}
