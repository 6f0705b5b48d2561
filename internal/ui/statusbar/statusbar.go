// Package statusbar is the bottom line: connection state with the reconnect
// countdown, the gateway's status, the focused lane, the model and context %
// of its last turn, and transient InfoMsg messages.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package statusbar

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// How long an InfoMsg without its own TTL stays, and how long any stays at
// least before the user's next action dismisses it (so a message is read
// before a key typed on dismisses it).
const (
	infoTTL      = 4 * time.Second
	warnTTL      = 6 * time.Second
	errorTTL     = 8 * time.Second
	minInfoShown = 1500 * time.Millisecond
	minErrShown  = 3 * time.Second
)

// Conn is the connection state shown at the left of the bar.
type Conn struct {
	State   common.ConnState
	Attempt int
	RetryAt time.Time
	Err     string
	// Cause says in a few words why the last attempt failed ("connection
	// refused"); shown while reconnecting.
	Cause string
	// Fix names where to fix a rejected token ("--token", "env IRIS_TOKEN").
	Fix string
	// SyncAttempt counts the sync requests the gateway answered with an
	// error in a row (0: none); the next one goes out at SyncRetryAt.
	SyncAttempt int
	SyncRetryAt time.Time
	// Unanswered, while online, is when the gateway was last asked (a
	// keepalive ping) without answering since: the bar counts the silence.
	Unanswered time.Time
}

// Model is the status bar component.
type Model struct {
	com       *common.Common
	width     int
	conn      Conn
	info      common.InfoMsg
	infoStart time.Time
	infoEnd   time.Time
	lane      frame.Lane
	typing    bool // the focused pane takes printable keys as text

	transfers []Transfer // media transfer queue (transfers.go)
	cache     viewCache  // the last View and what it was drawn from (viewcache.go)
}

var _ common.Component = (*Model)(nil)

// New returns a status bar in the connecting state.
func New(com *common.Common) *Model {
	return &Model{com: com, conn: Conn{State: common.ConnConnecting}}
}

// SetSize sets the width (the bar is one row).
func (m *Model) SetSize(width, _ int) { m.width = width }

// SetConn records the connection state.
func (m *Model) SetConn(c Conn) { m.conn = c }

// Conn returns the connection state.
func (m *Model) Conn() Conn { return m.conn }

// SetLane sets the focused lane.
func (m *Model) SetLane(l frame.Lane) { m.lane = l }

// SetTyping says whether the focused pane takes printable keys as text (the
// composer), so the help hint leaves out keys that would type there.
func (m *Model) SetTyping(typing bool) { m.typing = typing }

// Update takes InfoMsg values, each replacing the one shown; other messages
// are ignored.
func (m *Model) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	if info, ok := msg.(common.InfoMsg); ok {
		ttl := info.TTL
		if ttl <= 0 {
			ttl = defaultTTL(info.Level)
		}
		m.info = info
		m.infoStart = m.com.Now()
		m.infoEnd = m.infoStart.Add(ttl)
	}
	return nil, nil
}

func defaultTTL(l common.Level) time.Duration {
	switch l {
	case common.LevelWarn:
		return warnTTL
	case common.LevelError:
		return errorTTL
	}
	return infoTTL
}

// Dismiss drops the info message when the user starts a new action (a
// key), once it has been shown for a moment: what it reported no longer
// applies ("attached x.txt" after sending, a refused preview after the next
// one).
func (m *Model) Dismiss() {
	least := minInfoShown
	if m.info.Level == common.LevelError {
		least = minErrShown
	}
	if m.info.Text != "" && !m.com.Now().Before(m.infoStart.Add(least)) {
		m.info, m.infoEnd = common.InfoMsg{}, time.Time{}
	}
}

// Info returns the info message currently shown ("" when none).
func (m *Model) Info() string {
	if m.info.Text == "" || !m.com.Now().Before(m.infoEnd) {
		return ""
	}
	return m.info.Text
}

// render draws the bar: left segments, then the right segment flush right.
func (m *Model) render() string {
	st := m.com.Styles.StatusBar
	left := []string{m.connView()}
	if s := m.gatewayView(); s != "" {
		left = append(left, s)
	}
	if name := m.laneName(); name != "" {
		left = append(left, st.Lane.Render(name))
	}
	if n := m.unreadElsewhere(); n > 0 {
		left = append(left, m.com.Styles.Sidebar.Unread.Render(strconv.Itoa(n)+" unread"))
	}
	if s := m.transfersView(); s != "" {
		left = append(left, s)
	}
	if text := m.Info(); text != "" {
		style := st.Segment
		switch m.info.Level {
		case common.LevelWarn:
			style = st.Connecting
		case common.LevelError:
			style = st.Error
		}
		left = append(left, style.Render(termsafe.Line(text)))
	}
	sep := st.Separator.Render(" │ ")
	l := strings.Join(left, sep)
	r := m.turnView() + st.Key.Render("  "+m.helpKey()+" help")
	inner := max(m.width-st.Base.GetHorizontalFrameSize(), 1)
	if ansi.StringWidth(l)+ansi.StringWidth(r)+1 > inner {
		r = ""
	}
	l = ansi.Truncate(l, inner, "…")
	gap := max(inner-ansi.StringWidth(l)-ansi.StringWidth(r), 0)
	return st.Base.Width(m.width).MaxHeight(1).Render(l + strings.Repeat(" ", gap) + r)
}

