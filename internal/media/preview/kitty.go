package preview

import (
	"encoding/base64"
	"strconv"
	"strings"
)

// kittyChunk is the most base64 bytes one kitty graphics escape may carry.
const kittyChunk = 4096

// KittyOptions control a kitty graphics transmission.
type KittyOptions struct {
	// Cols and Rows are the cell box the terminal scales the image to
	// (c=, r=); 0 leaves that side at the image's own size.
	Cols, Rows int
	// ID is the image id (i=); 0 sends none. Placeholder cells and
	// KittyDelete refer to an image by it.
	ID uint32
	// Placeholder makes a virtual placement (U=1): the image shows wherever
	// KittyPlaceholders cells for ID are on screen, not at the cursor.
	Placeholder bool
}

// KittyPNG is the kitty graphics protocol sequence that transmits and
// displays a PNG (a=T, f=100, q=2 so the terminal sends no reply that would
// arrive as input). The payload is base64 in chunks of 4096 bytes, each in
// its own APC "\x1b_G<keys>;<chunk>\x1b\\"; every chunk but the last has
// m=1, the last m=0; keys other than m go in the first chunk only.
func KittyPNG(png []byte, o KittyOptions) string {
	keys := []string{"a=T", "f=100", "q=2"}
	if o.ID != 0 {
		keys = append(keys, "i="+strconv.FormatUint(uint64(o.ID), 10))
	}
	if o.Cols > 0 {
		keys = append(keys, "c="+strconv.Itoa(o.Cols))
	}
	if o.Rows > 0 {
		keys = append(keys, "r="+strconv.Itoa(o.Rows))
	}
	if o.Placeholder {
		keys = append(keys, "U=1")
	}
	payload := base64.StdEncoding.EncodeToString(png)
	var sb strings.Builder
	first := strings.Join(keys, ",") + ","
	for {
		n := min(kittyChunk, len(payload))
		more := "0"
		if n < len(payload) {
			more = "1"
		}
		sb.WriteString("\x1b_G" + first + "m=" + more + ";" + payload[:n] + "\x1b\\")
		payload, first = payload[n:], ""
		if payload == "" {
			return sb.String()
		}
	}
}

// KittyDelete frees image id and all its placements in the terminal.
func KittyDelete(id uint32) string {
	return "\x1b_Ga=d,d=I,i=" + strconv.FormatUint(uint64(id), 10) + ",q=2\x1b\\"
}

// kittyPlaceholderRune is the kitty graphics Unicode placeholder.
const kittyPlaceholderRune = '\U0010EEEE'

// MaxPlaceholderCells bounds the rows and columns KittyPlaceholders can
// address (one diacritic per row or column number).
const MaxPlaceholderCells = len(diacritics)

// KittyPlaceholders is the cell text that shows image id (transmitted with
// Placeholder) over cols×rows cells: rows lines of cols placeholder
// characters, each carrying its row and column as diacritics and the id in
// its 24-bit foreground colour (the id's high byte, if any, as a third
// diacritic). It is ordinary text to a cell renderer. Sizes are clamped to
// MaxPlaceholderCells.
func KittyPlaceholders(id uint32, cols, rows int) string {
	cols, rows = min(cols, MaxPlaceholderCells), min(rows, MaxPlaceholderCells)
	if cols <= 0 || rows <= 0 {
		return ""
	}
	fg := "\x1b[38;2;" + strconv.Itoa(int(id>>16&0xff)) + ";" +
		strconv.Itoa(int(id>>8&0xff)) + ";" + strconv.Itoa(int(id&0xff)) + "m"
	var high string
	if id>>24 != 0 {
		high = string(diacritics[id>>24])
	}
	var sb strings.Builder
	for r := range rows {
		if r > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(fg)
		for c := range cols {
			sb.WriteRune(kittyPlaceholderRune)
			sb.WriteRune(diacritics[r])
			sb.WriteRune(diacritics[c])
			sb.WriteString(high)
		}
		sb.WriteString("\x1b[39m")
	}
	return sb.String()
}
