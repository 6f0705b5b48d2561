package safefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadRefusesWhatIsNotASmallRegularFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("12345678"), 0o600); err != nil {
		t.Fatal(err)
	}
	if data, err := Read(small, 8); err != nil || string(data) != "12345678" {
		t.Fatalf("Read at the cap = %q, %v", data, err)
	}
	for _, tc := range []struct {
		path string
		max  int64
		want string
	}{
		{small, 7, "larger than"},
		{dir, 1 << 10, "a directory, not a regular file"},
		{"/dev/zero", 1 << 10, "a device, not a regular file"},
		{filepath.Join(dir, "missing"), 1 << 10, "no such file"},
	} {
		if _, err := Read(tc.path, tc.max); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Read(%s, %d) = %v, want an error with %q", tc.path, tc.max, err, tc.want)
		}
	}
}

func TestSizeLabel(t *testing.T) {
	for n, want := range map[int64]string{64 << 10: "64 KiB", 1 << 20: "1 MiB", 4 << 20: "4 MiB", 1536 << 10: "1536 KiB"} {
		if got := SizeLabel(n); got != want {
			t.Errorf("SizeLabel(%d) = %q, want %q", n, got, want)
		}
	}
}
