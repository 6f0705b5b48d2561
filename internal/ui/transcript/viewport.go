package transcript

// source is what the viewport scrolls over: a number of items and the
// rendered lines of each (cached by the caller).
type source interface {
	Len() int
	Lines(i int) []string
}

// viewport is a virtualised vertical list. Its position is (item index,
// line offset into that item); only the items that reach the screen are
// ever rendered. In follow mode it sticks to the bottom.
type viewport struct {
	top    int // index of the first visible item
	off    int // lines of item top scrolled above the screen
	follow bool
	height int
}

// atTop reports whether the first line of the first item is visible.
func (v *viewport) atTop() bool { return v.top == 0 && v.off == 0 }

// visible returns the screen lines, the index of the last item that reached
// the screen, and whether the view ends at the last line of the list.
func (v *viewport) visible(src source) (out []string, atEnd bool) {
	n := src.Len()
	if n == 0 || v.height <= 0 {
		return nil, true
	}
	if v.follow {
		v.anchorBottom(src)
	}
	v.clamp(src)
	out = make([]string, 0, v.height)
	i, off := v.top, v.off
	for ; i < n && len(out) < v.height; i++ {
		ls := src.Lines(i)
		if off < len(ls) {
			take := ls[off:]
			if room := v.height - len(out); len(take) > room {
				take = take[:room]
				out = append(out, take...)
				return out, false
			}
			out = append(out, take...)
		}
		off = 0
	}
	return out, i >= n
}

// anchorBottom positions the view so the last line of the list is the last
// line on screen (or the list starts at the top when it is shorter).
func (v *viewport) anchorBottom(src source) {
	need := v.height
	for i := src.Len() - 1; i >= 0; i-- {
		l := len(src.Lines(i))
		if l >= need {
			v.top, v.off = i, l-need
			return
		}
		need -= l
	}
	v.top, v.off = 0, 0
}

// clamp keeps the position inside the list.
func (v *viewport) clamp(src source) {
	n := src.Len()
	if v.top >= n {
		v.top, v.off = max(n-1, 0), 0
	}
	if v.top < 0 {
		v.top, v.off = 0, 0
	}
	if v.off < 0 {
		v.off = 0
	}
}

// scroll moves the view by delta lines (negative is up). Scrolling up leaves
// follow mode; reaching the bottom enters it again.
func (v *viewport) scroll(src source, delta int) {
	if src.Len() == 0 {
		return
	}
	if v.follow {
		v.anchorBottom(src)
		v.follow = false
	}
	v.off += delta
	for v.off < 0 && v.top > 0 {
		v.top--
		v.off += len(src.Lines(v.top))
	}
	if v.off < 0 {
		v.off = 0
	}
	for v.top < src.Len()-1 && v.off >= len(src.Lines(v.top)) {
		v.off -= len(src.Lines(v.top))
		v.top++
	}
	if v.pastBottom(src) {
		v.follow = true
		v.anchorBottom(src)
	}
}

// pastBottom reports whether at most height lines remain from the position
// to the end of the list (the last line is on screen).
func (v *viewport) pastBottom(src source) bool {
	rest := -v.off
	for i := v.top; i < src.Len(); i++ {
		rest += len(src.Lines(i))
		if rest > v.height {
			return false
		}
	}
	return true
}

// toTop jumps to the first line.
func (v *viewport) toTop() { v.top, v.off, v.follow = 0, 0, false }

// toBottom jumps to the end and follows.
func (v *viewport) toBottom() { v.follow = true }
