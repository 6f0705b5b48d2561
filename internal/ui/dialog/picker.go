package dialog

import (
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/ui/common"
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

// pickerStage is what the picker asks at the moment.
type pickerStage int

const (
	stageChoose  pickerStage = iota // the list of choices
	stageConfirm                    // "this outlives the session: sure?"
	stageReason                     // the typed reason of a deny
)

// Picker is the modal for every picker.* prompt: it renders whatever fields
// the prompt carries (title, question, message, command, description,
// choices, providers, free text) with the defaults of its kind.
//
// It fails closed: a character typed while it arms (the user was typing
// when it appeared) is handed back to the composer (ActionYieldPicker), so
// the user can neither answer it by accident nor lose a character; once it
// is armed, or opened deliberately (Arm), a key that answers nothing keeps
// it open, says which keys answer and holds it until the user pauses.
// Approvals and confirms start with nothing highlighted, take no letters,
// and ask again before a permanent answer.
type Picker struct {
	com           *common.Common
	width, height int
	pk            store.Picker
	tick          Tick
	rows          []pickerRow
	cursor        int             // the highlighted row; -1: none
	input         textinput.Model // the free-text answer, the model filter or the deny reason
	armed         bool
	held          bool // disarmed by a key that answered nothing: keys wait for a pause
	gen           int
	stage         pickerStage
	pending       int          // the row waiting for stageConfirm
	picked        map[int]bool // the rows toggled in a multi-select clarify
	notice        string       // why the last key did nothing
	news          string       // the gateway's report that the picker was answered (SetNews)
}

var _ Dialog = (*Picker)(nil)

// NewPicker builds the dialog for pk. It starts unarmed; call Show when it
// goes on screen.
func NewPicker(com *common.Common, pk store.Picker, tick Tick) *Picker {
	p := &Picker{com: com, pk: pk, tick: tick, input: newTextInput(com, ""), cursor: -1, picked: map[int]bool{}}
	switch {
	case p.isModel():
		p.input.Placeholder = "filter models…"
		p.input.Focus()
		p.rows, p.cursor = modelRows(pk, "")
	case p.guarded():
		p.rows = choiceRows(pk) // nothing highlighted: an answer takes a deliberate key
	default:
		p.input.Placeholder = "type an answer…"
		p.rows = choiceRows(pk)
		p.cursor = p.textRow() // typing answers; the arrows pick a listed choice
	}
	for i, r := range p.rows {
		if r.current && !p.guarded() {
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

// SetNews shows record, the gateway's report that the picker was answered
// elsewhere, while the dialog stays open for the user to dismiss.
func (p *Picker) SetNews(record string) { p.news = record }

// ID names the dialog.
func (p *Picker) ID() string { return PickerDialogID }

// PickerID is the picker_id of the prompt shown.
func (p *Picker) PickerID() string { return p.pk.PickerID }

// Lane is the lane the prompt belongs to.
func (p *Picker) Lane() frame.Lane { return p.pk.Lane }

// Draft is the text typed in the picker's field (the free-text answer or
// the model filter), kept by the caller when the picker is hidden.
func (p *Picker) Draft() string {
	if p.stage != stageChoose || !p.typing() {
		return ""
	}
	return p.input.Value()
}

// SetDraft puts text typed earlier back into the picker's field, with
// typing going to it (a picker brought back after Esc).
func (p *Picker) SetDraft(text string) {
	if text == "" || !p.isModel() && !p.allowsText() {
		return
	}
	p.input.SetValue(text)
	if p.isModel() {
		p.rows, p.cursor = modelRows(p.pk, text)
	} else {
		p.cursor = p.textRow()
	}
	p.syncInput()
}

// Armed reports whether the picker accepts answers yet.
func (p *Picker) Armed() bool { return p.armed }

// InUse reports whether the user may be in the dialog: it is armed (it was
// on screen for ArmDelay, or opened deliberately) or it took a key that
// answered nothing. One that just popped up and is still arming is not.
func (p *Picker) InUse() bool { return p.armed || p.held }

// Show (re)starts the arming delay; call it whenever the picker comes on
// screen.
func (p *Picker) Show() tea.Cmd {
	p.held = false
	return p.disarm()
}

// disarm restarts the arming delay.
func (p *Picker) disarm() tea.Cmd {
	p.armed = false
	p.gen++
	return p.tick(ArmDelay, PickerArmedMsg{PickerID: p.pk.PickerID, Gen: p.gen})
}

// unmatched handles a character that answers nothing: the picker stays
// open, says which keys answer, and takes no key until the user pauses, so
// a sentence typed into it ("let me check 1 thing") cannot answer it with
// a digit.
func (p *Picker) unmatched(kp tea.KeyPressMsg) tea.Cmd {
	p.notice, p.held = p.noticeUnmatched(kp), true
	return p.disarm()
}

// Arm makes the picker accept answers at once: the user opened it
// deliberately (the picker key, a click on its card, the inbox), so the next
// key is meant for it.
func (p *Picker) Arm() {
	p.armed, p.held = true, false
	p.gen++ // an arming tick still on its way changes nothing
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

// guarded reports whether the picker grants something (an approval or a
// confirm): it starts with nothing highlighted and never takes letters.
func (p *Picker) guarded() bool {
	return !p.isModel() && (p.pk.Type == frame.TypePickerApproval || p.pk.Type == frame.TypePickerConfirm)
}

// multi reports whether the picker is a multi-select clarify.
func (p *Picker) multi() bool {
	return p.pk.Type == frame.TypePickerClarify && p.pk.MultiSelect != nil && *p.pk.MultiSelect
}

// Update arms the picker, or handles a key or a paste.
func (p *Picker) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	switch msg := msg.(type) {
	case PickerArmedMsg:
		if msg.PickerID == p.pk.PickerID && msg.Gen == p.gen {
			p.armed, p.held = true, false
		}
	case tea.KeyPressMsg:
		if !p.held {
			p.notice = "" // a held picker keeps saying which keys answer
		}
		return p.handleKey(msg)
	case tea.PasteMsg:
		if p.armed && p.stage == stageChoose && p.allowsText() {
			p.cursor = p.textRow() // like typing, a paste goes to the answer
			p.syncInput()
		}
		if p.armed && p.typing() {
			return p.edit(msg)
		}
		return p.yield(msg), nil
	}
	return nil, nil
}

// printable reports whether kp types a character (shift aside).
func printable(kp tea.KeyPressMsg) bool {
	return kp.Text != "" && kp.Mod&^tea.ModShift == 0
}

// handleKey: Esc hides (or steps back); before the picker is armed a
// character goes back to the composer and any other key restarts the delay.
func (p *Picker) handleKey(kp tea.KeyPressMsg) (common.Action, tea.Cmd) {
	km := p.com.KeyMap.Picker
	if key.Matches(kp, km.Close) {
		if p.stage != stageChoose {
			p.back()
			return nil, nil
		}
		return common.ActionHidePicker{Lane: p.pk.Lane, PickerID: p.pk.PickerID}, nil
	}
	if !p.armed {
		switch {
		case printable(kp) && p.held:
			return nil, p.unmatched(kp)
		case printable(kp) && p.stage == stageChoose:
			return p.yield(kp), nil // typed as it appeared: meant for the composer
		}
		return nil, p.disarm()
	}
	switch p.stage {
	case stageConfirm:
		return p.confirmKey(kp)
	case stageReason:
		return p.reasonKey(kp)
	}
	return p.chooseKey(kp)
}

// chooseKey handles a key in the list of choices.
func (p *Picker) chooseKey(kp tea.KeyPressMsg) (common.Action, tea.Cmd) {
	km := p.com.KeyMap.Picker
	switch {
	case key.Matches(kp, km.Up):
		p.move(-1)
	case key.Matches(kp, km.Down):
		p.move(1)
	case key.Matches(kp, km.Select):
		return p.enter()
	case key.Matches(kp, km.Pick):
		i := p.nthRow(keymap.Position(kp, km.Pick))
		switch {
		case i >= 0 && p.multi(): // a multi-select picks by toggling
			p.cursor, p.picked[i] = i, !p.picked[i]
			p.syncInput()
		case i >= 0:
			return p.chooseRow(i)
		}
	case p.multi() && key.Matches(kp, km.Toggle) && p.onChoice():
		p.picked[p.cursor] = !p.picked[p.cursor]
	case p.isModel() || p.allowsText():
		if printable(kp) && !p.isModel() {
			p.cursor = p.textRow() // typing goes to the answer, whatever was highlighted
			p.syncInput()
		}
		if p.typing() {
			return p.edit(kp)
		}
	case key.Matches(kp, km.Digit):
		if i := p.nthRow(keymap.Position(kp, km.Digit)); i >= 0 {
			return p.chooseRow(i)
		}
		return nil, p.unmatched(kp) // a digit past the choices
	case printable(kp):
		return nil, p.unmatched(kp) // letters never answer, nor close it
	}
	return nil, nil
}

// yield gives the keyboard back with msg for the composer.
func (p *Picker) yield(msg tea.Msg) common.Action {
	p.stage = stageChoose
	return common.ActionYieldPicker{Lane: p.pk.Lane, PickerID: p.pk.PickerID, Msg: msg}
}

// typing reports whether printable keys go to the text field: always in
// the model picker (the filter), on the free-text row otherwise, and in the
// deny reason.
func (p *Picker) typing() bool {
	return p.isModel() || p.stage == stageReason || p.cursor >= 0 && p.cursor < len(p.rows) && p.rows[p.cursor].text
}

// allowsText reports whether the picker has a free-text answer row.
func (p *Picker) allowsText() bool { return p.textRow() >= 0 }

// textRow is the index of the free-text row, or -1.
func (p *Picker) textRow() int {
	for i, r := range p.rows {
		if r.text {
			return i
		}
	}
	return -1
}

// onChoice reports whether a listed choice is highlighted.
func (p *Picker) onChoice() bool {
	return p.cursor >= 0 && p.cursor < len(p.rows) && p.rows[p.cursor].selectable() && !p.rows[p.cursor].text
}

// edit hands msg to the text field, refiltering the model list.
func (p *Picker) edit(msg tea.Msg) (common.Action, tea.Cmd) {
	before := p.input.Value()
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	if p.isModel() && p.input.Value() != before {
		p.rows, p.cursor = modelRows(p.pk, p.input.Value())
	}
	return nil, cmd
}

// move steps the highlight over selectable rows, stopping at the ends.
// With nothing highlighted (or the free-text row), Down highlights the
// first choice and Up the last.
func (p *Picker) move(step int) {
	start := p.cursor + step
	fresh := p.cursor < 0 || p.cursor >= len(p.rows) || p.rows[p.cursor].text
	if fresh {
		start = 0
		if step < 0 {
			start = len(p.rows) - 1
		}
	}
	for i := start; i >= 0 && i < len(p.rows); i += step {
		if p.rows[i].selectable() && !(fresh && p.rows[i].text) {
			p.cursor = i
			break
		}
	}
	p.syncInput()
}

// syncInput focuses the text field when typing goes to it.
func (p *Picker) syncInput() {
	if p.typing() {
		p.input.Focus()
	} else {
		p.input.Blur()
	}
}

// ShortHelp lists the picker's keys.
func (p *Picker) ShortHelp() []key.Binding {
	km := p.com.KeyMap.Picker
	return []key.Binding{km.Up, km.Down, km.Digit, km.Pick, km.Select, km.Close}
}

// FullHelp lists the picker's keys.
func (p *Picker) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }
