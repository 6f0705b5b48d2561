package themes

import (
	"image/color"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"charm.land/glamour/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// colourSGR matches an SGR sequence that sets a foreground or background
// colour (30–37, 38;…, 40–47, 48;…, 90–97, 100–107).
var colourSGR = regexp.MustCompile(`\x1b\[(?:[0-9;:]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:[;:][0-9;:]*)?m`)

// styleFields walks a Styles value and returns every lipgloss.Style in it
// by dotted path.
func styleFields(s *Styles) map[string]lipgloss.Style {
	out := map[string]lipgloss.Style{}
	var walk func(path string, v reflect.Value)
	walk = func(path string, v reflect.Value) {
		if st, ok := v.Interface().(lipgloss.Style); ok {
			out[path] = st
			return
		}
		if v.Kind() != reflect.Struct {
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				walk(path+"."+v.Type().Field(i).Name, v.Field(i))
			}
		}
	}
	walk("Styles", reflect.ValueOf(*s))
	return out
}

func TestBuildDarkLightDistinct(t *testing.T) {
	dark := styleFields(Build(New(Options{Name: Dark})))
	light := styleFields(Build(New(Options{Name: Light})))
	if len(dark) < 80 {
		t.Fatalf("only %d styles found; the walk is broken", len(dark))
	}
	differ := 0
	for path, d := range dark {
		if strings.Contains(path, "Textarea") || strings.Contains(path, "CursorLine") {
			continue
		}
		rd := d.Render("x")
		if rd == "x" {
			t.Errorf("%s renders nothing in the dark theme", path)
		}
		if rd != light[path].Render("x") {
			differ++
		}
	}
	if differ < len(dark)*3/4 {
		t.Errorf("only %d of %d styles differ between dark and light", differ, len(dark))
	}
	for _, path := range []string{"Styles.Transcript.UserAuthor", "Styles.Sidebar.SelectedFocused", "Styles.StatusBar.Offline"} {
		if dark[path].Render("x") == light[path].Render("x") {
			t.Errorf("%s is the same in dark and light", path)
		}
	}
}

func TestNoColor(t *testing.T) {
	for _, o := range []Options{
		{Name: Dark, NoColor: true},
		{Name: Light, NoColor: true},
		{Name: Dark, Profile: colorprofile.ASCII},
	} {
		th := New(o)
		if !th.NoColor {
			t.Fatalf("New(%+v).NoColor = false", o)
		}
		all := styleFields(Build(th))
		for path, st := range all {
			if out := st.Render("x"); colourSGR.MatchString(out) {
				t.Errorf("%+v: %s renders colour: %q", o, path, out)
			}
		}
		// Attributes still tell states apart.
		plain := all["Styles.Sidebar.Item"].Render("x")
		for _, path := range []string{
			"Styles.Sidebar.SelectedFocused", "Styles.Sidebar.Selected", "Styles.Sidebar.Unread",
			"Styles.Dialog.Selected", "Styles.Dialog.Match", "Styles.Drawer.Match", "Styles.Transcript.SearchMatch",
			"Styles.StatusBar.Offline", "Styles.Transcript.Failed", "Styles.Composer.Mode", "Styles.App.Error",
		} {
			if all[path].Render("x") == plain {
				t.Errorf("%+v: %s looks like plain text", o, path)
			}
		}
		md := renderMarkdown(t, th, "# Title\n\n**bold** *em* `code` [link](https://example.com)\n\n```go\nfunc main() {}\n```\n")
		if colourSGR.MatchString(md) {
			t.Errorf("%+v: glamour output has colour: %q", o, md)
		}
		if strings.Contains(md, "**") || strings.Contains(md, "```") {
			t.Errorf("%+v: unrendered markdown left: %q", o, md)
		}
	}
}

func TestNewChoosesFromBackground(t *testing.T) {
	tests := []struct {
		name string
		o    Options
		want Name
	}{
		{"unknown background", Options{}, Dark},
		{"black", Options{Background: color.Black}, Dark},
		{"white", Options{Background: color.White}, Light},
		{"light grey", Options{Name: Auto, Background: color.RGBA{0xee, 0xee, 0xe8, 0xff}}, Light},
		{"forced dark on white", Options{Name: Dark, Background: color.White}, Dark},
		{"forced light on black", Options{Name: Light, Background: color.Black}, Light},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := New(tt.o).Name; got != tt.want {
				t.Errorf("New(%+v).Name = %s, want %s", tt.o, got, tt.want)
			}
		})
	}
}

