package transcript

import "github.com/hermes/iris/internal/store"

// laneSource adapts the focused store lane to the viewport's source.
type laneSource struct {
	m    *Model
	lane *store.Lane
}

func (m *Model) src() laneSource { return laneSource{m: m, lane: m.laneRef()} }

// laneRef re-reads the lane from the store (pointers are valid only until
// the next mutating call, so it is never kept across Updates).
func (m *Model) laneRef() *store.Lane {
	if m.lane.ChatID == "" {
		return nil
	}
	return m.com.Store.Lane(m.lane)
}

// Len is the number of items held.
func (s laneSource) Len() int {
	if s.lane == nil {
		return 0
	}
	return s.lane.Len()
}

// Lines renders (or returns the cached) lines of item i.
func (s laneSource) Lines(i int) []string { return s.m.lines(s.lane.Item(i)) }

// find returns the index of it, searching from hint onwards (prepending
// shifts items up), then from the start; -1 when gone.
func (s laneSource) find(it *store.Item, hint int) int {
	n := s.Len()
	for i := max(hint, 0); i < n; i++ {
		if s.lane.Item(i) == it {
			return i
		}
	}
	for i := 0; i < min(hint, n); i++ {
		if s.lane.Item(i) == it {
			return i
		}
	}
	return -1
}
