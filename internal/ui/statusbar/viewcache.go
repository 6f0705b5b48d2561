package statusbar

import (
	"math"
	"slices"

	"github.com/hermes/iris/internal/ui/common"
)

// viewKey is everything the bar shows, read without rendering. View draws
// afresh only when it differs from the key of the last drawing, so frames
// that stream into the transcript cost the bar nothing.
type viewKey struct {
	width, themeGen int
	conn            Conn
	retrySecs       int // the reconnect countdown, in whole seconds
	silentSecs      int // how long the gateway has not answered, in whole seconds
	info            common.InfoMsg
	infoShown       bool
	status          string
	lane            string
	unread          int
	model           string
	ctxPct          int // -1: none
	typing          bool
}

// viewCache is the last drawing, its key and the transfer queue it showed.
type viewCache struct {
	key       viewKey
	transfers []Transfer
	view      string
	renders   int
}

func (m *Model) viewKey() viewKey {
	k := viewKey{
		width: m.width, themeGen: m.com.ThemeGen, conn: m.conn, info: m.info, infoShown: m.Info() != "",
		status: m.com.Store.Status(), lane: m.laneName(), unread: m.unreadElsewhere(), ctxPct: -1, typing: m.typing,
	}
	if m.conn.State == common.ConnReconnecting {
		k.retrySecs = int(math.Ceil(m.conn.RetryAt.Sub(m.com.Now()).Seconds()))
	}
	if !m.conn.Unanswered.IsZero() {
		k.silentSecs = int(math.Ceil(m.com.Now().Sub(m.conn.Unanswered).Seconds()))
	}
	if ln := m.com.Store.Lane(m.lane); m.lane.ChatID != "" && ln != nil {
		k.model = ln.Model
		if ln.Runtime != nil {
			if ln.Runtime.Model != "" {
				k.model = ln.Runtime.Model
			}
			if ln.Runtime.ContextPct != nil {
				k.ctxPct = *ln.Runtime.ContextPct
			}
		}
	}
	return k
}

// View renders the bar, reusing the last drawing while nothing it shows
// changed.
func (m *Model) View() string {
	k := m.viewKey()
	if m.cache.view != "" && k == m.cache.key && slices.Equal(m.transfers, m.cache.transfers) {
		return m.cache.view
	}
	m.cache.key, m.cache.view = k, m.render()
	m.cache.transfers = append(m.cache.transfers[:0], m.transfers...)
	m.cache.renders++
	return m.cache.view
}

// Renders counts the drawings View made afresh (the performance tests
// check that streaming frames make none).
func (m *Model) Renders() int { return m.cache.renders }
