package statusbar

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/ui/common"
)

// Info messages without a TTL of their own expire after their level's
// default (errors later), a newer one replaces the one shown, and the
// user's next action dismisses one that has been shown for a moment.
func TestInfoExpiresIsReplacedAndDismissed(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	com := common.NewForTest(now)
	com.Now = func() time.Time { return now }
	m := New(com)
	m.SetSize(120, 1)
	show := func(level common.Level, text string) { m.Update(common.InfoMsg{Level: level, Text: text}) }
	at := func(d time.Duration) { now = now.Add(d) }
	shown := func(want string) {
		t.Helper()
		if got := m.Info(); got != want {
			t.Fatalf("info %q, want %q", got, want)
		}
		if want != "" && !strings.Contains(ansi.Strip(m.View()), want) {
			t.Fatalf("bar lacks %q: %q", want, ansi.Strip(m.View()))
		}
	}

	show(common.LevelInfo, "attached note.txt")
	at(infoTTL - time.Millisecond)
	shown("attached note.txt")
	at(time.Millisecond)
	shown("")

	show(common.LevelError, "attachment not sent: too large")
	at(infoTTL)
	shown("attachment not sent: too large") // errors stay longer
	at(errorTTL - infoTTL)
	shown("")

	show(common.LevelError, "attachment not sent: too large")
	show(common.LevelInfo, "attached chart.png")
	shown("attached chart.png")

	m.Dismiss() // a key right after the message keeps it
	shown("attached chart.png")
	at(minInfoShown)
	m.Dismiss()
	shown("")

	show(common.LevelError, "only images can be previewed")
	at(minInfoShown)
	m.Dismiss()
	shown("only images can be previewed")
	at(minErrShown - minInfoShown)
	m.Dismiss()
	shown("")

	m.Update(common.InfoMsg{Text: "long", TTL: time.Minute}) // an explicit TTL wins
	at(errorTTL)
	shown("long")
}
