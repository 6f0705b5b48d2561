package dialog

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/store"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/wsclient/frame"
)

// PickerDialogID is the ID of the picker dialog (one is open at a time: the
// first pending picker of the focused lane).
const PickerDialogID = "picker"

// ArmDelay is how long a picker must be on screen with no key pressed
// before it accepts an answer, so keys already in flight when it appeared
// cannot answer it by accident.
const ArmDelay = 400 * time.Millisecond

// PickerArmedMsg arrives ArmDelay after a picker was shown or last got a
// key. It arms the picker when Gen is still the picker's arming generation
// (no key came in between).
type PickerArmedMsg struct {
	PickerID string
	Gen      int
}

// Tick schedules msg after d (tea.Tick in the program, a fake in tests).
type Tick func(d time.Duration, msg tea.Msg) tea.Cmd

// Picker is the modal for every picker.* prompt: it renders whatever fields
// the prompt carries (title, question, message, command, description,
// choices, providers, free text) with the defaults of its kind.
type Picker struct {
	com           *common.Common
	width, height int
	pk            store.Picker
	tick          Tick
	rows          []pickerRow
	cursor        int
	input         textinput.Model // the free-text answer, or the model filter
	armed         bool
	gen           int
}

var _ Dialog = (*Picker)(nil)

// NewPicker builds the dialog for pk. It starts unarmed; call Show when it
// goes on screen.
func NewPicker(com *common.Common, pk store.Picker, tick Tick) *Picker {
	p := &Picker{com: com, pk: pk, tick: tick, input: newTextInput(com, "")}
	if p.isModel() {
		p.input.Placeholder = "filter models…"
		p.input.Focus()
		p.rows = modelRows(pk, "")
	} else {
		p.input.Placeholder = "type an answer…"
		p.rows = choiceRows(pk)
	}
	p.cursor = p.firstSelectable()
	for i, r := range p.rows {
		if r.current {
			p.cursor = i
		}
	}
	p.syncInput()
	return p
}

// newTextInput is the one-line text field of the dialogs, styled for the
// theme, with a steady cursor (a blinking one costs a render per blink).
func newTextInput(com *common.Common, placeholder string) textinput.Model {
	ti := textinput.New()
	ti.Prompt = "› "
	ti.Placeholder = placeholder
	st := com.Styles.Dialog.TextInput
	st.Cursor.Blink = false
	ti.SetStyles(st)
	return ti
}

// ID names the dialog.
func (p *Picker) ID() string { return PickerDialogID }

// PickerID is the picker_id of the prompt shown.
func (p *Picker) PickerID() string { return p.pk.PickerID }

// Lane is the lane the prompt belongs to.
func (p *Picker) Lane() frame.Lane { return p.pk.Lane }

// Armed reports whether the picker accepts answers yet.
func (p *Picker) Armed() bool { return p.armed }

// Show (re)starts the arming delay; call it whenever the picker comes on
// screen.
func (p *Picker) Show() tea.Cmd {
	p.armed = false
	p.gen++
	return p.tick(ArmDelay, PickerArmedMsg{PickerID: p.pk.PickerID, Gen: p.gen})
}

// SetSize sets the screen size the dialog fits in.
func (p *Picker) SetSize(w, h int) {
	p.width, p.height = w, h
	p.input.SetWidth(max(p.innerWidth()-4, 8))
}

func (p *Picker) innerWidth() int { return min(max(p.width-8, 30), 72) }

func (p *Picker) isModel() bool {
	return p.pk.Type == frame.TypePickerModel || len(p.pk.Providers) > 0
}

// Update arms the picker, or handles a key or a paste.
func (p *Picker) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case PickerArmedMsg:
		if msg.PickerID == p.pk.PickerID && msg.Gen == p.gen {
			p.armed = true
		}
	case tea.KeyPressMsg:
		return p.handleKey(msg)
	case tea.PasteMsg:
		if p.armed && p.typing() {
			return p.edit(msg)
		}
	}
	return nil, nil
}

// handleKey: Esc always hides; before the picker is armed every other key
// only restarts the delay.
func (p *Picker) handleKey(kp tea.KeyPressMsg) (common.Action, tea.Cmd) {
	km := p.com.KeyMap.Picker
	if key.Matches(kp, km.Close) {
		return common.ActionHidePicker{Lane: p.pk.Lane, PickerID: p.pk.PickerID}, nil
	}
	if !p.armed {
		return nil, p.Show()
	}
	switch {
	case key.Matches(kp, km.Up):
		p.move(-1)
		return nil, nil
	case key.Matches(kp, km.Down):
		p.move(1)
		return nil, nil
	case key.Matches(kp, km.Select):
		return p.choose(p.cursor), nil
	case p.typing():
		return p.edit(kp)
	case key.Matches(kp, km.VimUp):
		p.move(-1)
	case key.Matches(kp, km.VimDown):
		p.move(1)
	case key.Matches(kp, km.Digit):
		return p.chooseNth(int(kp.Text[0] - '1')), nil
	}
	return nil, nil
}

// typing reports whether printable keys go to the text field: always in
// the model picker (the filter), on the free-text row otherwise.
func (p *Picker) typing() bool {
	return p.isModel() || (p.cursor < len(p.rows) && p.rows[p.cursor].text)
}

// edit hands msg to the text field, refiltering the model list.
func (p *Picker) edit(msg tea.Msg) (common.Action, tea.Cmd) {
	before := p.input.Value()
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	if p.isModel() && p.input.Value() != before {
		p.rows = modelRows(p.pk, p.input.Value())
		p.cursor = p.firstSelectable()
	}
	return nil, cmd
}

// move steps the cursor over selectable rows, stopping at the ends.
func (p *Picker) move(step int) {
	for i := p.cursor + step; i >= 0 && i < len(p.rows); i += step {
		if p.rows[i].selectable() {
			p.cursor = i
			break
		}
	}
	p.syncInput()
}

// syncInput focuses the free-text field when its row has the cursor.
func (p *Picker) syncInput() {
	if p.isModel() {
		return
	}
	if p.cursor < len(p.rows) && p.rows[p.cursor].text {
		p.input.Focus()
	} else {
		p.input.Blur()
	}
}

func (p *Picker) firstSelectable() int {
	for i, r := range p.rows {
		if r.selectable() {
			return i
		}
	}
	return 0
}

// chooseNth answers with the n-th (0-based) choice, not counting headings
// or the free-text row.
func (p *Picker) chooseNth(n int) common.Action {
	for i, r := range p.rows {
		if !r.selectable() || r.text {
			continue
		}
		if n == 0 {
			p.cursor = i
			return p.choose(i)
		}
		n--
	}
	return nil
}

// choose answers with row i; an empty free-text answer is not sent.
func (p *Picker) choose(i int) common.Action {
	if i >= len(p.rows) || !p.rows[i].selectable() {
		return nil
	}
	r := p.rows[i]
	value := r.value
	if r.text {
		value = strings.TrimSpace(p.input.Value())
		if value == "" {
			return nil
		}
	}
	return common.ActionSelectPicker{Lane: p.pk.Lane, PickerID: p.pk.PickerID, Value: value, Record: record(p.pk, r, value)}
}

// ShortHelp lists the picker's keys.
func (p *Picker) ShortHelp() []key.Binding {
	km := p.com.KeyMap.Picker
	return []key.Binding{km.Up, km.Down, km.Digit, km.Select, km.Close}
}

// FullHelp lists the picker's keys.
func (p *Picker) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }
