package preview

import (
	"bytes"
	"encoding/base64"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

func TestKittyPNGSingleChunk(t *testing.T) {
	got := KittyPNG([]byte("PNGDATA"), KittyOptions{Cols: 4, Rows: 2, ID: 7, Placeholder: true})
	want := "\x1b_Ga=T,f=100,q=2,i=7,c=4,r=2,U=1,m=0;" + base64.StdEncoding.EncodeToString([]byte("PNGDATA")) + "\x1b\\"
	if got != want {
		t.Fatalf("KittyPNG =\n%q\nwant\n%q", got, want)
	}
	if got := KittyPNG([]byte{1}, KittyOptions{}); got != "\x1b_Ga=T,f=100,q=2,m=0;AQ==\x1b\\" {
		t.Fatalf("KittyPNG without options = %q", got)
	}
}

var apcRe = regexp.MustCompile(`\x1b_G([^;\x1b]*);([^\x1b]*)\x1b\\`)

func TestKittyPNGChunking(t *testing.T) {
	tests := []struct {
		name   string
		raw    int // bytes of PNG data
		chunks int
	}{
		{"exactly one chunk", 3072, 1}, // 4096 base64 bytes
		{"one byte over", 3073, 2},
		{"several", 3072*3 + 10, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := bytes.Repeat([]byte{0xAB, 0xCD, 0xEF}, tt.raw/3+1)[:tt.raw]
			out := KittyPNG(data, KittyOptions{Cols: 10, Rows: 5})
			ms := apcRe.FindAllStringSubmatch(out, -1)
			if len(ms) != tt.chunks {
				t.Fatalf("%d chunks, want %d", len(ms), tt.chunks)
			}
			if joined := apcRe.ReplaceAllString(out, ""); joined != "" {
				t.Fatalf("bytes outside the APC sequences: %q", joined)
			}
			var payload strings.Builder
			for i, m := range ms {
				keys, chunk := m[1], m[2]
				wantKeys := "m=1"
				if i == len(ms)-1 {
					wantKeys = "m=0"
				}
				if i == 0 {
					wantKeys = "a=T,f=100,q=2,c=10,r=5," + wantKeys
				}
				if keys != wantKeys {
					t.Errorf("chunk %d keys %q, want %q", i, keys, wantKeys)
				}
				if len(chunk) > 4096 || (i < len(ms)-1 && len(chunk) != 4096) {
					t.Errorf("chunk %d has %d bytes", i, len(chunk))
				}
				payload.WriteString(chunk)
			}
			dec, err := base64.StdEncoding.DecodeString(payload.String())
			if err != nil || !bytes.Equal(dec, data) {
				t.Fatalf("payload does not round-trip: %v", err)
			}
		})
	}
}

func TestKittyDelete(t *testing.T) {
	if got := KittyDelete(42); got != "\x1b_Ga=d,d=I,i=42,q=2\x1b\\" {
		t.Fatalf("KittyDelete = %q", got)
	}
}

func TestKittyPlaceholders(t *testing.T) {
	got := KittyPlaceholders(0x123456, 2, 2)
	p, d := "\U0010EEEE", func(i int) string { return string(diacritics[i]) }
	fg := "\x1b[38;2;18;52;86m"
	want := fg + p + d(0) + d(0) + p + d(0) + d(1) + "\x1b[39m\n" +
		fg + p + d(1) + d(0) + p + d(1) + d(1) + "\x1b[39m"
	if got != want {
		t.Fatalf("KittyPlaceholders =\n%q\nwant\n%q", got, want)
	}
	for _, l := range strings.Split(got, "\n") {
		if w := ansi.StringWidth(l); w != 2 {
			t.Fatalf("placeholder line is %d cells, want 2", w)
		}
	}
	high := KittyPlaceholders(0x05000001, 1, 1)
	if want := "\x1b[38;2;0;0;1m" + p + d(0) + d(0) + d(5) + "\x1b[39m"; high != want {
		t.Fatalf("high-byte id = %q, want %q", high, want)
	}
	if KittyPlaceholders(1, 0, 3) != "" {
		t.Fatal("zero columns gave placeholders")
	}
	big := KittyPlaceholders(1, 1000, 1)
	if w := ansi.StringWidth(big); w != MaxPlaceholderCells {
		t.Fatalf("1000 columns clamp to %d, want %d", w, MaxPlaceholderCells)
	}
}

func TestDiacriticsTable(t *testing.T) {
	if len(diacritics) != 297 {
		t.Fatalf("%d diacritics, the protocol lists 297", len(diacritics))
	}
	for i, r := range diacritics {
		if !unicode.Is(unicode.Mn, r) || (i > 0 && r <= diacritics[i-1]) {
			t.Fatalf("diacritic %d (%U) is not a combining mark in ascending order", i, r)
		}
	}
}
