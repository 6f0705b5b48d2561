package dialog

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// directoryJS is a directory with a default channel, a channel with two
// threads, and a plain channel.
const directoryJS = `{"type":"channel.list","payload":{"channels":[
 {"chat_id":"iris:default","name":"Default","kind":"default","is_default":true},
 {"chat_id":"iris:chan_1","name":"Ops","kind":"channel"},
 {"chat_id":"iris:chan_1","thread_id":"t_1","parent_chat_id":"iris:chan_1","name":"Deploy plan","kind":"thread"},
 {"chat_id":"iris:chan_1","thread_id":"t_2","parent_chat_id":"iris:chan_1","name":"Incident","kind":"thread"},
 {"chat_id":"iris:chan_2","name":"Notes","kind":"channel"}]}}`

var (
	opsLane    = frame.Lane{ChatID: "iris:chan_1"}
	threadLane = frame.Lane{ChatID: "iris:chan_1", ThreadID: "t_1"}
)

func searchHits() frame.SearchResults {
	return frame.SearchResults{Query: "deploy", Scope: "all", Hits: []frame.SearchHit{
		{MessageID: "m_1", ChatID: "iris:chan_1", ThreadID: frame.Some("t_1"), Role: "assistant", Snippet: "…we Deploy the service at noon; deploy again…", TS: clock(9, 12)},
		{MessageID: "m_2", ChatID: "iris:default", ThreadID: frame.Null(), Role: "user", Snippet: "can you deploy\x1b[2J it?", TS: clock(8, 0)},
	}}
}

// clock is today's h:m in the tests' zone, as a millisecond timestamp.
func clock(h, m int) int64 { return time.Date(2026, 11, 30, h, m, 0, 0, time.UTC).UnixMilli() }

func TestSearchFlow(t *testing.T) {
	com := testCom(t, themes.Dark)
	applyJSON(t, com, directoryJS)
	s := NewSearch(com, opsLane, "", noTick)
	s.SetSize(100, 30)
	if act, _ := s.Update(press("enter")); act != nil {
		t.Fatalf("empty query searched: %#v", act)
	}
	typeText(s, "deploy")
	act, _ := s.Update(press("enter"))
	asked := common.ActionSearch{Query: "deploy", Scope: ScopeAll, Lane: opsLane, Seq: 1}
	if act != asked || !s.Pending() {
		t.Fatalf("%#v", act)
	}
	s.SetResults(common.ActionSearch{Query: "deploy", Scope: ScopeAll, Seq: 0}, searchHits()) // stale
	s.SetError(common.ActionSearch{Seq: 0}, errors.New("stale"))
	s.SetResults(common.ActionSearch{Query: "other", Scope: ScopeAll, Lane: opsLane, Seq: 1}, searchHits()) // a closed dialog's
	if !s.Pending() {
		t.Fatal("a stale answer ended the search")
	}
	s.SetResults(asked, searchHits())
	v := ansi.Strip(s.View())
	for _, want := range []string{"2 found", "Ops › Deploy plan · assistant · 09:12", "Default · user · 08:00"} {
		if !strings.Contains(v, want) {
			t.Fatalf("view lacks %q:\n%s", want, v)
		}
	}
	if err := termsafe.Verify(s.View()); err != nil {
		t.Fatal(err)
	}
	s.Update(press("down"))
	if act, _ := s.Update(press("enter")); act != (common.ActionJump{Lane: frame.Lane{ChatID: "iris:default"}, MessageID: "m_2"}) {
		t.Fatalf("%#v", act)
	}
	s.Update(press("up"))
	if act, _ := s.Update(press("enter")); act != (common.ActionJump{Lane: threadLane, MessageID: "m_1"}) {
		t.Fatalf("%#v", act)
	}
	// Tab toggles the scope and searches again in the focused lane.
	act, _ = s.Update(press("tab"))
	asked = common.ActionSearch{Query: "deploy", Scope: ScopeChat, Lane: opsLane, Seq: 2}
	if act != asked || s.Scope() != ScopeChat {
		t.Fatalf("%#v", act)
	}
	if !strings.Contains(ansi.Strip(s.View()), "in this lane: Ops") {
		t.Fatal(ansi.Strip(s.View()))
	}
	s.SetError(asked, errors.New("timeout"))
	if !strings.Contains(ansi.Strip(s.View()), "search failed: timeout") {
		t.Fatal(ansi.Strip(s.View()))
	}
	// Editing the query makes Enter search again instead of jumping.
	s.SetResults(asked, frame.SearchResults{Query: "deploy", Scope: "chat"})
	typeText(s, "s")
	if act, _ := s.Update(press("enter")); act != (common.ActionSearch{Query: "deploys", Scope: ScopeChat, Lane: opsLane, Seq: 3}) {
		t.Fatalf("%#v", act)
	}
	if act, _ := s.Update(press("esc")); act != (common.ActionClose{}) {
		t.Fatalf("%#v", act)
	}
}

