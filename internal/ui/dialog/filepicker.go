package dialog

import (
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/filepicker"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/ui/common"
)

// FilePickerID is the file picker's dialog ID.
const FilePickerID = "filepicker"

// FilePickerMsg carries the bubbles file picker's own messages (directory
// listings read in commands) back to it: the root hands every
// FilePickerMsg to the open picker.
type FilePickerMsg struct{ Msg tea.Msg }

// FilePicker is the overlay that picks a file to attach (bubbles
// filepicker). Enter on a file returns common.ActionAttach; Esc closes it.
type FilePicker struct {
	com           *common.Common
	fp            filepicker.Model
	root          string // the picker cannot go above it ("" no limit)
	close         key.Binding
	width, height int
}

var _ Dialog = (*FilePicker)(nil)

// NewFilePicker opens a picker in dir; run the returned command to list it.
// dir is made absolute so the title names it and ← can leave "."; with a
// root, ← stops there.
func NewFilePicker(com *common.Common, dir, root string) (*FilePicker, tea.Cmd) {
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	fp := filepicker.New()
	fp.CurrentDirectory = dir
	fp.ShowPermissions = false
	fp.AutoHeight = false
	fp.KeyMap = filePickerKeys(com.KeyMap, fp.KeyMap)
	d := &FilePicker{com: com, fp: fp, root: root, close: com.KeyMap.Picker.Close}
	labelled(&d.fp, d.Dir)
	return d, wrapPicker(d.fp.Init())
}

// filePickerKeys are the bubbles file picker's keys taken from the key
// map: the list keys, Select attaches, Files.Open (or Select) opens a
// folder, Files.Back goes up, and the first/last/page keys (bubbles'
// defaults, rebindable as files.top, files.bottom, files.page_up and
// files.page_down).
func filePickerKeys(km keymap.KeyMap, fk filepicker.KeyMap) filepicker.KeyMap {
	p := km.Picker
	fk.Up = keymap.Join(p.Up, p.VimUp)
	fk.Down = keymap.Join(p.Down, p.VimDown)
	fk.Select = p.Select
	fk.Open = keymap.Join(km.Files.Open, p.Select)
	fk.Back = km.Files.Back
	fk.GoToTop, fk.GoToLast = km.Files.Top, km.Files.Bottom
	fk.PageUp, fk.PageDown = km.Files.PageUp, km.Files.PageDown
	return fk
}

// wrapPicker tags the picker's command results so the root routes them back.
func wrapPicker(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg { return FilePickerMsg{Msg: cmd()} }
}

// ID names the dialog.
func (d *FilePicker) ID() string { return FilePickerID }

// SetSize sizes the overlay to the screen.
func (d *FilePicker) SetSize(w, h int) {
	d.width, d.height = w, h
	d.fp.SetHeight(max(h-10, 3))
}

// Dir is the directory shown.
func (d *FilePicker) Dir() string { return d.fp.CurrentDirectory }

// Update moves through the listing; Enter on a file attaches it.
func (d *FilePicker) Update(msg tea.Msg) (common.Action, tea.Cmd) {
	if w, ok := msg.(FilePickerMsg); ok {
		msg = w.Msg
	}
	if kp, ok := msg.(tea.KeyPressMsg); ok && key.Matches(kp, d.close) {
		return common.ActionClose{}, nil
	}
	if kp, ok := msg.(tea.KeyPressMsg); ok && d.root != "" && key.Matches(kp, d.fp.KeyMap.Back) &&
		filepath.Clean(d.fp.CurrentDirectory) == filepath.Clean(d.root) {
		return nil, nil // already at the top of what may be attached
	}
	var cmd tea.Cmd
	d.fp, cmd = d.fp.Update(msg)
	if ok, path := d.fp.DidSelectFile(msg); ok {
		return common.ActionAttach{Path: path}, nil
	}
	return nil, wrapPicker(cmd)
}

// View is the framed listing under a title and the directory. Local file
// names can hold control characters too, so every line goes through
// termsafe.Output (styles survive, other sequences do not).
func (d *FilePicker) View() string {
	st := d.com.Styles.Dialog
	w := min(max(d.width-8, 20), 100)
	title := st.Title.Render("Attach a file")
	dir := st.Description.Render(termsafe.Line(homeShort(d.fp.CurrentDirectory)))
	hint := st.Hint.Render(common.HelpLine(d.ShortHelp()...))
	body := lipgloss.JoinVertical(lipgloss.Left, title, dir, "", termsafe.Output(d.fp.View()), "", hint)
	return st.Frame.Width(w).Render(body)
}

// homeShort writes dir under the home directory as "~/...".
func homeShort(dir string) string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" || home == string(filepath.Separator) {
		return dir
	}
	if dir == home {
		return "~"
	}
	if rest, ok := strings.CutPrefix(dir, home+string(filepath.Separator)); ok {
		return "~" + string(filepath.Separator) + rest
	}
	return dir
}

// ShortHelp lists the picker's main keys (its hint line).
func (d *FilePicker) ShortHelp() []key.Binding {
	km := d.com.KeyMap
	return []key.Binding{common.Described(km.Picker.Select, "attach"), common.Described(km.Files.Open, "open dir"),
		common.Described(km.Files.Back, "up"), common.Described(d.close, "close")}
}

// FullHelp lists the picker's keys.
func (d *FilePicker) FullHelp() [][]key.Binding {
	k := d.fp.KeyMap
	return [][]key.Binding{{k.Up, k.Down, k.Open, k.Back, k.Select, d.close}}
}
