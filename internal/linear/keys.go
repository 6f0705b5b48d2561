package linear

import "unicode/utf8"

// key is one key press decoded from the terminal's bytes.
type key struct {
	r    rune   // a printable rune, or 0
	name string // a named key: "enter", "up", "ctrl+a", "alt+b", ...
}

// ctrlNames are the control bytes the editor acts on.
var ctrlNames = map[byte]string{
	0x01: "ctrl+a", 0x02: "ctrl+b", 0x03: "ctrl+c", 0x04: "ctrl+d", 0x05: "ctrl+e", 0x06: "ctrl+f",
	0x08: "backspace", 0x0b: "ctrl+k", 0x0c: "ctrl+l", 0x0e: "down", 0x10: "up", 0x15: "ctrl+u",
	0x17: "ctrl+w", 0x19: "ctrl+y", 0x7f: "backspace", '\r': "enter", '\n': "enter",
}

// csiNames are the final bytes of the escape sequences for arrows and
// Home/End (ESC [ X and ESC O X), and the numbered ones (ESC [ n ~).
var (
	csiNames   = map[byte]string{'A': "up", 'B': "down", 'C': "right", 'D': "left", 'H': "home", 'F': "end"}
	tildeNames = map[string]string{"1": "home", "7": "home", "4": "end", "8": "end", "3": "delete"}
)

// decoder turns bytes into keys; a sequence split between reads waits
// for the rest.
type decoder struct {
	pending []byte
}

// keys decodes b (after what was pending). A sequence it does not know
// is dropped whole, so none of its bytes is typed.
func (d *decoder) keys(b []byte) []key {
	buf := append(d.pending, b...)
	d.pending = nil
	var out []key
	for len(buf) > 0 {
		k, n := decodeOne(buf)
		if n == 0 { // incomplete
			d.pending = append([]byte(nil), buf...)
			break
		}
		if k != (key{}) {
			out = append(out, k)
		}
		buf = buf[n:]
	}
	return out
}

// decodeOne decodes the key at the start of b and its length; 0 means b
// ends inside it.
func decodeOne(b []byte) (key, int) {
	c := b[0]
	switch {
	case c == 0x1b:
		return decodeEscape(b)
	case c < 0x20 || c == 0x7f:
		return key{name: ctrlNames[c]}, 1
	}
	if !utf8.FullRune(b) {
		return key{}, 0
	}
	r, n := utf8.DecodeRune(b)
	if r == utf8.RuneError {
		return key{}, n
	}
	return key{r: r}, n
}

// decodeEscape decodes ESC [ ... final, ESC O X, and ESC + a byte (Alt).
func decodeEscape(b []byte) (key, int) {
	if len(b) < 2 {
		return key{}, 0
	}
	switch b[1] {
	case '[':
		for i := 2; i < len(b); i++ {
			if b[i] >= 0x40 && b[i] <= 0x7e {
				if b[i] == '~' {
					return key{name: tildeNames[string(b[2:i])]}, i + 1
				}
				return key{name: csiNames[b[i]]}, i + 1
			}
		}
		return key{}, 0
	case 'O':
		if len(b) < 3 {
			return key{}, 0
		}
		return key{name: csiNames[b[2]]}, 3
	case 'b', 'f', 'd':
		return key{name: "alt+" + string(b[1])}, 2
	case 0x7f, 0x08:
		return key{name: "alt+backspace"}, 2
	}
	return key{}, 2
}
