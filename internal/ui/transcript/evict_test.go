package transcript

import (
	"strconv"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/common"
)

// TestRenderCacheStaysBoundedWhileScrolling pages from the bottom of a
// 1,500-message lane to its top: the per-item caches never hold more than
// maxCached items plus one screen, and the items on screen stay cached.
func TestRenderCacheStaysBoundedWhileScrolling(t *testing.T) {
	com := common.NewForTest(time.Unix(0, 0))
	const n = 1500
	for i := range n {
		apply(com, frame.TypeMessage, &frame.Message{MessageID: "m" + strconv.Itoa(i), Role: frame.RoleAssistant,
			Text: "answer **" + strconv.Itoa(i) + "**", TS: int64(i + 1)})
	}
	m := New(com)
	m.SetSize(80, 40)
	m.SetLane(lane)
	m.View()
	most := 0
	for range n {
		m.Update(tea.KeyPressMsg{Code: tea.KeyPgUp})
		m.View()
		most = max(most, len(m.cache))
		if m.vp.top == 0 {
			break
		}
	}
	if m.vp.top != 0 {
		t.Fatal("paging up never reached the top")
	}
	if most > maxCached+m.height {
		t.Errorf("the caches held %d items at most, want ≤ %d", most, maxCached+m.height)
	}
	if top := com.Store.Lane(lane).Item(0); m.cache[top] == nil {
		t.Error("the item on screen is not cached")
	}
}
