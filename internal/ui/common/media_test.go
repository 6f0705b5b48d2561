package common

import "testing"

// TestKindIconAndChipLabel: each kind has its icon (anything unknown is a
// file), and a chip reads icon, kind, name and size when the size is known.
func TestKindIconAndChipLabel(t *testing.T) {
	icons := map[string]string{"image": "▣", "video": "▶", "audio": "♪", "file": "▤", "": "▤"}
	for kind, want := range icons {
		if got := KindIcon(kind); got != want {
			t.Errorf("KindIcon(%q) = %q, want %q", kind, got, want)
		}
	}
	if got := ChipLabel("image", "cat.png", 1536); got != "▣ image · cat.png · 1.5 KiB" {
		t.Errorf("ChipLabel with a size: %q", got)
	}
	if got := ChipLabel("audio", "memo.ogg", 0); got != "♪ audio · memo.ogg" {
		t.Errorf("ChipLabel without a size: %q", got)
	}
}

// TestProgressBar: the bar fills in proportion and says the percentage,
// clamped to 0–100 %; with no total it shows the bytes done.
func TestProgressBar(t *testing.T) {
	cases := []struct {
		done, total int64
		want        string
	}{
		{40, 100, "▕████░░░░░░▏ 40%"},
		{0, 100, "▕░░░░░░░░░░▏ 0%"},
		{250, 100, "▕██████████▏ 100%"},
		{-5, 100, "▕░░░░░░░░░░▏ 0%"},
		{2048, 0, "▕░░░░░░░░░░▏ 2.0 KiB"},
	}
	for _, tc := range cases {
		if got := ProgressBar(tc.done, tc.total, 10); got != tc.want {
			t.Errorf("ProgressBar(%d, %d) = %q, want %q", tc.done, tc.total, got, tc.want)
		}
	}
}
