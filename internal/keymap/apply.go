package keymap

import (
	"fmt"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
)

// Names lists every overridable binding name ("area.action", lower snake
// case), sorted.
func Names() []string {
	km := Default()
	names := make([]string, 0, 32)
	for n := range km.index() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Apply returns the default keymap with overrides applied. Each override maps
// a binding name (see Names, e.g. "global.switcher") to the keys that trigger
// it, in bubbletea's key notation ("ctrl+k", "alt+enter", "f1"). Unknown
// names and empty key lists are reported and skipped; the rest still apply,
// so a typo in one binding never loses the others. The help label of an
// overridden binding shows its new keys.
func Apply(overrides map[string][]string) (KeyMap, []error) {
	km := Default()
	idx := km.index()
	var errs []error
	names := make([]string, 0, len(overrides))
	for n := range overrides {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		keys := clean(overrides[name])
		b, ok := idx[strings.ToLower(name)]
		switch {
		case !ok:
			errs = append(errs, fmt.Errorf("keys: unknown binding %q (known: %s)", name, strings.Join(Names(), ", ")))
		case len(keys) == 0:
			errs = append(errs, fmt.Errorf("keys: binding %q has no keys", name))
		default:
			b.SetKeys(keys...)
			b.SetHelp(strings.Join(keys, "/"), b.Help().Desc)
		}
	}
	return km, errs
}

func clean(keys []string) []string {
	out := keys[:0:0]
	for _, k := range keys {
		if k = strings.TrimSpace(k); k != "" {
			out = append(out, k)
		}
	}
	return out
}

// index maps each binding name to a pointer into k.
func (k *KeyMap) index() map[string]*key.Binding {
	g, s, t, c, p, md, f := &k.Global, &k.Sidebar, &k.Transcript, &k.Composer, &k.Picker, &k.Media, &k.Files
	return map[string]*key.Binding{
		"global.quit":             &g.Quit,
		"global.help":             &g.Help,
		"global.switcher":         &g.Switcher,
		"global.focus_next":       &g.FocusNext,
		"global.focus_prev":       &g.FocusPrev,
		"global.escape":           &g.Escape,
		"global.toggle_sidebar":   &g.ToggleSidebar,
		"global.toggle_reasoning": &g.ToggleReasoning,
		"global.toggle_steer":     &g.ToggleSteer,
		"global.tool_verbosity":   &g.ToolVerbosity,
		"global.toggle_footer":    &g.ToggleFooter,
		"global.resend":           &g.Resend,
		"global.search":           &g.Search,
		"global.stop":             &g.Stop,
		"global.picker":           &g.Picker,
		"global.auto_thread":      &g.AutoThread,
		"global.channels":         &g.Channels,
		"global.conn_detail":      &g.ConnDetail,
		"global.page_up":          &g.PageUp,
		"global.page_down":        &g.PageDown,
		"global.top":              &g.Top,
		"global.bottom":           &g.Bottom,
		"sidebar.up":              &s.Up,
		"sidebar.down":            &s.Down,
		"sidebar.open":            &s.Open,
		"transcript.up":           &t.Up,
		"transcript.down":         &t.Down,
		"transcript.top":          &t.Top,
		"transcript.bottom":       &t.Bottom,
		"transcript.compose":      &t.Compose,
		"transcript.copy":         &t.Copy,
		"transcript.copy_code":    &t.CopyCode,
		"transcript.view":         &t.View,
		"transcript.delete":       &t.Delete,
		"transcript.reasoning":    &t.Reasoning,
		"transcript.expand":       &t.Expand,
		"composer.send":           &c.Send,
		"composer.newline":        &c.Newline,
		"composer.complete":       &c.Complete,
		"composer.copy_last":      &c.CopyLast,
		"composer.editor":         &c.Editor,
		"composer.recall_prev":    &c.RecallPrev,
		"composer.recall_next":    &c.RecallNext,
		"picker.up":               &p.Up,
		"picker.down":             &p.Down,
		"picker.select":           &p.Select,
		"picker.close":            &p.Close,
		"media.attach":            &md.Attach,
		"media.detach":            &md.Detach,
		"media.attachment_prev":   &md.AttachmentPrev,
		"media.attachment_next":   &md.AttachmentNext,
		"media.prev":              &md.Prev,
		"media.next":              &md.Next,
		"media.open":              &md.Open,
		"media.save":              &md.Save,
		"media.preview":           &md.Preview,
		"media.cancel":            &md.Cancel,
		"picker.vim_up":           &p.VimUp,
		"picker.vim_down":         &p.VimDown,
		"picker.digit":            &p.Digit,
		"picker.pick":             &p.Pick,
		"picker.scope":            &p.Scope,
		"picker.toggle":           &p.Toggle,
		"picker.next":             &p.Next,
		"picker.prev":             &p.Prev,
		"picker.yes":              &p.Yes,
		"picker.no":               &p.No,
		"picker.quit":             &p.Quit,
		"files.open":              &f.Open,
		"files.back":              &f.Back,
		"files.top":               &f.Top,
		"files.bottom":            &f.Bottom,
		"files.page_up":           &f.PageUp,
		"files.page_down":         &f.PageDown,
	}
}
