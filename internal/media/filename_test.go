package media

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

func TestDisplayName(t *testing.T) {
	long := strings.Repeat("a", 100) + ".png"
	tests := []struct{ name, in, want string }{
		{"plain", "photo.png", "photo.png"},
		{"bidi override cannot hide the extension", "invoice\u202Egnp.exe", "invoice\uFFFDgnp.exe"},
		{"bidi isolates and marks", "a\u2066\u2069\u200Fb.txt", "a\uFFFD\uFFFD\uFFFDb.txt"},
		{"escape sequence", "x\x1b]0;pwned\x07.txt", "x\u241b]0;pwned\u2407.txt"},
		{"C1 control", "a\u009bb", "a\uFFFDb"},
		{"BOM", "a\ufeffb", "a\uFFFDb"},
		{"html reference to ESC", "a&#27;[31mb.txt", "a\u241b[31mb.txt"},
		{"newline and tabs fold to one space", "a\n\t b", "a b"},
		{"padding cannot push the extension away", "report.pdf" + strings.Repeat(" ", 60) + ".exe", "report.pdf .exe"},
		{"invalid utf-8", "a\xffb", "a\uFFFDb"},
		{"kitty placeholder", "a\U0010EEEE\u0305b", "a\uFFFD\u0305b"},
		{"empty", "", UnnamedDisplay},
		{"only spaces", "   ", UnnamedDisplay},
		{"unicode kept", "résumé 日本.pdf", "résumé 日本.pdf"},
		{"long keeps extension", long, strings.Repeat("a", DisplayWidth-5) + "….png"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := DisplayName(tt.in)
			if got != tt.want {
				t.Errorf("DisplayName(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if w := ansi.StringWidth(got); w > DisplayWidth {
				t.Errorf("width %d > %d", w, DisplayWidth)
			}
		})
	}
}

func TestDisplayNameWidth(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  string
	}{
		{"holiday-photo.jpeg", 12, "holida….jpeg"},
		{"日本語のファイル名.png", 12, "日本語….png"},
		{"abcdef.verylongextension", 8, "abcdef.…"},
		{"abc.png", 3, "ab…"},
		{"abc", 0, "…"},
	}
	for _, tt := range tests {
		got := DisplayNameWidth(tt.in, tt.width)
		if got != tt.want {
			t.Errorf("DisplayNameWidth(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
		}
		if w := ansi.StringWidth(got); w > max(tt.width, 1) {
			t.Errorf("DisplayNameWidth(%q, %d) is %d cells wide", tt.in, tt.width, w)
		}
	}
}

func TestSafeFileName(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "photo.png", "photo.png"},
		{"traversal", "../../etc/passwd", "passwd"},
		{"windows traversal", `..\..\Windows\system32\evil.dll`, "evil.dll"},
		{"absolute", "/etc/shadow", "shadow"},
		{"trailing slash", "dir/", "dir"},
		{"dot dot", "..", FallbackFileName},
		{"dot", ".", FallbackFileName},
		{"root", "/", FallbackFileName},
		{"empty", "", FallbackFileName},
		{"only controls", "\x00\x1b\u202e", FallbackFileName},
		{"hidden file", ".bashrc", "bashrc"},
		{"flag look-alike", "-rf --no-preserve-root", "rf --no-preserve-root"},
		{"tilde", "~root", "root"},
		{"trailing dots and spaces", "name.txt. . ", "name.txt"},
		{"control chars dropped", "a\x00b\x1b[31mc\x7f.txt", "ab[31mc.txt"},
		{"bidi dropped reveals real extension", "invoice\u202Egnp.exe", "invoicegnp.exe"},
		{"format chars dropped", "a\u200b\u2066b\ufeff.pdf", "ab.pdf"},
		{"newlines become spaces", "two\nlines.txt", "two lines.txt"},
		{"windows forbidden", `a<b>c:d"e|f?g*h.txt`, "a_b_c_d_e_f_g_h.txt"},
		{"reserved", "CON", "_CON"},
		{"reserved with extension", "nul.txt", "_nul.txt"},
		{"reserved com port", "com1.log", "_com1.log"},
		{"not reserved", "console.txt", "console.txt"},
		{"not reserved com10", "COM10", "COM10"},
		{"unicode kept", "résumé 日本.pdf", "résumé 日本.pdf"},
		{"emoji kept", "🎉 party.gif", "🎉 party.gif"},
		{"invalid utf-8 dropped", "a\xffb.txt", "ab.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SafeFileName(tt.in)
			if got != tt.want {
				t.Errorf("SafeFileName(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := SafeFileName(got); again != got {
				t.Errorf("not idempotent: %q -> %q", got, again)
			}
		})
	}
}

func TestSafeFileNameLong(t *testing.T) {
	tests := []struct{ in, wantSuffix string }{
		{strings.Repeat("x", 300) + ".jpeg", ".jpeg"},
		{strings.Repeat("é", 300) + ".tar.gz", ".tar.gz"},
		{strings.Repeat("日", 300), "日"},
		{"a." + strings.Repeat("b", 300), "b"},
	}
	for _, tt := range tests {
		got := SafeFileName(tt.in)
		if len(got) > MaxFileNameBytes || !utf8.ValidString(got) || !strings.HasSuffix(got, tt.wantSuffix) {
			t.Errorf("SafeFileName(%.20q...) = %q (%d bytes), want <= %d bytes, valid, ending %q",
				tt.in, got, len(got), MaxFileNameBytes, tt.wantSuffix)
		}
		if again := SafeFileName(got); again != got {
			t.Errorf("not idempotent: %q -> %q", got, again)
		}
	}
}

func TestSplitExt(t *testing.T) {
	tests := []struct{ in, stem, ext string }{
		{"a.png", "a", ".png"},
		{"a.tar.gz", "a", ".tar.gz"},
		{".tar.gz", ".tar", ".gz"},
		{"noext", "noext", ""},
		{".bashrc", ".bashrc", ""},
		{"trailing.", "trailing.", ""},
		{"a.b c", "a.b c", ""},
		{"a.abcdefghijklmnopq", "a.abcdefghijklmnopq", ""},
	}
	for _, tt := range tests {
		stem, ext := splitExt(tt.in)
		if stem != tt.stem || ext != tt.ext {
			t.Errorf("splitExt(%q) = %q, %q; want %q, %q", tt.in, stem, ext, tt.stem, tt.ext)
		}
	}
}

func TestFileNameFor(t *testing.T) {
	tests := []struct{ name, mime, want string }{
		{"photo", "image/jpeg", "photo.jpg"},
		{"photo.png", "image/jpeg", "photo.png"},
		{"../../x", "video/mp4", "x.mp4"},
		{"", "application/pdf", "download.pdf"},
		{"notes", "application/x-unknown", "notes"},
		{".bashrc", "text/plain", "bashrc.txt"},
	}
	for _, tt := range tests {
		if got := FileNameFor(tt.name, tt.mime); got != tt.want {
			t.Errorf("FileNameFor(%q, %q) = %q, want %q", tt.name, tt.mime, got, tt.want)
		}
	}
}
