package logs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestRotation(t *testing.T) {
	tests := []struct {
		files     int
		wantFiles []string // content of path, path.1, ... after writing lines 0..9
	}{
		{1, []string{"line8\nline9\n"}},
		{2, []string{"line8\nline9\n", "line6\nline7\n"}},
		{3, []string{"line8\nline9\n", "line6\nline7\n", "line4\nline5\n"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.files, " files"), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "sub", "iris.log")
			w, err := NewRotatingWriter(path, 12, tt.files) // two 6-byte lines per file
			if err != nil {
				t.Fatal(err)
			}
			for i := range 10 {
				if _, err := fmt.Fprintf(w, "line%d\n", i); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			for i, want := range tt.wantFiles {
				name := path
				if i > 0 {
					name = fmt.Sprintf("%s.%d", path, i)
				}
				if got := readFile(t, name); got != want {
					t.Errorf("%s = %q, want %q", name, got, want)
				}
				if st, _ := os.Stat(name); st.Mode().Perm() != 0o600 {
					t.Errorf("%s mode %04o", name, st.Mode().Perm())
				}
			}
			entries, _ := os.ReadDir(filepath.Dir(path))
			if len(entries) != tt.files {
				t.Errorf("%d files, want %d", len(entries), tt.files)
			}
			if st, _ := os.Stat(filepath.Dir(path)); st.Mode().Perm() != 0o700 {
				t.Errorf("dir mode %04o", st.Mode().Perm())
			}
		})
	}
}

func TestRotationAppendsAndCountsExistingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "iris.log")
	if err := os.WriteFile(path, []byte("old-data\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := NewRotatingWriter(path, 12, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("existing log not tightened: %04o", st.Mode().Perm())
	}
	w.Write([]byte("ab\n"))                         // 9+3 = 12 fits
	w.Write([]byte("cd\n"))                         // would be 15: rotates
	w.Write([]byte(strings.Repeat("x", 20) + "\n")) // oversized: rotates, written whole
	if got := readFile(t, path+".1"); got != "cd\n" {
		t.Fatalf("path.1 = %q", got)
	}
	if got := readFile(t, path); got != strings.Repeat("x", 20)+"\n" {
		t.Fatalf("path = %q", got)
	}
}

func TestRotatingWriterErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "iris.log")
	if _, err := NewRotatingWriter(path, 0, 3); err == nil {
		t.Fatal("maxSize 0 accepted")
	}
	if _, err := NewRotatingWriter(path, 10, 0); err == nil {
		t.Fatal("files 0 accepted")
	}
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, nil, 0o600)
	if _, err := NewRotatingWriter(filepath.Join(blocker, "iris.log"), 10, 1); err == nil {
		t.Fatal("log under a file accepted")
	}
	w, err := NewRotatingWriter(path, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if _, err := w.Write([]byte("x")); !errors.Is(err, os.ErrClosed) {
		t.Fatalf("write after close: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatalf("second close: %v", err)
	}
}
