package drawer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/keymap"
	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/termsafe"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
)

// newDrawer returns a drawer over the simulator's catalog (nil: none).
func newDrawer(t *testing.T, name themes.Name, catalog []frame.Command) *Model {
	t.Helper()
	now := func() time.Time { return time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC) }
	th := themes.New(themes.Options{Name: name})
	st := store.New(store.Options{Now: now})
	if catalog != nil {
		st.SetCatalog(catalog)
	}
	com := &common.Common{Theme: th, Styles: themes.Build(th), KeyMap: keymap.Default(), Store: st, Now: now, Loc: time.UTC}
	d := New(com)
	d.SetSize(80, 20)
	return d
}

var (
	keyTab   = tea.KeyPressMsg{Code: tea.KeyTab}
	keyEsc   = tea.KeyPressMsg{Code: tea.KeyEscape}
	keyDown  = tea.KeyPressMsg{Code: tea.KeyDown}
	keyUp    = tea.KeyPressMsg{Code: tea.KeyUp}
	keyEnter = tea.KeyPressMsg{Code: tea.KeyEnter}
)

func TestDrawerFiltering(t *testing.T) {
	cases := []struct {
		text  string
		open  bool
		first []string // the first matches, in order
	}{
		{"", false, nil},
		{"hello /model", false, nil},
		{"/mod", true, []string{"/model"}},
		{"/MOD", true, []string{"/model"}},
		{"/", true, []string{"/start", "/new", "/topic"}},
		{"/rese", true, []string{"/reset"}},
		{"/mdl", true, []string{"/model"}},
		{"/reasoning ", true, []string{"/reasoning none", "/reasoning minimal", "/reasoning low", "/reasoning medium"}},
		{"/reasoning hi", true, []string{"/reasoning high", "/reasoning hide"}},
		{"/reasoning high ", false, nil},
		{"/model x", false, nil},
		{"/sea", true, []string{"/search"}},
		{"//", true, []string{"//search", "//channel", "//thread", "//stop", "//theme", "//settings", "//pickers", "//keys", "//quit"}},
		{"/setti", true, []string{"/settings"}},
		{"//st", true, []string{"//stop"}},
		{"/theme d", true, []string{"/theme dark"}},
		{"/zzzz", false, nil},
		{"/mod\nmore", false, nil},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			d := newDrawer(t, themes.Dark, gatewaysim.DefaultCatalog())
			if act := d.SetText(tc.text); act != nil {
				t.Fatalf("asked the gateway with a catalog: %#v", act)
			}
			if d.Open() != tc.open {
				t.Fatalf("open %v, matches %v", d.Open(), d.Matches())
			}
			got := d.Matches()
			if len(got) < len(tc.first) || !slices.Equal(got[:len(tc.first)], tc.first) {
				t.Fatalf("matches %v, want first %v", got, tc.first)
			}
		})
	}
}

func TestDrawerTabCompletes(t *testing.T) {
	d := newDrawer(t, themes.Dark, gatewaysim.DefaultCatalog())
	d.SetText("/mod")
	if !d.Wants(keyTab) {
		t.Fatal("the open drawer must take Tab")
	}
	act, _ := d.Update(keyTab)
	if act != (common.ActionComplete{Text: "/model "}) {
		t.Fatalf("a command taking arguments completes with the space after it: %#v", act)
	}
	d.SetText("/model")
	if d.Highlighted() != "/model" || d.Wants(keyEnter) {
		t.Fatalf("after completion %q", d.Highlighted())
	}
	// A command without arguments gets no space.
	d.SetText("/stat")
	if act, _ := d.Update(keyTab); act != (common.ActionComplete{Text: "/status"}) {
		t.Fatalf("%#v", act)
	}
	// Tab on /reasoning offers its subcommands next, and the next letter
	// filters them instead of gluing onto the name.
	d.SetText("/reaso")
	if act, _ := d.Update(keyTab); act != (common.ActionComplete{Text: "/reasoning "}) {
		t.Fatalf("%#v", act)
	}
	d.SetText("/reasoning h")
	if d.Highlighted() != "/reasoning high" {
		t.Fatalf("subcommands after the completed name: %v", d.Matches())
	}
	// Subcommands: Down moves, Tab completes the highlighted one.
	d.SetText("/reasoning ")
	d.Update(keyDown)
	d.Update(keyDown)
	d.Update(keyDown)
	d.Update(keyUp)
	if act, _ := d.Update(keyTab); act != (common.ActionComplete{Text: "/reasoning low"}) {
		t.Fatalf("%#v", act)
	}
}

