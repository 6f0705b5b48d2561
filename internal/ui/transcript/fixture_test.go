package transcript_test

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/transcript"
	"github.com/hermes/iris/internal/viewtest"
)

// chat is the lane every component test shows.
var chat = frame.Lane{ChatID: "c1"}

// now is the fixed clock of the tests: 12:04 UTC on the day of every
// message, so headers show the time only.
var now = time.Date(2026, 3, 14, 12, 4, 0, 0, time.UTC)

// at is a wire timestamp min minutes before now.
func at(min int) int64 { return now.Add(-time.Duration(min) * time.Minute).UnixMilli() }

// fixture is a transcript on its own: a memory store the test feeds with
// frames as the gateway would, and the component showing the chat lane.
type fixture struct {
	t     *testing.T
	st    *store.State
	com   *common.Common
	m     *transcript.Model
	width int // the width given last
}

// newFixture returns a w×h transcript of the chat lane in the dark theme.
func newFixture(t *testing.T, w, h int) *fixture {
	return newThemedFixture(t, w, h, themes.Dark)
}

// newThemedFixture returns a w×h transcript of the chat lane in theme n.
func newThemedFixture(t *testing.T, w, h int, n themes.Name) *fixture {
	t.Helper()
	st := store.New(store.Options{Now: func() time.Time { return now }})
	com := common.NewForTest(now)
	com.Store = st
	com.Theme = themes.New(themes.Options{Name: n})
	com.Styles = themes.Build(com.Theme)
	m := transcript.New(com)
	m.SetLane(chat)
	m.SetSpinner("⠋")
	f := &fixture{t: t, st: st, com: com, m: m}
	f.resize(w, h)
	return f
}

// resize gives the transcript a new size, as the root does on a terminal
// resize.
func (f *fixture) resize(w, h int) {
	f.width = w
	f.m.SetSize(w, h)
}

// apply feeds one frame of the chat lane to the store and tells the
// transcript, as the root does for a change of the lane on screen.
func (f *fixture) apply(typ string, payload any) {
	f.t.Helper()
	f.st.Apply(frame.Frame{Type: typ, ChatID: frame.Some(chat.ChatID), Payload: payload}, false)
	f.m.Refresh()
}

// message adds a final message of role with text, ts minutes ago.
func (f *fixture) message(id, role, text string, min int) {
	f.t.Helper()
	f.apply(frame.TypeMessage, &frame.Message{MessageID: id, Role: role, Text: text, TS: at(min)})
}

// changed tells the transcript the settings changed (the root bumps Gen).
func (f *fixture) changed() { f.com.Settings.Gen++ }

// view renders the transcript, fails the test when it holds anything
// termsafe.Verify refuses, and checks every row fits the width.
func (f *fixture) view() string {
	f.t.Helper()
	v := f.m.View()
	if err := termsafe.Verify(v); err != nil {
		f.t.Fatalf("unsafe output: %v\n%q", err, v)
	}
	for i, row := range strings.Split(v, "\n") {
		if w := ansi.StringWidth(row); w > f.width {
			f.t.Fatalf("row %d is %d cells wide, the transcript %d:\n%s", i, w, f.width, ansi.Strip(v))
		}
	}
	return v
}

// text is the view as the user reads it (no styling).
func (f *fixture) text() string {
	f.t.Helper()
	return ansi.Strip(f.view())
}

// rows is the plain view split into rows with trailing spaces trimmed.
func (f *fixture) rows() []string {
	f.t.Helper()
	rows := strings.Split(f.text(), "\n")
	for i, r := range rows {
		rows[i] = strings.TrimRight(r, " ")
	}
	return rows
}

// mustShow fails unless the plain view holds every one of subs; it
// returns the plain view.
func (f *fixture) mustShow(subs ...string) string {
	f.t.Helper()
	return viewtest.Shows(f.t, f.text(), subs...)
}

// mustNotShow fails if the plain view holds any of subs, or does not hold
// want (so a blank view never passes).
func (f *fixture) mustNotShow(want string, subs ...string) {
	f.t.Helper()
	viewtest.ShowsNot(f.t, f.text(), want, subs...)
}

// rowOf is the index of the first row holding s, or -1.
func rowOf(rows []string, s string) int {
	for i, r := range rows {
		if strings.Contains(r, s) {
			return i
		}
	}
	return -1
}
