// Package setup is the first-run form: gateway URL, token, profile name,
// device name and (for plain ws:// to a remote host) an explicit insecure
// opt-in. It can test the connection with an injected Tester and saves the
// profile with config.Write, the token in its own 0600 file. It is a
// standalone tea.Model, run in its own program before the main UI.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package setup

import (
	"errors"
	"image/color"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/session"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/themes"
)

// DefaultTestTimeout bounds a connection test.
const DefaultTestTimeout = 15 * time.Second

// Options configure the form. Without Styles the form builds its own from
// Theme and the terminal's background; without Test, testing reports that it
// is unavailable.
type Options struct {
	Paths       config.Paths
	File        *config.File   // the existing config, nil if none; kept on save
	Styles      *themes.Styles // the dialog and help styles are used
	Theme       themes.Name    // with Styles nil: auto, dark or light
	NoColor     bool           // with Styles nil: NO_COLOR is set
	Test        Tester
	TestTimeout time.Duration // 0 for DefaultTestTimeout

	// Initial values (from flags, env, the chosen profile).
	URL        string
	Token      string
	Profile    string // "" for config.DefaultProfileName
	DeviceName string
	Insecure   bool
}

// item is a focusable row of the form.
type item int

const (
	itemURL item = iota
	itemToken
	itemProfile
	itemDevice
	itemInsecure // shown only when the URL needs it
	itemTest
	itemSave
	itemCount
)

// Model is the setup form.
type Model struct {
	opts   Options
	keys   KeyMap
	help   help.Model
	inputs [itemInsecure]textinput.Model // URL, token, profile, device name
	focus  item
	width  int // the terminal's, 0 until known
	height int

	ownStyles bool // Styles follow the terminal's background

	insecure bool
	testSeq  int    // bumped when the URL or token changes
	testing  bool   // a test is running
	testOK   bool   // the last test (of the current seq) passed
	status   string // last test or save outcome, sanitised
	failed   bool   // status is an error
	saving   bool
	result   *Result
	canceled bool
}

// New builds the form with its initial values, the URL field focused.
func New(opts Options) *Model {
	if opts.TestTimeout <= 0 {
		opts.TestTimeout = DefaultTestTimeout
	}
	if opts.Profile == "" {
		opts.Profile = config.DefaultProfileName
	}
	m := &Model{opts: opts, keys: DefaultKeyMap(), help: help.New(), insecure: opts.Insecure}
	placeholders := [itemInsecure]string{"wss://gateway.example.com/ws", "device token", config.DefaultProfileName, "this computer's name"}
	values := [itemInsecure]string{opts.URL, opts.Token, opts.Profile, opts.DeviceName}
	for i := range m.inputs {
		in := textinput.New()
		in.Prompt = ""
		in.Placeholder = placeholders[i]
		in.SetValue(values[i])
		in.SetWidth(48)
		m.inputs[i] = in
	}
	m.inputs[itemToken].EchoMode = textinput.EchoPassword
	m.inputs[itemToken].EchoCharacter = '•'
	m.inputs[itemURL].Focus()
	if opts.Styles == nil {
		m.ownStyles = true
		m.setStyles(nil)
	}
	m.help.Styles = m.opts.Styles.Help.Model
	return m
}

// Init starts the cursor blinking and, when the form owns its styles, asks
// for the terminal's background colour.
func (m *Model) Init() tea.Cmd {
	if m.ownStyles {
		return tea.Batch(textinput.Blink, tea.RequestBackgroundColor)
	}
	return textinput.Blink
}

// setStyles builds the form's styles for a terminal background (nil: not
// known yet, taken as dark).
func (m *Model) setStyles(bg color.Color) {
	m.opts.Styles = themes.Build(themes.New(themes.Options{Name: m.opts.Theme, Background: bg, NoColor: m.opts.NoColor}))
	m.help.Styles = m.opts.Styles.Help.Model
	dark := bg == nil || themes.IsDark(bg)
	for i := range m.inputs {
		m.inputs[i].SetStyles(textinput.DefaultStyles(dark))
	}
}

// Result returns what was saved; ok is false if the form was cancelled or
// has not saved yet.
func (m *Model) Result() (res Result, ok bool) {
	if m.result == nil {
		return Result{}, false
	}
	return *m.result, true
}

// Canceled reports whether the user left the form without saving.
func (m *Model) Canceled() bool { return m.canceled }

// Input returns the form's current values.
func (m *Model) Input() Input {
	return Input{
		URL:        m.inputs[itemURL].Value(),
		Token:      m.inputs[itemToken].Value(),
		Profile:    m.inputs[itemProfile].Value(),
		DeviceName: m.inputs[itemDevice].Value(),
		Insecure:   m.insecure && session.NeedsInsecure(m.inputs[itemURL].Value()),
	}
}

// Update handles keys, window size and the test and save results.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.handleKey(msg)
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		for i := range m.inputs {
			m.inputs[i].SetWidth(max(10, min(64, msg.Width-20)))
		}
	case tea.BackgroundColorMsg:
		if m.ownStyles {
			m.setStyles(msg.Color)
		}
	case connTestedMsg:
		m.handleTested(msg)
	case configSavedMsg:
		return m, m.handleSaved(msg)
	default: // paste, cursor blink
		return m, m.updateInput(msg)
	}
	return m, nil
}

