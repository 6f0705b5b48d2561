package composer

// viewKey is everything the composer's rendering depends on. View draws
// afresh only when it differs from the key of the last drawing, so frames
// that stream into the transcript cost the composer nothing.
type viewKey struct {
	value                string // the editor's text (large pastes as their placeholders)
	line, col, scroll    int
	width                int
	focused              bool
	placeholder          string
	busy                 bool
	queue                int
	autoThread           bool
	busyInput            int
	attVer               int
	themeGen, settingGen int
}

// viewCache is the last drawing and its key.
type viewCache struct {
	key     viewKey
	view    string
	renders int
}

func (m *Model) viewKey() viewKey {
	return viewKey{
		value: m.ta.Value(), line: m.ta.Line(), col: m.ta.Column(), scroll: m.ta.ScrollYOffset(),
		width: m.width, focused: m.ta.Focused(), placeholder: m.ta.Placeholder,
		busy: m.busy, queue: m.queue, autoThread: m.autoThread, busyInput: int(m.com.Settings.BusyInput),
		attVer: m.att.ver, themeGen: m.com.ThemeGen, settingGen: m.com.Settings.Gen,
	}
}

// View renders the composer, reusing the last drawing while nothing it
// shows changed.
func (m *Model) View() string {
	k := m.viewKey()
	if m.cache.view != "" && k == m.cache.key {
		return m.cache.view
	}
	m.cache.key, m.cache.view = k, m.render()
	m.cache.renders++
	return m.cache.view
}

// Renders counts the drawings View made afresh (the performance tests
// check that streaming frames make none).
func (m *Model) Renders() int { return m.cache.renders }
