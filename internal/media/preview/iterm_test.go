package preview

import (
	"encoding/base64"
	"testing"
)

func TestITerm2Inline(t *testing.T) {
	data := []byte("\x89PNG fake")
	b64 := base64.StdEncoding.EncodeToString(data)
	tests := []struct {
		name string
		o    ITerm2Options
		want string
	}{
		{"BEL", ITerm2Options{Cols: 20, Rows: 5},
			"\x1b]1337;File=inline=1;size=9;width=20;height=5;preserveAspectRatio=1:" + b64 + "\a"},
		{"ST", ITerm2Options{Cols: 1, Rows: 1, ST: true},
			"\x1b]1337;File=inline=1;size=9;width=1;height=1;preserveAspectRatio=1:" + b64 + "\x1b\\"},
		{"auto", ITerm2Options{},
			"\x1b]1337;File=inline=1;size=9;width=auto;height=auto;preserveAspectRatio=1:" + b64 + "\a"},
	}
	for _, tt := range tests {
		if got := ITerm2Inline(data, tt.o); got != tt.want {
			t.Errorf("%s: ITerm2Inline =\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
}

func TestAtCell(t *testing.T) {
	if got := AtCell(4, 2, "X"); got != "\x1b7\x1b[3;5HX\x1b8" {
		t.Fatalf("AtCell = %q", got)
	}
}
