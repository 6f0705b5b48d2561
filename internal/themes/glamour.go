package themes

import (
	"fmt"
	"image/color"

	"charm.land/glamour/v2/ansi"
	"charm.land/glamour/v2/styles"
	"charm.land/lipgloss/v2"
)

// lightCodeTheme is the chroma theme for code blocks on light backgrounds.
// Glamour registers inline Chroma settings globally under one name, so only
// one theme (the dark one) may use them; light uses a built-in chroma
// theme instead.
const lightCodeTheme = "github"

// GlamourStyle returns the glamour style config for a theme: glamour's
// standard dark or light style with its colours matched to the palette and
// every margin set to 0, so the transcript controls layout. A no-colour
// theme gets the dark style with every colour removed and code blocks
// unhighlighted; bold, italics and underlines remain, so no markdown
// markers are left on screen.
func GlamourStyle(t *Theme) ansi.StyleConfig {
	var s ansi.StyleConfig
	if t.Name == Light {
		s = styles.LightStyleConfig
		s.CodeBlock.Chroma = nil
		s.CodeBlock.Theme = lightCodeTheme
	} else {
		s = styles.DarkStyleConfig
	}
	zero := uint(0)
	s.Document.Margin = &zero
	s.CodeBlock.Margin = &zero
	s.Document.BlockPrefix, s.Document.BlockSuffix = "", ""
	if t.NoColor {
		return uncoloured(s)
	}
	p := t.Palette
	// Body text keeps the terminal's own foreground: a document colour
	// would also paint the padding glamour adds to every line, making the
	// output ten times larger and rendering three times slower.
	s.Document.Color = nil
	s.Heading.Color = colorString(p.Primary)
	s.H1.Color = colorString(p.BgBase)
	s.H1.BackgroundColor = colorString(p.Primary)
	s.H6.Color = colorString(p.FgMuted)
	s.HorizontalRule.Color = colorString(p.Border)
	s.Link.Color = colorString(p.Info)
	s.LinkText.Color = colorString(p.Accent)
	s.Image.Color = colorString(p.Accent)
	s.ImageText.Color = colorString(p.FgMuted)
	s.Code.Color = colorString(p.Accent)
	s.Code.BackgroundColor = colorString(p.BgPanel)
	s.CodeBlock.Color = colorString(p.FgMuted)
	s.BlockQuote.Color = colorString(p.FgMuted)
	s.Enumeration.Color = colorString(p.FgMuted)
	s.Item.Color = colorString(p.FgMuted)
	return s
}

// uncoloured strips every colour from a style config and turns off code
// highlighting; attributes stay.
func uncoloured(s ansi.StyleConfig) ansi.StyleConfig {
	for _, sp := range []*ansi.StylePrimitive{
		&s.Document.StylePrimitive, &s.BlockQuote.StylePrimitive, &s.Paragraph.StylePrimitive,
		&s.List.StylePrimitive, &s.Heading.StylePrimitive, &s.H1.StylePrimitive, &s.H2.StylePrimitive,
		&s.H3.StylePrimitive, &s.H4.StylePrimitive, &s.H5.StylePrimitive, &s.H6.StylePrimitive,
		&s.Text, &s.Strikethrough, &s.Emph, &s.Strong, &s.HorizontalRule, &s.Item, &s.Enumeration,
		&s.Task.StylePrimitive, &s.Link, &s.LinkText, &s.Image, &s.ImageText, &s.Code.StylePrimitive,
		&s.CodeBlock.StylePrimitive, &s.Table.StylePrimitive, &s.DefinitionList.StylePrimitive,
		&s.DefinitionTerm, &s.DefinitionDescription, &s.HTMLBlock.StylePrimitive, &s.HTMLSpan.StylePrimitive,
	} {
		sp.Color, sp.BackgroundColor = nil, nil
	}
	yes := true
	s.H1.Underline = &yes
	s.Code.Underline = &yes
	s.Link.Underline = &yes
	s.CodeBlock.Chroma = nil
	s.CodeBlock.Theme = ""
	return s
}

// colorString spells a palette colour the way glamour parses it: an ANSI
// index ("12") or "#rrggbb"; nil for no colour.
func colorString(c color.Color) *string {
	var s string
	switch c := c.(type) {
	case nil, lipgloss.NoColor:
		return nil
	case lipgloss.ANSIColor:
		s = fmt.Sprint(int(c))
	default:
		r, g, b, _ := c.RGBA()
		s = fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
	}
	return &s
}
