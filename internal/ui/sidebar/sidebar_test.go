package sidebar

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
)

func testSidebar(t *testing.T) *Model {
	t.Helper()
	com := common.NewForTest(time.Unix(0, 0))
	com.Store.(*store.State).Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &frame.HelloAck{Channels: []frame.Channel{
		{ChatID: "d", Name: "Default", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)},
		{ChatID: "c", Name: "Ops \x1b[2J", Kind: frame.KindChannel},
		{ChatID: "c", ThreadID: frame.Some("t"), Name: "Deploy", Kind: frame.KindThread, ParentChatID: frame.Some("c")},
	}}}, false)
	m := New(com)
	m.SetSize(26, 10)
	m.Refresh()
	m.SetCurrent(frame.Lane{ChatID: "d"})
	m.SetFocused(true)
	return m
}

func TestSidebarKeys(t *testing.T) {
	cases := []struct {
		name string
		keys []tea.KeyPressMsg
		want common.Action
	}{
		{"enter opens the highlighted lane", []tea.KeyPressMsg{{Code: tea.KeyEnter}}, common.ActionOpenLane{Lane: frame.Lane{ChatID: "d"}}},
		{"down then enter", []tea.KeyPressMsg{{Code: tea.KeyDown}, {Code: tea.KeyEnter}}, common.ActionOpenLane{Lane: frame.Lane{ChatID: "c"}}},
		{"j j reaches the thread", []tea.KeyPressMsg{{Code: 'j', Text: "j"}, {Code: 'j', Text: "j"}, {Code: tea.KeyEnter}},
			common.ActionOpenLane{Lane: frame.Lane{ChatID: "c", ThreadID: "t"}}},
		{"up stops at the top", []tea.KeyPressMsg{{Code: tea.KeyUp}, {Code: tea.KeyEnter}}, common.ActionOpenLane{Lane: frame.Lane{ChatID: "d"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := testSidebar(t)
			var got common.Action
			for _, k := range c.keys {
				got, _ = m.Update(k)
			}
			if got != c.want {
				t.Fatalf("got %#v want %#v", got, c.want)
			}
		})
	}
}

func TestSidebarClickAndView(t *testing.T) {
	m := testSidebar(t)
	if got := m.Click(3); got != (common.ActionOpenLane{Lane: frame.Lane{ChatID: "c", ThreadID: "t"}}) {
		t.Fatalf("click row 3: %#v", got)
	}
	if got := m.Click(0); got != nil {
		t.Fatalf("click on the title: %#v", got)
	}
	v := m.View()
	if strings.Contains(v, "\x1b[2J") {
		t.Fatal("a channel name reached the terminal unsanitised")
	}
	plain := ansi.Strip(v)
	for _, want := range []string{"★ Default", "Ops ␛[2J", "└ Deploy"} {
		if !strings.Contains(plain, want) {
			t.Fatalf("view lacks %q:\n%s", want, plain)
		}
	}
	for _, l := range strings.Split(v, "\n") {
		if w := ansi.StringWidth(l); w != 26 {
			t.Fatalf("row width %d, want 26: %q", w, l)
		}
	}
}

func TestSidebarTreeBranches(t *testing.T) {
	com := common.NewForTest(time.Unix(0, 0))
	com.Store.(*store.State).Apply(frame.Frame{Type: frame.TypeHelloAck, Payload: &frame.HelloAck{Channels: []frame.Channel{
		{ChatID: "d", Name: "Default", Kind: frame.KindDefault, IsDefault: frame.Ptr(true)},
		{ChatID: "c", Name: "Ops", Kind: frame.KindChannel},
		{ChatID: "c", ThreadID: frame.Some("t1"), Name: "Deploy", Kind: frame.KindThread, ParentChatID: frame.Some("c")},
		{ChatID: "c", ThreadID: frame.Some("t2"), Name: "Rollback", Kind: frame.KindThread, ParentChatID: frame.Some("c")},
		{ChatID: "c", ThreadID: frame.Some("t3"), Name: "Postmortem", Kind: frame.KindThread, ParentChatID: frame.Some("c")},
		{ChatID: "e", Name: "Eng", Kind: frame.KindChannel},
		{ChatID: "e", ThreadID: frame.Some("u1"), Name: "Review", Kind: frame.KindThread, ParentChatID: frame.Some("e")},
	}}}, false)
	m := New(com)
	m.SetSize(26, 12)
	m.Refresh()
	var got []string
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		if strings.ContainsAny(l, "├└") {
			got = append(got, strings.TrimSpace(strings.Trim(l, " │")))
		}
	}
	want := []string{"├ Deploy", "├ Rollback", "└ Postmortem", "└ Review"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("threads drawn %q, want %q", got, want)
	}
}
