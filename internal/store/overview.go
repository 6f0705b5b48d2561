package store

import "github.com/hermes/iris/frame"

// Summaries over every lane that cost as much as the lanes in memory, not
// the directory's size: the UI asks for them on every key and tick, and a
// gateway may list 100,000 channels.

// UnreadCounts returns every lane of the directory with unread messages
// and its count, without creating lanes (a persistent State's lanes not
// used yet count with their stored state).
func (s *State) UnreadCounts() map[frame.Lane]int {
	out := map[frame.Lane]int{}
	for k, ln := range s.lanes {
		if ln.Unread > 0 && s.byLane[k] != nil {
			out[k] = ln.Unread
		}
	}
	if s.db != nil {
		for k, r := range s.db.stored {
			if _, ok := s.lanes[k]; !ok && r.unread > 0 && s.byLane[k] != nil {
				out[k] = r.unread
			}
		}
	}
	return out
}