func TestSearchStartWithQuery(t *testing.T) {
	com := testCom(t, themes.Dark)
	s := NewSearch(com, opsLane, "  deploy ", noTick)
	if act := s.Start(); act != (common.ActionSearch{Query: "deploy", Scope: ScopeAll, Lane: opsLane, Seq: 1}) {
		t.Fatalf("%#v", act)
	}
	if NewSearch(com, opsLane, "", noTick).Start() != nil {
		t.Fatal("an empty query started a search")
	}
}

func TestHighlightTerms(t *testing.T) {
	com := testCom(t, themes.Dark)
	st := com.Styles.Dialog
	got := highlightTerms(st.Body, st.Match, "Deploy and deploy", []string{"deploy"})
	want := st.Match.Render("Deploy") + st.Body.Render(" and ") + st.Match.Render("deploy")
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

func TestSearchGolden(t *testing.T) {
	for _, th := range []themes.Name{themes.Dark, themes.Light} {
		t.Run(string(th), func(t *testing.T) {
			com := testCom(t, th)
			applyJSON(t, com, directoryJS)
			s := NewSearch(com, opsLane, "deploy", noTick)
			s.SetSize(90, 24)
			s.SetResults(s.Start().(common.ActionSearch), searchHits())
			golden.RequireEqual(t, s.View())
		})
	}
}

func TestPlainSnippet(t *testing.T) {
	cases := map[string]string{
		"## Re: please confirm the deploy":           "Re: please confirm the deploy",
		"the **deploy** token for `api`":             "the deploy token for api",
		"…half a **deploy tok…":                      "…half a deploy tok…",
		"> quoted *deploy* and _soon_ in snake_case": "quoted deploy and soon in snake_case",
		"- [x] see [the docs](https://x.example/d)":  "see the docs",
		"```bash\nmake deploy\n```":                  "make deploy",
		"2 * 3 * 4 stays":                            "2 * 3 * 4 stays",
		"~~old~~ new":                                "old new",
		"…done. ## Deploy summary - api":             "…done. Deploy summary - api",
		"issue # 5 and C#":                           "issue # 5 and C#",
	}
	for in, want := range cases {
		if got := plainSnippet(in); got != want {
			t.Errorf("plainSnippet(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSearchSnippetsWithoutMarkdown shows markdown snippets as text, with
// the match still highlighted and escapes still neutralised.
func TestSearchSnippetsWithoutMarkdown(t *testing.T) {
	com := testCom(t, themes.Dark)
	applyJSON(t, com, directoryJS)
	s := NewSearch(com, opsLane, "deploy", noTick)
	s.SetSize(100, 30)
	s.SetResults(s.Start().(common.ActionSearch), frame.SearchResults{Query: "deploy", Scope: "all", Hits: []frame.SearchHit{
		{MessageID: "m_1", ChatID: "iris:chan_1", Role: "assistant", Snippet: "## Re: the **deploy** of `api`\x1b*]0;x\x07*", TS: clock(9, 12)},
	}})
	v := s.View()
	plain := ansi.Strip(v)
	if !strings.Contains(plain, "Re: the deploy of api") {
		t.Fatalf("snippet not plain:\n%s", plain)
	}
	for _, raw := range []string{"##", "**", "`"} {
		if strings.Contains(plain, raw) {
			t.Fatalf("snippet keeps %q:\n%s", raw, plain)
		}
	}
	if !strings.Contains(v, com.Styles.Dialog.Match.Render("deploy")) {
		t.Fatal("the match is not highlighted")
	}
	if err := termsafe.Verify(v); err != nil {
		t.Fatal(err)
	}
}

// TestSearchAnswerWhoseEchoDiffers: the answer to the search asked is
// shown even when the gateway echoes the query lowercased, with a trailing
// space, or without the scope; the highlight uses the query asked.
func TestSearchAnswerWhoseEchoDiffers(t *testing.T) {
	for _, echo := range []frame.SearchResults{
		{Query: "deploy plan", Scope: ScopeChat},
		{Query: "Deploy Plan ", Scope: ScopeChat},
		{Query: "Deploy Plan"},
		{},
	} {
		com := testCom(t, themes.Dark)
		applyJSON(t, com, directoryJS)
		s := NewSearch(com, opsLane, "Deploy Plan", noTick)
		s.SetSize(100, 30)
		s.scope = ScopeChat
		echo.Hits = []frame.SearchHit{{MessageID: "m_1", ChatID: "iris:chan_1", Role: "user", Snippet: "the deploy plan", TS: clock(9, 12)}}
		s.SetResults(s.Start().(common.ActionSearch), echo)
		v := ansi.Strip(s.View())
		if s.Pending() || !strings.Contains(v, "1 found") || strings.Contains(v, "searching…") {
			t.Fatalf("echo %+v: %s", echo, v)
		}
		if fmt.Sprint(s.terms) != "[deploy plan]" {
			t.Fatalf("echo %+v: highlight terms %v", echo, s.terms)
		}
	}
}

// TestSearchAsYouTypeAfterAPause: every edit of the query schedules the
// pause; only the pause after the latest edit searches, once, and a query
// emptied by typing clears the hits.
func TestSearchAsYouTypeAfterAPause(t *testing.T) {
	com := testCom(t, themes.Dark)
	var ticks []SearchTypedMsg
	tick := func(d time.Duration, msg tea.Msg) tea.Cmd {
		if d != SearchDebounce {
			t.Errorf("debounce %v, want %v", d, SearchDebounce)
		}
		ticks = append(ticks, msg.(SearchTypedMsg))
		return nil
	}
	s := NewSearch(com, opsLane, "", tick)
	s.SetSize(100, 30)
	typeText(s, "deploy")
	if len(ticks) != 6 {
		t.Fatalf("%d pauses scheduled for 6 edits", len(ticks))
	}
	for _, stale := range ticks[:5] {
		if act, _ := s.Update(stale); act != nil {
			t.Fatalf("a pause after an older edit searched: %#v", act)
		}
	}
	act, _ := s.Update(ticks[5])
	if want := (common.ActionSearch{Query: "deploy", Scope: ScopeAll, Lane: opsLane, Seq: 1}); act != want {
		t.Fatalf("the pause after typing searched %#v, want %#v", act, want)
	}
	if act, _ := s.Update(ticks[5]); act != nil {
		t.Fatalf("the same pause searched twice: %#v", act)
	}
	s.SetResults(act.(common.ActionSearch), searchHits())
	if v := ansi.Strip(s.View()); !strings.Contains(v, "2 found") {
		t.Fatalf("hits not shown:\n%s", v)
	}
	if act, _ := s.Update(press("enter")); act == nil || act == (common.ActionSearch{}) {
		t.Fatal("enter on the searched query did not jump to the first hit")
	}
	n := len(ticks)
	s.Update(tea.KeyPressMsg{Code: tea.KeyLeft})
	s.Update(tea.KeyPressMsg{Code: tea.KeyRight})
	if len(ticks) != n {
		t.Fatal("moving the cursor in the query scheduled a search")
	}
	for range "deploy" {
		s.Update(press("backspace"))
	}
	s.Update(ticks[len(ticks)-1])
	if v := ansi.Strip(s.View()); strings.Contains(v, "found") || strings.Contains(v, "we Deploy") {
		t.Fatalf("an emptied query still shows hits:\n%s", v)
	}
	if len(ticks)-n != 6 {
		t.Fatalf("%d pauses for 6 deletions", len(ticks)-n)
	}
}