// helpKey is the help binding's label; while typing, only its keys that
// are not printable characters (which would type), when it has any.
func (m *Model) helpKey() string {
	b := m.com.KeyMap.Global.Help
	if !m.typing {
		return b.Help().Key
	}
	var keys []string
	for _, k := range b.Keys() {
		if utf8.RuneCountInString(k) > 1 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return b.Help().Key
	}
	return strings.Join(keys, "/")
}

func (m *Model) connView() string {
	st := m.com.Styles.StatusBar
	c := m.conn
	switch c.State {
	case common.ConnOnline:
		if !c.Unanswered.IsZero() {
			return st.Offline.Render("◌ " + NoAnswer(m.com.Now().Sub(c.Unanswered)))
		}
		if c.SyncAttempt == 0 {
			return st.Online.Render("● online")
		}
		s := "sync failed, retrying"
		if secs := int(math.Ceil(c.SyncRetryAt.Sub(m.com.Now()).Seconds())); secs > 0 {
			s += " in " + strconv.Itoa(secs) + "s"
		}
		return st.Online.Render("● online") + " " + st.Connecting.Render(fmt.Sprintf("↻ %s (attempt %d)", s, c.SyncAttempt))
	case common.ConnReconnecting:
		secs := int(math.Ceil(c.RetryAt.Sub(m.com.Now()).Seconds()))
		s := "↻ reconnecting"
		if secs > 0 {
			s += " in " + strconv.Itoa(secs) + "s"
		}
		if c.Attempt > 0 {
			s += fmt.Sprintf(" (attempt %d)", c.Attempt)
		}
		if c.Cause != "" {
			s += " · " + termsafe.Line(c.Cause)
		}
		return st.Offline.Render(s)
	case common.ConnAuthFailed:
		if c.Fix == "" {
			return st.Error.Render("✗ token rejected")
		}
		return st.Error.Render("✗ token rejected by the gateway — fix " + termsafe.Line(c.Fix))
	case common.ConnProtocolMismatch:
		return st.Error.Render("✗ protocol mismatch")
	case common.ConnHandshakeFailed:
		if c.Err == "" {
			return st.Error.Render("✗ handshake failed")
		}
		return st.Error.Render("✗ handshake failed — " + termsafe.Line(c.Err))
	case common.ConnOffline:
		return st.Offline.Render("○ offline")
	}
	return st.Connecting.Render("◌ connecting…")
}

// NoAnswer says how long the gateway has not answered, in whole seconds
// (at least 1): "no answer from the gateway for 7 s".
func NoAnswer(d time.Duration) string {
	return fmt.Sprintf("no answer from the gateway for %d s", max(int(math.Ceil(d.Seconds())), 1))
}

func (m *Model) gatewayView() string {
	st := m.com.Styles.StatusBar
	switch m.com.Store.Status() {
	case frame.StateRestarting:
		return st.Connecting.Render("gateway restarting")
	case frame.StateDegraded:
		return st.Connecting.Render("gateway degraded")
	}
	return ""
}

func (m *Model) laneName() string {
	if m.lane.ChatID == "" {
		return ""
	}
	return "# " + common.LaneLabel(m.com.Store, m.lane)
}

// unreadElsewhere counts unread messages in lanes other than the focused
// one (the sidebar may be collapsed).
func (m *Model) unreadElsewhere() int {
	n := 0
	for l, u := range m.com.Store.UnreadCounts() {
		if l != m.lane {
			n += u
		}
	}
	return n
}

// turnView is "model · ctx N%" of the focused lane's last turn.
func (m *Model) turnView() string {
	if m.lane.ChatID == "" {
		return ""
	}
	ln := m.com.Store.Lane(m.lane)
	if ln == nil {
		return ""
	}
	var parts []string
	model := ln.Model
	if ln.Runtime != nil && ln.Runtime.Model != "" {
		model = ln.Runtime.Model
	}
	if model != "" {
		parts = append(parts, termsafe.Line(model))
	}
	if ln.Runtime != nil && ln.Runtime.ContextPct != nil {
		parts = append(parts, "ctx "+strconv.Itoa(*ln.Runtime.ContextPct)+"%")
	}
	return m.com.Styles.StatusBar.Segment.Render(strings.Join(parts, " · "))
}

// ShortHelp has no bindings of its own.
func (m *Model) ShortHelp() []key.Binding { return nil }

// FullHelp has no bindings of its own.
func (m *Model) FullHelp() [][]key.Binding { return nil }
