package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/dialog"
)

// keyLayer is one step of the key chain: it takes a key (ok true) or
// passes it down.
type keyLayer struct {
	name string
	// shortcut: the layer's keys are shortcuts, never taken from text
	// typed into the focused composer.
	shortcut bool
	take     func(*Model, tea.KeyPressMsg) (tea.Cmd, bool)
}

// keyChain is the order a key goes down (ARCHITECTURE.md, "One key press"):
// the topmost dialog gets every key; otherwise the / drawer, global keys,
// media keys, selection keys, and then the focused child. The question of
// the copy-code key waits for its digit before the shortcuts, and a key
// typed in a list pane that belongs to the composer goes back to it before
// the pane sees it. (Set in init: the layers themselves send keys down the
// chain again.)
var keyChain []keyLayer

func init() {
	keyChain = []keyLayer{
		{name: "dialog", take: (*Model).dialogKey},
		{name: "drawer", take: (*Model).drawerKey},
		{name: "code choice", take: func(m *Model, msg tea.KeyPressMsg) (tea.Cmd, bool) { return m.clip.choiceKey(msg) }},
		{name: "global", shortcut: true, take: (*Model).handleGlobalKey},
		{name: "media", shortcut: true, take: (*Model).mediaKey},
		{name: "selection", shortcut: true, take: (*Model).selectionKey},
		{name: "composer shortcuts", shortcut: true, take: (*Model).composerKey},
		{name: "back to composer", take: (*Model).backToComposer},
		{name: "focused child", take: (*Model).childKey},
	}
}

// handleKey sends a key down the key chain until a layer takes it. Printable
// text typed into the focused composer is never taken as a shortcut.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	m.status.Dismiss() // a new action: an earlier status message is done
	justClosed, armed := m.escClosed, m.quitArmed
	m.quitArmed = armed && key.Matches(msg, m.com.KeyMap.Global.Quit)
	m.escClosed = key.Matches(msg, m.com.KeyMap.Global.Escape) && (m.dialogs.Len() > 0 || m.scr.drawerOpen())
	if key.Matches(msg, m.com.KeyMap.Global.Escape) && justClosed && !m.escClosed {
		return nil // the Esc after one that closed something stops nothing
	}
	typing := m.scr.focus == focusComposer && msg.Text != "" && msg.Mod&^tea.ModShift == 0
	for _, l := range keyChain {
		if l.shortcut && typing {
			continue
		}
		if cmd, ok := l.take(m, msg); ok {
			return cmd
		}
	}
	return nil
}

// dialogKey gives the topmost dialog every key. The quit key hides a
// picker (like Esc, so it does not pop up again) and closes any other
// dialog; the picker key arms an arming picker; the stop key works in the
// lane's own picker too (the picker is withdrawn).
func (m *Model) dialogKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	d := m.dialogs.Top()
	if d == nil {
		return nil, false
	}
	g := m.com.KeyMap.Global
	p, isPicker := d.(*dialog.Picker)
	switch {
	case key.Matches(msg, g.Quit) && isPicker:
		return m.handleAction(common.ActionHidePicker{Lane: p.Lane(), PickerID: p.PickerID()}), true
	case key.Matches(msg, g.Quit):
		return m.handleAction(common.ActionClose{}), true
	case isPicker && key.Matches(msg, g.Picker):
		return m.focusPicker(p.Lane(), p.PickerID()), true
	case isPicker && p.Lane() == m.lane && key.Matches(msg, g.Stop):
		return m.stopFocused(), true
	}
	if isPicker {
		m.pick.noteAnswering()
	} else {
		m.pick.noteTyping() // typing in a search or a form is typing too
	}
	act, cmd := d.Update(msg)
	m.scr.mark(needRedraw)
	return tea.Batch(cmd, m.handleAction(act)), true
}

// childKey hands the key to the focused pane, the last layer.
func (m *Model) childKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	var act common.Action
	var cmd tea.Cmd
	switch m.scr.focus {
	case focusSidebar:
		act, cmd = m.sidebar.Update(msg)
	case focusTranscript:
		act, cmd = m.scrollTranscript(msg)
	default:
		m.pick.noteTyping()
		before := m.composer.Height()
		act, cmd = m.composer.Update(msg)
		if m.composer.Height() != before {
			m.scr.mark(needLayout)
		}
		cmd = tea.Batch(cmd, m.syncDrawer())
	}
	return tea.Batch(cmd, m.handleAction(act)), true
}

// handleGlobalKey handles the keys that work in every focus area. ok is
// false when msg is not a global key.
func (m *Model) handleGlobalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	g := m.com.KeyMap.Global
	switch {
	case key.Matches(msg, g.Quit):
		return m.quitKey(), true
	case key.Matches(msg, g.Help):
		m.scr.openHelp(!mediaOff(m.st))
	case key.Matches(msg, g.Switcher):
		m.scr.openDialog(dialog.NewSwitcher(m.com, &m.laneIndex))
	case key.Matches(msg, g.Search):
		return m.openSearch(""), true
	case key.Matches(msg, g.Stop):
		return m.stopFocused(), true
	case key.Matches(msg, g.Picker):
		return m.showPendingPicker(), true
	case key.Matches(msg, g.AutoThread):
		return m.toggleAutoThread(), true
	case key.Matches(msg, g.Channels):
		return m.openChannels(""), true
	case key.Matches(msg, g.ConnDetail):
		return m.link.detail(), true
	case key.Matches(msg, g.Escape):
		return m.escape(), true
	case key.Matches(msg, g.FocusNext):
		return m.scr.cycleFocus(1), true
	case key.Matches(msg, g.FocusPrev):
		return m.scr.cycleFocus(-1), true
	case key.Matches(msg, g.ToggleSidebar):
		m.scr.toggleSidebar()
	case key.Matches(msg, g.ToggleReasoning, g.ToggleSteer, g.ToolVerbosity, g.ToggleFooter):
		return m.toggleSetting(msg), true
	case key.Matches(msg, g.Resend):
		return m.resend(), true
	case key.Matches(msg, g.PageUp, g.PageDown, g.Top, g.Bottom):
		act, cmd := m.scrollTranscript(msg)
		return tea.Batch(cmd, m.handleAction(act)), true
	default:
		return nil, false
	}
	return nil, true
}

