package transcript

import "github.com/hermes/iris/internal/ui/common"

// The Top keys go to the real oldest message: while older history exists
// (in the database or on the gateway), every page that arrives moves the
// view to the top again and the next one is asked for, with a "loading
// older…" line above the transcript meanwhile. Any other scroll stops it.

// goOldest jumps to the first line held and keeps paging (see Refresh and
// ContinueToOldest).
func (m *Model) goOldest() {
	m.vp.toTop()
	ln := m.src().lane
	m.toOldest = ln != nil && ln.HasMore
	m.oldestLen = -1
}

// keepOldest, called from Refresh, holds the view at the top while going
// to the oldest message, and stops once nothing older remains.
func (m *Model) keepOldest(src laneSource) {
	if !m.toOldest {
		return
	}
	m.vp.top, m.vp.off, m.vp.follow = 0, 0, false
	m.topItem = src.lane.Item(0)
	if src.lane == nil || !src.lane.HasMore {
		m.toOldest = false
	}
}

// ContinueToOldest asks for the next older page while going to the oldest
// message, when the last page added items (a page that adds none ends it,
// so it never loops).
func (m *Model) ContinueToOldest() common.Action {
	n := m.src().Len()
	if !m.toOldest || n <= m.oldestLen {
		m.toOldest = false
		return nil
	}
	m.oldestLen = n
	return m.maybeLoadOlder()
}

// loadingMark is the line above the transcript while older history loads.
func (m *Model) loadingMark() string {
	if !m.loading || !m.vp.atTop() {
		return ""
	}
	return m.com.Styles.Transcript.Time.Width(m.width).Render("↑ loading older…")
}
