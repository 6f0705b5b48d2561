// Package composer is the message input: a multiline bubbles textarea that
// sends on Enter, inserts a newline on Alt+Enter or Ctrl+J, grows to a few
// lines, and says plainly whether text sent while the agent is busy steers
// the running turn or waits for the next one.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package composer

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/ui/common"
)

// placeholder is shown in the empty, focused composer.
func (m *Model) placeholder() string {
	km := m.com.KeyMap.Composer
	return "Message…  (" + common.HintLine(common.FirstKey(km.Send)+" send", common.FirstKey(km.Newline)+" newline") + ")"
}

// MaxLines is how tall the composer grows before it scrolls.
const MaxLines = 5

// maxContentLines bounds the draft in visual rows (far beyond any message).
const maxContentLines = 10000

// Model is the composer component.
type Model struct {
	com   *common.Common
	ta    textarea.Model
	width int
	inner int  // the textarea's width, inside the frame
	busy  bool // the focused lane's agent is running a turn
	queue int  // messages held for the next turn of the focused lane
	att   attachments
	// autoThread: the next message asks the gateway for a new thread.
	autoThread bool
	pastes     []pasteBlock // large pastes held apart from the editor (paste.go)
	nextPaste  int
	cache      viewCache // the last View and what it was drawn from (viewcache.go)
	prompts    []string  // the prompt of each display row, made before each drawing (softwrap.go)
}

var _ common.Component = (*Model)(nil)

// New returns a focused, empty composer.
func New(com *common.Common) *Model {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.DynamicHeight = true
	ta.MinHeight = 1
	ta.MaxHeight = MaxLines
	// Without it the textarea refuses newlines at MaxHeight lines; with it
	// the box stops growing at MaxLines and scrolls.
	ta.MaxContentHeight = maxContentLines
	ta.CharLimit = 0
	ta.MaxWidth = 0
	ta.KeyMap.InsertNewline = com.KeyMap.Composer.Newline
	m := &Model{com: com, ta: ta}
	m.ta.Placeholder = m.placeholder()
	m.ta.SetPromptFunc(ansi.StringWidth(promptLine), m.rowPrompt)
	m.ApplyStyles()
	m.ta.Focus()
	return m
}

// ApplyStyles re-reads the composer styles after a theme change.
// The cursor does not blink: a steady cursor costs no timer renders.
func (m *Model) ApplyStyles() {
	st := m.com.Styles.Composer.Textarea
	st.Cursor.Blink = false
	m.ta.SetStyles(st)
	m.cache.view = ""
}

// SetSize sets the width; the height follows the content (1..MaxLines plus
// the hint line).
func (m *Model) SetSize(width, _ int) {
	inner := max(width-m.com.Styles.Composer.Base.GetHorizontalFrameSize(), 4)
	if width == m.width && inner == m.inner {
		return // the layout asks on every frame; re-wrapping costs
	}
	m.width, m.inner = width, inner
	m.ta.SetWidth(inner)
}

// Height is the number of rows View takes at the current content (computed
// without rendering: it is asked on every key).
func (m *Model) Height() int {
	h := m.com.Styles.Composer.Base.GetVerticalFrameSize() + m.ta.Height()
	if m.hint() != "" {
		h++
	}
	return h + len(m.att.list)
}

// SetBusy tells the composer whether the focused lane's agent is busy and how
// many messages are held for its next turn, for the steer/queue hint.
func (m *Model) SetBusy(busy bool, queued int) { m.busy, m.queue = busy, queued }

// SetAutoThread shows whether the next message starts a new thread.
func (m *Model) SetAutoThread(on bool) { m.autoThread = on }

// Focus gives the composer keyboard focus.
func (m *Model) Focus() tea.Cmd {
	m.ta.Placeholder = m.placeholder()
	return m.ta.Focus()
}

// Blur removes keyboard focus; the empty composer then says how to come
// back (its frame and prompt are dimmed by the blurred styles).
func (m *Model) Blur() {
	km := m.com.KeyMap
	m.ta.Placeholder = km.Transcript.Compose.Help().Key + " or " + km.Global.Escape.Help().Key + ": back to typing"
	m.ta.Blur()
}

// Focused reports whether the composer has focus.
func (m *Model) Focused() bool { return m.ta.Focused() }

// Value is the current draft, large pastes included.
func (m *Model) Value() string { return m.expand(m.ta.Value()) }

// SetValue replaces the draft (lane switches restore drafts).
func (m *Model) SetValue(s string) {
	m.setText(s)
	m.ta.MoveToEnd()
}

// Reset clears the draft.
func (m *Model) Reset() {
	m.ta.Reset()
	m.pastes = nil
}

