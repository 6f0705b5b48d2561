package transcript

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

var lane = frame.Lane{ChatID: "d"}

func apply(com *common.Common, typ string, p any) {
	com.Store.(*store.State).Apply(frame.Frame{Type: typ, ChatID: frame.Some(lane.ChatID), Payload: p}, false)
}

func TestRenderCacheKeyedByVersionWidthTheme(t *testing.T) {
	com := common.NewForTest(time.Unix(0, 0))
	apply(com, frame.TypeMessage, &frame.Message{MessageID: "a", Role: frame.RoleAssistant, Text: "first **answer**"})
	apply(com, frame.TypeMessageStart, &frame.MessageStart{MessageID: "b", Role: frame.RoleAssistant})
	m := New(com)
	m.SetSize(80, 20)
	m.SetLane(lane)
	m.View()
	a := com.Store.Lane(lane).Item(0)
	first := m.cache[a]
	if first == nil {
		t.Fatal("item a not cached")
	}
	apply(com, frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: "b", Text: "streaming"})
	m.Refresh()
	v := ansi.Strip(m.View())
	if m.cache[a].lines == nil || &m.cache[a].lines[0] != &first.lines[0] {
		t.Fatal("an unchanged item was re-rendered")
	}
	if !strings.Contains(v, "streaming") || !strings.Contains(v, "first answer") {
		t.Fatalf("view:\n%s", v)
	}
	m.SetSize(60, 20)
	m.View()
	if m.cache[a].width != 60 {
		t.Fatal("a width change did not re-render")
	}
	com.ThemeGen++
	m.View()
	if m.cache[a].themeGen != com.ThemeGen {
		t.Fatal("a theme change did not re-render")
	}
}