func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Cancel):
		m.canceled = true
		return tea.Quit
	case key.Matches(msg, m.keys.Test):
		return m.startTest()
	case key.Matches(msg, m.keys.Save):
		return m.startSave()
	case key.Matches(msg, m.keys.Next):
		return m.move(+1)
	case key.Matches(msg, m.keys.Prev):
		return m.move(-1)
	case key.Matches(msg, m.keys.Enter):
		return m.press()
	case m.focus == itemInsecure && key.Matches(msg, m.keys.Toggle):
		m.insecure = !m.insecure
		return nil
	}
	return m.updateInput(msg)
}

// updateInput hands msg to the focused text field, if any.
func (m *Model) updateInput(msg tea.Msg) tea.Cmd {
	if m.focus >= itemInsecure {
		return nil
	}
	before := m.inputs[m.focus].Value()
	var cmd tea.Cmd
	m.inputs[m.focus], cmd = m.inputs[m.focus].Update(msg)
	if (m.focus == itemURL || m.focus == itemToken) && m.inputs[m.focus].Value() != before {
		m.invalidateTest()
	}
	return cmd
}

// press acts on Enter: the buttons fire, the checkbox toggles, a field
// moves on.
func (m *Model) press() tea.Cmd {
	switch m.focus {
	case itemTest:
		return m.startTest()
	case itemSave:
		return m.startSave()
	case itemInsecure:
		m.insecure = !m.insecure
		return nil
	}
	return m.move(+1)
}

// move shifts the focus by delta over the visible rows, wrapping around.
func (m *Model) move(delta int) tea.Cmd {
	next := m.focus
	for {
		next = (next + item(delta) + itemCount) % itemCount
		if m.visible(next) {
			break
		}
	}
	return m.setFocus(next)
}

func (m *Model) setFocus(it item) tea.Cmd {
	m.focus = it
	var cmd tea.Cmd
	for i := range m.inputs {
		if item(i) == it {
			cmd = m.inputs[i].Focus()
		} else {
			m.inputs[i].Blur()
		}
	}
	return cmd
}

// visible reports whether a row is shown: the insecure opt-in only for a
// ws:// URL to a host that is not loopback.
func (m *Model) visible(it item) bool {
	return it != itemInsecure || session.NeedsInsecure(m.inputs[itemURL].Value())
}

// invalidateTest forgets a test result that no longer applies.
func (m *Model) invalidateTest() {
	m.testSeq++
	m.testing, m.testOK = false, false
	if !m.saving {
		m.status, m.failed = "", false
	}
}

// check validates the input; the error says what to fix.
func (m *Model) check() error {
	in := m.Input()
	if in.URL == "" {
		return errors.New("enter the gateway URL (wss://…)")
	}
	if err := config.CheckURL(in.URL); err != nil {
		return err
	}
	if session.NeedsInsecure(in.URL) && !in.Insecure {
		return errors.New("ws:// to a remote host would send the token unencrypted: use wss://, or tick \"allow insecure\"")
	}
	if in.Token == "" {
		return errors.New("enter the device token")
	}
	if !config.ValidProfileName(in.Profile) {
		return errors.New("the profile name may only contain letters, digits, '-' and '_'")
	}
	return nil
}

func (m *Model) startTest() tea.Cmd {
	if err := m.check(); err != nil {
		m.setStatus(err.Error(), true)
		return nil
	}
	if m.opts.Test == nil {
		m.setStatus("Connection testing is not available here; save and start Iris to connect.", true)
		return nil
	}
	m.testing, m.testOK = true, false
	m.setStatus("Testing the connection…", false)
	return testCmd(m.opts.Test, m.opts.TestTimeout, m.testSeq, m.Input())
}

func (m *Model) handleTested(msg connTestedMsg) {
	if msg.seq != m.testSeq {
		return // the URL or token changed meanwhile
	}
	m.testing = false
	if msg.err != nil {
		m.setStatus("Connection failed: "+testFailure(msg.err), true)
		return
	}
	m.testOK = true
	m.setStatus("Connected: the gateway accepted the token.", false)
}

func (m *Model) startSave() tea.Cmd {
	if m.saving {
		return nil
	}
	if err := m.check(); err != nil {
		m.setStatus(err.Error(), true)
		return nil
	}
	m.saving = true
	m.setStatus("Saving…", false)
	return saveCmd(m.opts.Paths, m.opts.File, m.Input())
}

func (m *Model) handleSaved(msg configSavedMsg) tea.Cmd {
	m.saving = false
	if msg.err != nil {
		m.setStatus(msg.err.Error(), true)
		return nil
	}
	m.result = &msg.res
	m.setStatus("Saved "+msg.res.ConfigFile, false)
	return tea.Quit
}

// setStatus shows text, which may come from the gateway, sanitised.
func (m *Model) setStatus(text string, failed bool) {
	m.status, m.failed = termsafe.Line(text), failed
}
