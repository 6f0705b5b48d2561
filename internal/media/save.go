package media

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/adrg/xdg"
)

// maxCollisions bounds the "name (n).ext" search.
const maxCollisions = 9999

// DownloadDir is where saved media goes: the XDG download directory
// (xdg.UserDirs.Download, from XDG_DOWNLOAD_DIR or user-dirs.dirs), falling
// back to ~/Downloads. It may not exist yet; the save functions create it.
func DownloadDir() string {
	if d := xdg.UserDirs.Download; d != "" {
		return d
	}
	return filepath.Join(xdg.Home, "Downloads")
}

// CreateUnique creates a new file for the wire filename name inside dir and
// never overwrites: the name is passed through SafeFileName, and on a
// collision "name (1).ext", "name (2).ext", ... are tried. Each attempt is
// O_CREATE|O_EXCL, so concurrent saves of the same name get distinct files.
// dir is created (0700) if missing, and the file is the owner's only
// (0600): what was sent in a conversation is not for other local users.
func CreateUnique(dir, name string) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	safe := SafeFileName(name)
	stem, ext := splitExt(safe)
	for n := 0; n <= maxCollisions; n++ {
		candidate := safe
		if n > 0 {
			candidate = fmt.Sprintf("%s (%d)%s", stem, n, ext)
		}
		f, err := os.OpenFile(filepath.Join(dir, candidate), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("save: %w", err)
		}
	}
	return nil, fmt.Errorf("save %s: %d files with this name already exist in %s", safe, maxCollisions, dir)
}

// SavePath reserves a new, empty file for name inside dir (see CreateUnique)
// and returns its path; the caller then writes into it.
func SavePath(dir, name string) (string, error) {
	f, err := CreateUnique(dir, name)
	if err != nil {
		return "", err
	}
	p := f.Name()
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("save: %w", err)
	}
	return p, nil
}

// Save copies r into a new file for name inside dir (see CreateUnique) and
// returns its path. On failure the partial file is removed.
func Save(dir, name string, r io.Reader) (string, error) {
	f, err := CreateUnique(dir, name)
	if err != nil {
		return "", err
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return "", fmt.Errorf("save %s: %w", filepath.Base(f.Name()), err)
	}
	return f.Name(), nil
}

// SaveFile copies the file at src (typically a cache entry) into dir under
// the wire filename name; see Save.
func SaveFile(dir, name, src string) (string, error) {
	in, err := os.Open(src)
	if err != nil {
		return "", fmt.Errorf("save: %w", err)
	}
	defer in.Close()
	return Save(dir, name, in)
}
