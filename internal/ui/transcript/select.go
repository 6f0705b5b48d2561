package transcript

import "github.com/hermes/iris/internal/store"

// Selection: while the transcript has focus, Up/Down move a selection
// between messages (the search mark is the same bar: a jumped-to message is
// selected). The root acts on Selected (copy, view, delete, reasoning).

// SelectStep moves the selection by step messages (-1 older, +1 newer),
// skipping tool cards and notices, and scrolls it into view. With nothing
// selected it starts from the newest message on screen. It reports false
// when there is no message to move to.
func (m *Model) SelectStep(step int) bool {
	src := m.src()
	n := src.Len()
	if n == 0 {
		return false
	}
	idx := -1
	if m.marked != nil {
		idx = src.find(m.marked, m.vp.top)
	}
	if idx < 0 {
		idx = m.lastVisible(src)
		if isMessage(src.lane.Item(idx)) {
			m.selectAt(src, idx)
			return true
		}
	}
	for i := idx + step; i >= 0 && i < n; i += step {
		if isMessage(src.lane.Item(i)) {
			m.selectAt(src, i)
			return true
		}
	}
	return false
}

// Selected returns the selected message, or nil.
func (m *Model) Selected() *store.Item {
	if m.marked == nil || m.src().find(m.marked, m.vp.top) < 0 {
		return nil
	}
	return m.marked
}

// ToggleReasoning shows the selected message's reasoning when the setting
// hides reasoning, and hides it when the setting shows it (and back). It
// reports false when the selected message has no reasoning.
func (m *Model) ToggleReasoning() bool {
	it := m.Selected()
	if it == nil || it.Msg.Reasoning == "" {
		return false
	}
	toggle(&m.flipped, it)
	delete(m.cache, it)
	delete(m.reasons, it)
	return true
}

// toggle adds it to the set *set (made when nil), or removes it.
func toggle(set *map[*store.Item]bool, it *store.Item) {
	if (*set)[it] {
		delete(*set, it)
		return
	}
	if *set == nil {
		*set = map[*store.Item]bool{}
	}
	(*set)[it] = true
}

func isMessage(it *store.Item) bool {
	return it != nil && it.Kind == store.KindMessage && it.Msg != nil
}

// lastVisible is the index of the last item with a line on screen.
func (m *Model) lastVisible(src laneSource) int {
	if m.vp.follow {
		return src.Len() - 1
	}
	rest := m.vp.height + m.vp.off
	for i := m.vp.top; i < src.Len(); i++ {
		rest -= len(src.Lines(i))
		if rest <= 0 {
			return i
		}
	}
	return src.Len() - 1
}

// selectAt selects item idx and scrolls so all of it is on screen (its
// top, when it is taller than the screen).
func (m *Model) selectAt(src laneSource, idx int) {
	m.marked = src.lane.Item(idx)
	if m.vp.follow {
		m.vp.anchorBottom(src)
	}
	m.vp.follow = false
	if idx < m.vp.top || idx == m.vp.top && m.vp.off > 0 {
		m.vp.top, m.vp.off = idx, 0
	} else {
		below := -m.vp.off // lines from the screen's top to the end of idx
		for i := m.vp.top; i <= idx; i++ {
			below += len(src.Lines(i))
		}
		if excess := below - m.vp.height; excess > 0 {
			if h := len(src.Lines(idx)); h > m.vp.height {
				m.vp.top, m.vp.off = idx, 0
			} else {
				m.vp.scroll(src, excess)
			}
		}
	}
	if m.vp.pastBottom(src) {
		m.vp.follow = true
	}
	m.topItem = src.lane.Item(m.vp.top)
}