// Update handles a key while the composer is focused. Enter on a non-blank
// draft returns ActionSend and clears the composer; with attachments it
// returns ActionSend (even for empty text) and keeps the text, which the
// root clears once the uploads succeeded.
func (m *Model) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	if kp, ok := msg.(tea.KeyPressMsg); ok && key.Matches(kp, m.com.KeyMap.Composer.Send) {
		return m.Submit(), nil
	}
	if p, ok := msg.(tea.PasteMsg); ok {
		return m.paste(p)
	}
	if kp, ok := msg.(tea.KeyPressMsg); ok && m.deleteMarker(kp) {
		return nil, nil
	}
	var cmd tea.Cmd
	m.ta, cmd = m.ta.Update(msg)
	return nil, cmd
}

// Submit is Enter: it returns ActionSend for a non-blank draft (or any
// draft with attachments) and clears the text unless attachments hold it
// until their uploads succeed.
func (m *Model) Submit() common.Action {
	text := m.Value()
	if len(m.att.list) > 0 { // the text stays until the uploads succeed
		return common.ActionSend{Text: text}
	}
	if strings.TrimSpace(text) == "" {
		return nil
	}
	m.Reset()
	return common.ActionSend{Text: text}
}

// rowPrompt is the textarea's prompt of display row info.LineNumber.
func (m *Model) rowPrompt(info textarea.PromptInfo) string {
	if info.LineNumber < len(m.prompts) {
		return m.prompts[info.LineNumber]
	}
	return promptLine
}

// render draws the busy hint (when the agent runs) above the input. Format
// and bidi controls in the draft show as placeholders.
func (m *Model) render() string {
	st := m.com.Styles.Composer
	m.prompts = rowPrompts(m.ta.Value(), m.ta.Width())
	body := showHidden(m.ta.View())
	if chips := m.attachmentsView(m.width - st.Base.GetHorizontalFrameSize()); len(chips) > 0 {
		body = strings.Join(chips, "\n") + "\n" + body
	}
	if hint := m.hint(); hint != "" {
		body = ansi.Truncate(hint, max(m.width-st.Base.GetHorizontalFrameSize(), 1), "…") + "\n" + body
	}
	frame := st.Base
	if m.ta.Focused() {
		frame = st.Focused
	}
	return frame.Width(m.width).Render(body)
}

// hint is the line above the input: the new-thread badge, or the
// steer/queue state. A new thread's message never steers nor waits for the
// busy lane's turn, so the badge stands alone.
func (m *Model) hint() string {
	if !m.autoThread {
		return m.busyHint()
	}
	st := m.com.Styles.Composer
	return st.Mode.Render("NEW THREAD") + st.Hint.Render(" the next message starts a thread · "+
		m.com.KeyMap.Global.AutoThread.Help().Key+": cancel")
}

// busyHint says what Enter does while the agent is busy, and what waits.
func (m *Model) busyHint() string {
	st := m.com.Styles.Composer
	toggle := m.com.KeyMap.Global.ToggleSteer.Help().Key
	enter := m.com.KeyMap.Composer.Send.Help().Key
	var s string
	switch {
	case !m.busy && m.queue == 0:
		return ""
	case !m.busy:
		s = st.Hint.Render(plural(m.queue) + " waiting to send")
	case m.com.Settings.BusyInput == common.BusySteer:
		s = st.Mode.Render("STEER") + st.Hint.Render(" "+enter+" steers the running turn · "+toggle+": queue instead")
	case m.com.Settings.BusyInput == common.BusyQueue:
		s = st.ModeQueue.Render("QUEUE") + st.Hint.Render(" "+enter+" waits for the next turn · "+toggle+": let the gateway decide")
	default:
		s = st.ModeQueue.Render("GATEWAY") + st.Hint.Render(" "+enter+" sends now; the gateway's busy mode decides · "+toggle+": steer instead")
	}
	if m.busy && m.queue > 0 {
		s += st.Hint.Render(" · " + plural(m.queue) + " queued")
	}
	return s
}

func plural(n int) string {
	if n == 1 {
		return "1 message"
	}
	return strconv.Itoa(n) + " messages"
}

// ShortHelp lists the composer's main keys.
func (m *Model) ShortHelp() []key.Binding {
	return []key.Binding{m.com.KeyMap.Composer.Send, m.com.KeyMap.Composer.Newline}
}

// FullHelp lists all composer keys.
func (m *Model) FullHelp() [][]key.Binding {
	c := m.com.KeyMap.Composer
	return [][]key.Binding{{c.Send, c.Newline, c.Complete, c.CopyLast, c.Editor, c.RecallPrev, c.RecallNext}}
}
