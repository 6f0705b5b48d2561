package transcript

import "github.com/charmbracelet/x/ansi"

// SetFocused marks whether the transcript has keyboard focus; while it has,
// a line under it says so and how to get back to typing.
func (m *Model) SetFocused(f bool) { m.focused = f }

// Focused reports whether the transcript has keyboard focus.
func (m *Model) Focused() bool { return m.focused }

// focusMark is the "TRANSCRIPT" badge with the keys on the selected
// message and the keys back to the composer.
func (m *Model) focusMark() string {
	st := m.com.Styles.Transcript
	km := m.com.KeyMap
	badge := st.FocusMark.Render("TRANSCRIPT")
	t := km.Transcript
	keys := " " + t.Compose.Help().Key + " or " + km.Global.Escape.Help().Key + ": type a message · " +
		t.Up.Help().Key + " " + t.Down.Help().Key + " select · " + t.Copy.Help().Key + " copy · " +
		t.CopyCode.Help().Key + " code · " + t.View.Help().Key + " view · " + t.Reasoning.Help().Key + " reasoning · " +
		t.Delete.Help().Key + " delete"
	w := max(m.width-ansi.StringWidth(badge), 0)
	return badge + st.Time.Render(ansi.Truncate(keys, w, "…"))
}
