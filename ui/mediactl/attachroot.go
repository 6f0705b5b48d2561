package mediactl

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/ui/drawer"
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

// ListDir lists dir for /attach completion, within the attach limits:
// nothing when attach is off, and only below the root when there is one.
func (m *Model) ListDir(dir string) tea.Cmd {
	if m.opts.AttachOff != "" {
		return nil
	}
	root := m.opts.AttachRoot
	if root == "" {
		return drawer.ListDir(dir, "")
	}
	full := dir
	if !filepath.IsAbs(full) {
		full = filepath.Join(root, full)
	}
	if !within(root, filepath.Clean(full)) {
		return nil
	}
	return drawer.ListDir(dir, full)
}