func TestDrawerEnterTakesTheHighlightedEntry(t *testing.T) {
	cases := []struct {
		text string
		want common.Action // nil: Enter is left to the composer
	}{
		{"/mo", common.ActionComplete{Text: "/model", Send: true}},
		{"/model", nil},      // typed in full: sent as typed
		{"/reasoning ", nil}, // a whole name: sent as typed, not its first subcommand
		{"/reasoning hi", common.ActionComplete{Text: "/reasoning high", Send: true}},
		{"/ste", common.ActionComplete{Text: "/steer "}}, // <prompt> is required: completed, not sent
		{"/zzzz", nil}, // no match: the drawer is closed
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			d := newDrawer(t, themes.Dark, gatewaysim.DefaultCatalog())
			d.SetText(tc.text)
			if d.Wants(keyEnter) != (tc.want != nil) {
				t.Fatalf("Wants(enter) = %v with %v", d.Wants(keyEnter), d.Matches())
			}
			if tc.want == nil {
				return
			}
			if act, _ := d.Update(keyEnter); act != tc.want {
				t.Fatalf("%#v, want %#v", act, tc.want)
			}
		})
	}
}

func TestDrawerEscClosesUntilTextChanges(t *testing.T) {
	d := newDrawer(t, themes.Dark, gatewaysim.DefaultCatalog())
	d.SetText("/mo")
	d.Update(keyEsc)
	if d.Open() || d.Wants(keyTab) || d.View() != "" {
		t.Fatal("Esc did not close the drawer")
	}
	d.SetText("/mod")
	if !d.Open() {
		t.Fatal("typing did not reopen the drawer")
	}
}

func TestDrawerCollisions(t *testing.T) {
	cat := gatewaysim.DefaultCatalog() // has /stop
	cat = append(cat, frame.Command{Name: "/exit", Aliases: []string{"/quit"}, Category: "Session"})
	d := newDrawer(t, themes.Dark, cat)
	d.SetText("/sto")
	if got := d.Matches(); got[0] != "/stop" || !slices.Contains(got, "//stop") {
		t.Fatalf("matches %v", got)
	}
	if e := d.entries[d.matches[0].entry]; e.Client {
		t.Fatal("Iris's /stop shadows the gateway's")
	}
	cases := []struct {
		text, name, args string
		ok               bool
	}{
		{"/stop", "", "", false},      // the gateway's
		{"//stop", "/stop", "", true}, // Iris's, forced
		{"/quit", "", "", false},      // the gateway's alias
		{"//quit", "/quit", "", true}, // Iris's, forced
		{"/search deploy x", "/search", "deploy x", true},
		{"/SEARCH", "/search", "", true},
		{"/model", "", "", false},
		{"//model", "", "", false}, // not an Iris command
		{"search", "", "", false},
		{"  /theme light ", "/theme", "light", true},
		{"/settings", "/settings", "", true},
		{"//settings", "/settings", "", true},
	}
	for _, tc := range cases {
		name, args, ok := Resolve(tc.text, cat)
		if name != tc.name || args != tc.args || ok != tc.ok {
			t.Errorf("Resolve(%q) = %q %q %v, want %q %q %v", tc.text, name, args, ok, tc.name, tc.args, tc.ok)
		}
	}
	// Without a collision the plain name reaches Iris.
	if name, _, ok := Resolve("/quit", gatewaysim.DefaultCatalog()); !ok || name != "/quit" {
		t.Fatal("/quit should be Iris's when the gateway has none")
	}
}

func TestDrawerFallsBackToCommandsComplete(t *testing.T) {
	d := newDrawer(t, themes.Dark, nil)
	if act := d.SetText("/mo"); act != (common.ActionCompleteCommands{Prefix: "/mo"}) {
		t.Fatalf("%#v", act)
	}
	if act := d.SetText("/mo"); act != nil {
		t.Fatal("asked twice for the same text")
	}
	d.SetCompletions("/m", []frame.Command{{Name: "/memory"}}) // stale answer
	if slices.Contains(d.Matches(), "/memory") {
		t.Fatal("a stale completion was used")
	}
	d.SetCompletions("/mo", []frame.Command{{Name: "/model", ArgsHint: "<provider/model>"}})
	if got := d.Matches(); len(got) == 0 || got[0] != "/model" {
		t.Fatalf("matches %v", got)
	}
	if act := d.SetText("/mod"); act != (common.ActionCompleteCommands{Prefix: "/mod"}) {
		t.Fatalf("%#v", act)
	}
	if act := d.SetText("/model "); act != nil {
		t.Fatal("asked for an argument")
	}
	// A real catalog ends the fallback.
	d.SetCatalog(gatewaysim.DefaultCatalog())
	if act := d.SetText("/st"); act != nil {
		t.Fatalf("%#v", act)
	}
}

