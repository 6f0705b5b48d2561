package themes

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

func (b builder) dialog() DialogStyles {
	p := b.p
	command := b.bold(p.Warning)
	if !b.mono {
		command = command.Background(p.BgPanel).Padding(0, 1)
	}
	return DialogStyles{
		Frame:       b.frame(p.Primary, 0, 1),
		Title:       b.bold(p.Primary).Underline(b.mono),
		Body:        b.fg(p.Fg),
		Item:        b.fg(p.Fg),
		Selected:    b.selected(),
		Current:     b.bold(p.Success),
		Disabled:    b.subtle().Strikethrough(b.mono),
		Arming:      b.fg(p.Warning).Italic(true),
		Command:     command,
		Danger:      b.bold(p.Error).Underline(b.mono),
		Description: b.muted(),
		Hint:        b.subtle(),
		Input:       b.fg(p.Fg),
		TextInput:   textinputStyles(b),
		Match:       b.highlight(),
		Muted:       b.muted(),

		ShellProgram:  b.onPanel(b.bold(p.Primary)),
		ShellFlag:     b.onPanel(b.fg(p.Accent)),
		ShellString:   b.onPanel(b.fg(p.Success)),
		ShellVariable: b.onPanel(b.fg(p.Warning)),
		ShellOperator: b.onPanel(b.bold(p.Error)),
		ShellComment:  b.onPanel(b.subtle().Italic(true)),
	}
}

// onPanel puts s on the panel background (nothing in mono), so highlighted
// tokens sit on the same background as the Command style around them.
func (b builder) onPanel(s lipgloss.Style) lipgloss.Style {
	if b.mono {
		return s
	}
	return s.Background(b.p.BgPanel)
}

func (b builder) drawer() DrawerStyles {
	p := b.p
	match := b.bold(p.Accent).Underline(true)
	return DrawerStyles{
		Frame:       b.frame(p.Border, 0, 1),
		Name:        b.bold(p.Primary),
		Alias:       b.muted(),
		Args:        b.subtle().Italic(true),
		Description: b.muted(),
		Category:    b.bold(p.Accent).Underline(b.mono),
		Match:       match,
		Selected:    b.selected(),
	}
}

func (b builder) help() HelpStyles {
	p := b.p
	key := b.bold(p.Accent)
	desc := b.muted()
	sep := b.subtle()
	return HelpStyles{
		Frame:   b.frame(p.Primary, 0, 1),
		Title:   b.bold(p.Primary),
		Section: b.bold(p.Fg).Underline(true),
		Key:     key,
		Desc:    desc,
		Model: help.Styles{
			Ellipsis:       sep,
			ShortKey:       key,
			ShortDesc:      desc,
			ShortSeparator: sep,
			FullKey:        key,
			FullDesc:       desc,
			FullSeparator:  sep,
		},
	}
}

// textareaStyles are the bubbles textarea styles for the composer.
func textareaStyles(b builder) textarea.Styles {
	p := b.p
	s := textarea.DefaultStyles(b.dark)
	focused := textarea.StyleState{
		Base:             lipgloss.NewStyle(),
		Text:             b.fg(p.Fg),
		LineNumber:       b.subtle(),
		CursorLineNumber: b.muted(),
		CursorLine:       lipgloss.NewStyle(),
		EndOfBuffer:      b.subtle(),
		Placeholder:      b.subtle().Italic(true),
		Prompt:           b.bold(p.Primary),
		Selection:        b.selected(),
	}
	blurred := focused
	blurred.Text = b.muted()
	blurred.Prompt = b.subtle()
	s.Focused, s.Blurred = focused, blurred
	s.Cursor.Color = p.Primary
	return s
}

// textinputStyles are the bubbles textinput styles for dialog inputs.
func textinputStyles(b builder) textinput.Styles {
	p := b.p
	s := textinput.DefaultStyles(b.dark)
	s.Focused = textinput.StyleState{
		Text:        b.fg(p.Fg),
		Placeholder: b.subtle().Italic(true),
		Suggestion:  b.subtle(),
		Prompt:      b.bold(p.Primary),
	}
	s.Blurred = s.Focused
	s.Blurred.Text = b.muted()
	s.Blurred.Prompt = b.subtle()
	s.Cursor.Color = p.Primary
	return s
}
