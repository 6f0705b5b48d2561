package transcript

import "github.com/hermes/iris/internal/store"

// Bounds of the per-item render caches: items more than cacheMargin away
// from the visible ones lose their cached lines (and markdown streams and
// reasoning blocks) once more than maxCached items are cached, so scrolling
// through a long lane for a day holds a window of renders, not the lane.
const (
	cacheMargin = 100
	maxCached   = 4 * cacheMargin
)

// evict drops the caches of items far from the view once the cache grew
// past maxCached.
func (m *Model) evict(src laneSource) {
	if len(m.cache) <= maxCached {
		return
	}
	lo, hi := max(m.vp.top-cacheMargin, 0), min(m.vp.top+m.vp.height+cacheMargin, src.Len())
	keep := make(map[*store.Item]bool, hi-lo)
	for i := lo; i < hi; i++ {
		keep[src.lane.Item(i)] = true
	}
	m.dropExcept(keep)
}

// dropExcept forgets the caches of every item not in keep.
func (m *Model) dropExcept(keep map[*store.Item]bool) {
	for it := range m.cache {
		if !keep[it] {
			delete(m.cache, it)
			delete(m.reasons, it)
			delete(m.folded, it)
			m.md.forget(it)
		}
	}
}
