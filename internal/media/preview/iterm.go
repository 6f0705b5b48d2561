package preview

import (
	"encoding/base64"
	"strconv"
)

// ITerm2Options control an iTerm2 inline image.
type ITerm2Options struct {
	// Cols and Rows are the cell box the image is drawn in; 0 is "auto".
	Cols, Rows int
	// ST ends the sequence with ST (ESC \) instead of BEL.
	ST bool
}

// ITerm2Inline is the iTerm2 inline image sequence (OSC 1337) for an encoded
// image: "\x1b]1337;File=inline=1;size=N;width=C;height=R;
// preserveAspectRatio=1:<base64>" ended by BEL or ST. It draws at the cursor.
// No name= is sent: nothing from the wire goes into the sequence.
func ITerm2Inline(data []byte, o ITerm2Options) string {
	end := "\a"
	if o.ST {
		end = "\x1b\\"
	}
	return "\x1b]1337;File=inline=1;size=" + strconv.Itoa(len(data)) +
		";width=" + cellsArg(o.Cols) + ";height=" + cellsArg(o.Rows) +
		";preserveAspectRatio=1:" + base64.StdEncoding.EncodeToString(data) + end
}

func cellsArg(n int) string {
	if n <= 0 {
		return "auto"
	}
	return strconv.Itoa(n)
}

// AtCell wraps seq so it is drawn with the cursor at cell (x, y), 0-based
// from the screen's top left, and the cursor is restored afterwards (DECSC /
// DECRC), leaving the TUI renderer's idea of the cursor intact.
func AtCell(x, y int, seq string) string {
	return "\x1b7\x1b[" + strconv.Itoa(y+1) + ";" + strconv.Itoa(x+1) + "H" + seq + "\x1b8"
}