func TestSubcommands(t *testing.T) {
	cases := map[string][]string{
		"[none|low|medium|high|show|hide]":     {"none", "low", "medium", "high", "show", "hide"},
		"[session|always]":                     {"session", "always"},
		"<on|off> [verbose|quiet]":             {"on", "off", "verbose", "quiet"},
		"[here [N] | focus topic]":             nil,
		"[name]":                               nil,
		"[model] [--provider name] [--global]": nil,
		"[off|help|Session ID]":                {"off", "help"},
		"[off|help|session-id]":                {"off", "help"},
		"[level|show|hide]":                    {"show", "hide"},
		"[pending|approve] [id|on|off]":        {"pending", "approve", "on", "off"},
		"[accept|dismiss N | catalog]":         {"accept", "dismiss", "catalog"},
		"[text | remove N | clear]":            {"remove", "clear"},
		"[auto|codex_app_server]":              {"auto", "codex_app_server"},
		"<prompt>":                             nil,
		"<pause|resume|list> [name]":           {"pause", "resume", "list"},
	}
	for hint, want := range cases {
		if got := Subcommands(hint); !slices.Equal(got, want) {
			t.Errorf("Subcommands(%q) = %v, want %v", hint, got, want)
		}
	}
}

// hermesCatalog is a copy of the real Hermes catalog, whose hints use
// placeholders ("[level|show|hide]").
func hermesCatalog(t *testing.T) []frame.Command {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "hermes_catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cat []frame.Command
	if err := json.Unmarshal(b, &cat); err != nil {
		t.Fatal(err)
	}
	return cat
}

func TestDrawerOffersLiteralsNotPlaceholders(t *testing.T) {
	cases := []struct {
		text      string
		want, not []string
	}{
		{"/reasoning ", []string{"none", "minimal", "low", "medium", "high", "xhigh", "show", "hide"}, []string{"level"}},
		{"/topic ", []string{"off", "help"}, []string{"session-id"}},
		{"/memory ", []string{"pending", "approve", "reject", "approval", "on", "off"}, []string{"id"}},
		{"/approve ", []string{"session", "always"}, nil},
		{"/goal ", []string{"pause", "resume", "clear", "status"}, []string{"text"}},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			d := newDrawer(t, themes.Dark, hermesCatalog(t))
			d.SetText(tc.text)
			got := d.Matches()
			var want []string
			for _, w := range tc.want {
				want = append(want, tc.text+w)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("offered %v, want %v", got, want)
			}
			for _, n := range tc.not {
				if slices.Contains(got, tc.text+n) {
					t.Fatalf("offered the placeholder %q", n)
				}
			}
		})
	}
	for _, text := range []string{"/background ", "/new ", "/model "} {
		d := newDrawer(t, themes.Dark, hermesCatalog(t))
		if d.SetText(text); d.Open() {
			t.Fatalf("%q offered %v for a placeholder", text, d.Matches())
		}
	}
}

func TestDrawerSanitisesCatalog(t *testing.T) {
	d := newDrawer(t, themes.Dark, []frame.Command{{
		Name: "/e\x1b]0;x\x07vil", Description: "d\x1b[2J\u202e", ArgsHint: "[a\x9b|b]", Category: "C\x1b[31m", Aliases: []string{"/\x1bx"},
	}})
	d.SetText("/")
	if err := termsafe.Verify(d.View()); err != nil {
		t.Fatal(err)
	}
	// The entry shows, with visible placeholders where the controls were.
	v := ansi.Strip(d.View())
	for _, want := range []string{"/e␛]0;x␇vil [a\uFFFD|b]  d␛[2J\uFFFD", "C␛[31m"} {
		if !strings.Contains(v, want) {
			t.Fatalf("view lacks %q:\n%s", want, v)
		}
	}
	d.Update(keyDown)
	if err := termsafe.Verify(d.View()); err != nil {
		t.Fatal(err)
	}
}

func TestDrawerGolden(t *testing.T) {
	for _, th := range []themes.Name{themes.Dark, themes.Light} {
		for name, text := range map[string]string{"all": "/", "mod": "/mod", "fuzzy": "/rs", "subcommands": "/reasoning ", "client": "//"} {
			t.Run(string(th)+"/"+name, func(t *testing.T) {
				d := newDrawer(t, th, gatewaysim.DefaultCatalog())
				d.SetText(text)
				d.Update(keyDown)
				golden.RequireEqual(t, d.View())
			})
		}
	}
}