func TestParseName(t *testing.T) {
	for in, want := range map[string]Name{"": Auto, "auto": Auto, " Dark ": Dark, "LIGHT": Light} {
		got, err := ParseName(in)
		if err != nil || got != want {
			t.Errorf("ParseName(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	if _, err := ParseName("solarized"); err == nil {
		t.Error("ParseName(solarized) succeeded")
	}
}

func TestNoColorEnv(t *testing.T) {
	env := map[string]string{}
	get := func(k string) string { return env[k] }
	if NoColorEnv(get) {
		t.Error("NoColorEnv without NO_COLOR = true")
	}
	env["NO_COLOR"] = "1"
	if !NoColorEnv(get) {
		t.Error("NoColorEnv with NO_COLOR=1 = false")
	}
}

func TestProfilesPickFallbacks(t *testing.T) {
	for _, name := range []Name{Dark, Light} {
		p := New(Options{Name: name, Profile: colorprofile.ANSI}).Palette
		v := reflect.ValueOf(p)
		for i := range v.NumField() {
			c, ok := v.Field(i).Interface().(lipgloss.ANSIColor)
			if !ok || c > 15 {
				t.Errorf("%s ANSI %s = %v, want one of the 16 colours", name, v.Type().Field(i).Name, v.Field(i).Interface())
			}
		}
		p256 := New(Options{Name: name, Profile: colorprofile.ANSI256}).Palette
		if _, ok := p256.Primary.(lipgloss.ANSIColor); !ok {
			t.Errorf("%s ANSI256 primary = %T, want an indexed colour", name, p256.Primary)
		}
	}
}

func TestGlamourStyle(t *testing.T) {
	const doc = "Hello **world**\n\n## Heading\n\n- item `code`\n\n```go\nfunc main() {}\n```\n"
	dark := renderMarkdown(t, New(Options{Name: Dark}), doc)
	light := renderMarkdown(t, New(Options{Name: Light}), doc)
	if dark == light {
		t.Error("dark and light markdown render the same")
	}
	for name, out := range map[string]string{"dark": dark, "light": light} {
		first := strings.Split(strings.TrimLeft(out, "\n"), "\n")[0]
		if !strings.HasPrefix(stripSGR(first), "Hello") {
			t.Errorf("%s: first line %q has a margin", name, stripSGR(first))
		}
		if !colourSGR.MatchString(out) {
			t.Errorf("%s: no colour in %q", name, out)
		}
	}
}

func TestIsDark(t *testing.T) {
	if !IsDark(nil) || !IsDark(color.Black) || IsDark(color.White) {
		t.Error("IsDark misjudges black, white or nil")
	}
}

func TestMediaGlyph(t *testing.T) {
	if MediaGlyph("image") != GlyphImage || MediaGlyph("video") != GlyphVideo || MediaGlyph("zip") != GlyphFile {
		t.Error("MediaGlyph maps kinds wrongly")
	}
}

func renderMarkdown(t *testing.T, th *Theme, doc string) string {
	t.Helper()
	r, err := glamour.NewTermRenderer(glamour.WithStyles(GlamourStyle(th)), glamour.WithWordWrap(60))
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.Render(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func stripSGR(s string) string {
	return regexp.MustCompile(`\x1b\[[0-9;:]*m`).ReplaceAllString(s, "")
}

func TestBadgeInkContrasts(t *testing.T) {
	for _, name := range []Name{Dark, Light} {
		for _, prof := range []colorprofile.Profile{colorprofile.ANSI, colorprofile.ANSI256, colorprofile.TrueColor} {
			th := New(Options{Name: name, Profile: prof})
			b := builder{p: th.Palette, dark: th.IsDark()}
			for _, bg := range []color.Color{th.Palette.Warning, th.Palette.Info, th.Palette.Primary, th.Palette.Highlight, th.Palette.Error} {
				if ink := b.ink(bg); IsDark(ink) == IsDark(bg) {
					t.Errorf("%s/%v: ink %v on %v: both dark or both light", name, prof, ink, bg)
				}
			}
		}
	}
}
