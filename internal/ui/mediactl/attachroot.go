package mediactl

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// attachPath is the file path names, checked against the attach limits:
// with Options.AttachOff set nothing may be attached; with AttachRoot
// a relative path is under the root, and the file (symbolic links
// resolved) must be too. Without either, "~/" is the home directory. It
// reads the file system: call it inside a command.
func (m *Model) attachPath(path string) (string, error) {
	if m.opts.AttachOff != "" {
		return "", errors.New(m.opts.AttachOff)
	}
	root := m.opts.AttachRoot
	if root == "" {
		return expandHome(path)
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(root, path)
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	if !within(root, real) {
		return "", fmt.Errorf("only files under %s can be attached here", root)
	}
	return real, nil
}

// expandHome replaces a leading "~/" with the home directory.
func expandHome(path string) (string, error) {
	rest, ok := strings.CutPrefix(path, "~/")
	if !ok {
		return path, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, rest), nil
}

// within says path is root or below it (both clean and absolute).
func within(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// CompletionDir says what /attach completion may list for dir, within the
// attach limits: nothing when attach is off (ok false), and only below the
// root when there is one. path is what to read for dir ("": dir itself),
// as drawer.ListDir takes it.
func (m *Model) CompletionDir(dir string) (path string, ok bool) {
	if m.opts.AttachOff != "" {
		return "", false
	}
	root := m.opts.AttachRoot
	if root == "" {
		return "", true
	}
	path = dir
	if !filepath.IsAbs(path) {
		path = filepath.Join(root, path)
	}
	if !within(root, filepath.Clean(path)) {
		return "", false
	}
	return path, true
}