// escape returns focus to the composer from another pane, or stops the
// busy focused lane's agent from an empty composer: going back to typing
// never stops the agent by surprise, nor does an Esc meant for a draft or
// one right after an Esc that closed a dialog or the / drawer (handleKey).
func (m *Model) escape() tea.Cmd {
	if m.scr.focus != focusComposer {
		return m.scr.setFocus(focusComposer)
	}
	ln := m.st.Lane(m.lane)
	if ln == nil || !ln.Busy {
		return nil
	}
	if m.composer.Value() != "" {
		g := m.com.KeyMap.Global
		return common.ReportInfo(g.Escape.Help().Key + " stops the agent from an empty composer (or " + g.Stop.Help().Key + ")")
	}
	return m.stopAgent()
}

// toggleSetting flips a view setting, remembers it in the store and
// re-renders.
func (m *Model) toggleSetting(msg tea.KeyPressMsg) tea.Cmd {
	g := m.com.KeyMap.Global
	s := m.com.Settings
	var info string
	switch {
	case key.Matches(msg, g.ToggleReasoning):
		s.ShowReasoning = !s.ShowReasoning
		info = "reasoning " + onOff(s.ShowReasoning, "shown", "collapsed")
	case key.Matches(msg, g.ToggleSteer):
		s.BusyInput = s.BusyInput.Next()
		info = "while busy: " + m.com.KeyMap.Composer.Send.Help().Key + busyInputInfo[s.BusyInput]
	case key.Matches(msg, g.ToolVerbosity):
		s.Tools = s.Tools.Next()
		info = "tool cards: " + s.Tools.String()
	case key.Matches(msg, g.ToggleFooter):
		s.RuntimeFooter = !s.RuntimeFooter
		info = "runtime footer " + onOff(s.RuntimeFooter, "on", "off")
	}
	s.Gen++
	saveSettings(m.st, *s)
	m.syncComposer()
	m.scr.mark(needRedraw)
	return common.ReportInfo(info)
}

func onOff(b bool, on, off string) string {
	if b {
		return on
	}
	return off
}

// handlePaste inserts pasted text into the composer (or the dialog).
func (m *Model) handlePaste(msg tea.PasteMsg) tea.Cmd {
	m.status.Dismiss()
	if d := m.dialogs.Top(); d != nil {
		if key.Matches(msg, m.com.KeyMap.Global.Quit) {
			return m.handleAction(common.ActionClose{})
		}
		act, cmd := d.Update(msg)
		return tea.Batch(cmd, m.handleAction(act))
	}
	cmd := m.scr.setFocus(focusComposer)
	m.pick.noteTyping()
	act, c2 := m.composer.Update(msg)
	m.scr.mark(needLayout)
	return tea.Batch(cmd, c2, m.syncDrawer(), m.handleAction(act))
}

// handleWheel moves the list of the open dialog, or scrolls the
// transcript.
func (m *Model) handleWheel(msg tea.MouseWheelMsg) tea.Cmd {
	if d := m.dialogs.Top(); d != nil {
		act, cmd := d.Update(msg)
		m.scr.mark(needRedraw)
		return tea.Batch(cmd, m.handleAction(act))
	}
	act, cmd := m.scrollTranscript(msg)
	return tea.Batch(cmd, m.handleAction(act))
}

// scrollTranscript hands a scroll key or wheel event to the transcript.
// Coming back to the bottom shows the newest messages, so the newest one
// from the agent is reported read.
func (m *Model) scrollTranscript(msg tea.Msg) (common.Action, tea.Cmd) {
	was := m.transcript.Following()
	act, cmd := m.transcript.Update(msg)
	m.scr.mark(needRedraw)
	if !was && m.transcript.Following() {
		cmd = tea.Batch(cmd, m.readNewest())
	}
	return act, cmd
}

// handleClick selects a channel clicked in the sidebar, or focuses the
// area clicked.
func (m *Model) handleClick(msg tea.MouseClickMsg) tea.Cmd {
	if m.dialogs.Len() > 0 || msg.Button != tea.MouseLeft {
		return nil
	}
	if p, ok := m.pick.cardAt(msg.Y); ok && msg.X >= m.scr.layout.sidebar {
		return m.focusPicker(p.Lane, p.PickerID)
	}
	switch m.scr.layout.areaAt(msg.X, msg.Y) {
	case focusSidebar:
		return m.handleAction(m.sidebar.Click(msg.Y - m.scr.layout.top))
	case focusTranscript:
		return m.scr.setFocus(focusTranscript)
	default:
		return m.scr.setFocus(focusComposer)
	}
}

// busyInputInfo says what the send key does while the agent is busy, per
// policy (after the key's name).
var busyInputInfo = map[common.BusyInput]string{
	common.BusySteer:   " steers the running turn (STEER)",
	common.BusyQueue:   " waits for the next turn (QUEUE)",
	common.BusyGateway: " sends at once; the gateway's busy mode decides (GATEWAY)",
}
