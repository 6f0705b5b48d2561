package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/dialog"
)

// TestSearchShowsAnswerWhoseEchoDiffers: over a real socket, a gateway
// that answers search with the query lowercased, a trailing space and no
// scope still gets its hits shown: the answer is tied to the request by
// its id, not by the echo.
func TestSearchShowsAnswerWhoseEchoDiffers(t *testing.T) {
	g := newScriptedGW(t)
	g.On(frame.TypeSearch, func(req frame.Frame) {
		g.Answer(req, frame.TypeSearchResults, &frame.SearchResults{
			Query: strings.ToLower(req.Payload.(*frame.Search).Query) + " ",
			Hits:  []frame.SearchHit{{MessageID: "m_7", ChatID: chat, Role: "assistant", Snippet: "the Deploy Plan is ready"}},
		})
	})
	e := g.dial()
	e.key('f', tea.ModCtrl)
	e.typeText("Deploy Plan")
	e.key(tea.KeyEnter, 0)
	e.until("the search's hits", e.shows("1 found"))
	e.mustShow("the Deploy Plan is ready")
	e.mustNotShow("searching…")
	if got := g.Sent(frame.TypeSearch); len(got) != 1 || got[0].Payload.(*frame.Search).Query != "Deploy Plan" {
		t.Fatalf("search frames sent: %+v", got)
	}
}

// TestSearchAsYouTypeOverRealSocket: typing in Ctrl+F searches without
// Enter, once typing pauses: a burst of keys sends one search, for the
// whole query, and its hits show.
func TestSearchAsYouTypeOverRealSocket(t *testing.T) {
	g := newScriptedGW(t)
	g.On(frame.TypeSearch, func(req frame.Frame) {
		g.Answer(req, frame.TypeSearchResults, &frame.SearchResults{
			Query: req.Payload.(*frame.Search).Query,
			Hits:  []frame.SearchHit{{MessageID: "m_7", ChatID: chat, Role: "assistant", Snippet: "the Deploy Plan is ready"}},
		})
	})
	e := g.dial()
	var pauses []tea.Msg
	e.m.scr.tick = func(d time.Duration, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(dialog.SearchTypedMsg); ok {
			pauses = append(pauses, msg)
			return nil
		}
		return testTick(d, msg)
	}
	e.key('f', tea.ModCtrl)
	e.typeText("Deploy Plan")
	if len(pauses) != len("Deploy Plan") {
		t.Fatalf("%d pauses scheduled for %d keys", len(pauses), len("Deploy Plan"))
	}
	for _, p := range pauses { // the pauses end in order; only the last one follows the latest key
		e.send(p)
	}
	e.until("the hits without enter", e.shows("1 found"))
	e.mustShow("the Deploy Plan is ready")
	if got := g.Sent(frame.TypeSearch); len(got) != 1 || got[0].Payload.(*frame.Search).Query != "Deploy Plan" {
		t.Fatalf("search frames sent: %+v", got)
	}
}
