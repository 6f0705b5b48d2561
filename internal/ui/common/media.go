package common

import (
	"strconv"
	"strings"

	"github.com/hermes/iris/internal/media"
)

// KindIcon is the one-cell icon of a media kind.
func KindIcon(kind string) string {
	switch media.NormalizeKind(kind) {
	case "image":
		return "▣"
	case "video":
		return "▶"
	case "audio":
		return "♪"
	}
	return "▤"
}

// ChipLabel is a media chip's text: kind icon, kind, the sanitised
// display name and the size (when known).
func ChipLabel(kind, filename string, size int64) string {
	k := media.NormalizeKind(kind)
	label := KindIcon(k) + " " + k + " · " + media.DisplayName(filename)
	if s := media.SizeLabel(size); s != "" {
		label += " · " + s
	}
	return label
}

// ProgressBar is "▕████░░░░▏ 40%" in width cells of bar; an unknown total
// shows the bytes done instead of a percentage.
func ProgressBar(done, total int64, width int) string {
	if total <= 0 {
		return "▕" + strings.Repeat("░", width) + "▏ " + media.SizeLabel(done)
	}
	done = min(max(done, 0), total)
	full := int(done * int64(width) / total)
	pct := int(done * 100 / total)
	return "▕" + strings.Repeat("█", full) + strings.Repeat("░", width-full) + "▏ " + strconv.Itoa(pct) + "%"
}

// Transfer is one media transfer in the queue: the media controller keeps
// the queue, the status bar shows it.
type Transfer struct {
	Label       string // already sanitised (media.DisplayName)
	Done, Total int64
	Running     bool
}
