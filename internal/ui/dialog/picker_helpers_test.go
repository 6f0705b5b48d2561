package dialog

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// fixedNow is the clock of every dialog test.
var fixedNow = time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC)

// testCom returns a Common over a fresh store with theme name.
func testCom(t *testing.T, name themes.Name) *common.Common {
	t.Helper()
	now := func() time.Time { return fixedNow }
	th := themes.New(themes.Options{Name: name})
	settings := common.DefaultSettings()
	return &common.Common{
		Theme: th, Styles: themes.Build(th), KeyMap: keymap.Default(),
		Store: store.New(store.Options{Now: now}), Settings: &settings, Now: now, Loc: time.UTC,
	}
}

// applyJSON feeds server frames to the store.
func applyJSON(t *testing.T, com *common.Common, frames ...string) {
	t.Helper()
	for _, js := range frames {
		f, err := frame.Decode([]byte(js), frame.FromServer)
		if err != nil {
			t.Fatalf("decode %s: %v", js, err)
		}
		com.Store.(*store.State).Apply(f, false)
	}
}

// queued applies a picker frame and returns it as the store queued it.
func queued(t *testing.T, com *common.Common, js string) store.Picker {
	t.Helper()
	applyJSON(t, com, js)
	f, _ := frame.Decode([]byte(js), frame.FromServer)
	for _, p := range com.Store.Pickers(f.Lane()) {
		if p.PickerID == f.Payload.(*frame.Picker).PickerID {
			return p
		}
	}
	t.Fatalf("picker of %s not queued", js)
	return store.Picker{}
}

// instantTick is a Tick whose command delivers msg at once.
func instantTick(_ time.Duration, msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// press builds the key press for a key name ("enter", "esc", "up", "down",
// "tab", "backspace", "ctrl+x") or a single printable character.
func press(k string) tea.KeyPressMsg {
	codes := map[string]rune{
		"enter": tea.KeyEnter, "esc": tea.KeyEscape, "up": tea.KeyUp, "down": tea.KeyDown,
		"tab": tea.KeyTab, "backspace": tea.KeyBackspace,
	}
	if k == "space" {
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	if c, ok := codes[k]; ok {
		return tea.KeyPressMsg{Code: c}
	}
	if len(k) > 5 && k[:5] == "ctrl+" {
		return tea.KeyPressMsg{Code: rune(k[5]), Mod: tea.ModCtrl}
	}
	if len(k) > 4 && k[:4] == "alt+" {
		return tea.KeyPressMsg{Code: rune(k[4]), Mod: tea.ModAlt}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// keys presses each key in turn on p, delivering the arming ticks its
// commands schedule (instantTick), and returns the first action.
func keys(t *testing.T, p *Picker, ks ...string) common.Action {
	t.Helper()
	for _, k := range ks {
		act, cmd := p.Update(press(k))
		if cmd != nil {
			if msg, ok := cmd().(PickerArmedMsg); ok {
				p.Update(msg)
			}
		}
		if act != nil {
			return act
		}
	}
	return nil
}

// typeText presses one key per rune of s.
func typeText(d Dialog, s string) {
	for _, r := range s {
		d.Update(press(string(r)))
	}
}

// armed returns a picker that has been on screen for the arming delay.
func armed(t *testing.T, com *common.Common, pk store.Picker) *Picker {
	t.Helper()
	p := NewPicker(com, pk, instantTick)
	p.SetSize(80, 30)
	p.Update(p.Show()())
	if !p.Armed() {
		t.Fatal("picker not armed after its tick")
	}
	return p
}

// noTick is a Tick that never fires.
func noTick(time.Duration, tea.Msg) tea.Cmd { return nil }
