package transcript

import "github.com/hermes/iris/frame"

// StepMedia moves the chip selection by step through the lane's media
// (-1 older, 1 newer, clamped) and scrolls to the chip; from no selection
// it starts at the nearest chip on screen (see NearestMedia).
func (m *Model) StepMedia(step int) {
	all := m.Media()
	if len(all) == 0 {
		return
	}
	cur := m.SelectedMedia()
	if cur == "" {
		cur, step = m.NearestMedia(step), 0
	}
	i := -1
	for j, x := range all {
		if x.MediaID == cur {
			i = j
		}
	}
	switch {
	case i < 0 && step < 0:
		i = len(all) - 1
	case i < 0:
		i = 0
	default:
		i = min(max(i+step, 0), len(all)-1)
	}
	m.SelectMedia(all[i].MediaID)
	m.ScrollToMedia(all[i].MediaID)
}

// SelectedChip returns the media of the selected chip; ok is false when
// no chip is selected or its message is gone.
func (m *Model) SelectedChip() (x frame.Media, ok bool) {
	id := m.SelectedMedia()
	if id == "" {
		return frame.Media{}, false
	}
	for _, x := range m.Media() {
		if x.MediaID == id {
			return x, true
		}
	}
	return frame.Media{}, false
}
