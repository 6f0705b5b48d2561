package drawer

import (
	"regexp"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/keymap"
)

// ClientPrefix always reaches Iris's own command: "//quit" runs Iris's
// /quit even when the gateway has a /quit of its own (the gateway's command
// wins the plain "/quit").
const ClientPrefix = "//"

// ClientCategory is the drawer category of Iris's own commands.
const ClientCategory = "Iris"

// Builtins are the commands Iris runs itself, without the gateway. The
// drawer adds to their descriptions the keys that do the same (keyNotes).
func Builtins() []frame.Command {
	return []frame.Command{
		{Name: "/search", ArgsHint: "[query]", Description: "Search messages"},
		{Name: "/channel", ArgsHint: "[new|rename|default|delete]", Description: "Create, rename, set default or delete the channel"},
		{Name: "/thread", ArgsHint: "[new|auto]", Description: "Start a thread, or toggle a new thread for the next message"},
		{Name: "/stop", Description: "Stop the agent in this lane"},
		{Name: "/theme", ArgsHint: "[auto|dark|light]", Description: "Switch the colour theme"},
		{Name: "/settings", Description: "View and change Iris's settings"},
		{Name: "/pickers", Description: "Every question waiting for your answer, in all channels"},
		{Name: "/keys", Description: "Show the key bindings"},
		{Name: "/quit", Description: "Quit Iris"},
		{Name: AttachCommand, ArgsHint: "PATH", Description: "Attach a file"},
		{Name: "/view", Description: "Open this lane's messages as plain text in $PAGER"},
	}
}

// keyNotes are what the descriptions of Iris's commands say about the keys
// that do the same, as bound in km.
func keyNotes(km keymap.KeyMap) map[string]string {
	return map[string]string{
		"/search":     " (" + keyTitle(km.Global.Search) + ")",
		"/stop":       " (" + keyTitle(km.Global.Escape) + ")",
		"/pickers":    " (" + keyTitle(km.Global.Picker) + ")",
		"/keys":       " (" + keyTitle(km.Global.Help) + ")",
		AttachCommand: " (" + keyTitle(km.Media.Attach) + " opens the file picker)",
		"/view":       " (" + keyTitle(km.Transcript.View) + ": the selected one)",
	}
}

// keyTitle writes a binding's first key as prose does: "Ctrl+F", "Esc",
// "F1"; a lone character stays as it is ("v").
func keyTitle(b key.Binding) string {
	if len(b.Keys()) == 0 {
		return ""
	}
	parts := strings.Split(b.Keys()[0], "+")
	for i, p := range parts {
		if r := []rune(p); len(r) > 1 || len(parts) > 1 {
			parts[i] = strings.ToUpper(string(r[0])) + string(r[1:])
		}
	}
	return strings.Join(parts, "+")
}

// Entry is one command the drawer offers.
type Entry struct {
	frame.Command
	// Client marks an Iris command.
	Client bool
	// Invoke is what to type: the name, or ClientPrefix plus the bare name
	// for an Iris command the gateway shadows.
	Invoke string
	// Subs are the subcommands offered after the name: the literals of
	// ArgsHint ("[none|low|high]") and, for a gateway command, the known ones.
	Subs []string
}

// buildEntries lists the gateway's commands in their order, then Iris's,
// each of Iris's under ClientPrefix when a gateway command has its name or
// one of its aliases; the descriptions of Iris's name km's keys.
func buildEntries(gateway []frame.Command, km keymap.KeyMap) []Entry {
	taken := map[string]bool{}
	var out []Entry
	for _, c := range gateway {
		if c.Name == "" {
			continue
		}
		taken[strings.ToLower(c.Name)] = true
		for _, a := range c.Aliases {
			taken[strings.ToLower(a)] = true
		}
		out = append(out, Entry{Command: c, Invoke: c.Name, Subs: gatewaySubcommands(c)})
	}
	notes := keyNotes(km)
	for _, c := range Builtins() {
		c.Category = ClientCategory
		c.Description += notes[c.Name]
		e := Entry{Command: c, Client: true, Invoke: c.Name, Subs: Subcommands(c.ArgsHint)}
		if taken[c.Name] {
			e.Invoke = ClientPrefix + strings.TrimPrefix(c.Name, "/")
		}
		out = append(out, e)
	}
	return out
}

// subGroup finds a bracketed list of alternatives without nested brackets.
var subGroup = regexp.MustCompile(`[\[<(]([^\[\]<>()]*\|[^\[\]<>()]*)[\]>)]`)

// subWord is the shape of a literal subcommand: one lower-case word.
var subWord = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)

// placeholders are words that name a value to type rather than a literal
// to type ("[level|show|hide]", "[id|on|off]").
var placeholders = map[string]bool{
	"id": true, "n": true, "name": true, "level": true, "number": true,
	"text": true, "prompt": true, "query": true, "path": true, "file": true,
	"value": true, "days": true, "page": true, "subcommand": true,
	"count": true, "url": true,
}

// knownSubcommands are the literals of Hermes commands whose args_hint hides
// them behind a placeholder ("/reasoning [level|show|hide]"). They come
// before the hint's own literals.
var knownSubcommands = map[string][]string{
	"/reasoning": {"none", "minimal", "low", "medium", "high", "xhigh"},
}

// Subcommands parses the literal alternatives of an args_hint. Only a
// bracketed group ([] <> ()) with at least one "|" offers anything; of each
// alternative its first word is offered when it is a literal: one
// lower-case word that is not a placeholder. A placeholder is a word that
// names a value ("level", "id", "N", "name") or a hyphenated word ending in
// one ("session-id"). So "[off|help|session-id]" gives off, help;
// "[accept|dismiss N | catalog]" gives accept, dismiss, catalog; a lone
// "<prompt>" or "[name]" gives nothing.
func Subcommands(argsHint string) []string {
	var out []string
	for _, m := range subGroup.FindAllStringSubmatch(argsHint, -1) {
		for _, alt := range strings.Split(m[1], "|") {
			w, _, _ := strings.Cut(strings.TrimSpace(alt), " ")
			if literal(w) && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// literal reports whether w is a subcommand to type, not a placeholder.
func literal(w string) bool {
	if !subWord.MatchString(w) {
		return false
	}
	parts := strings.FieldsFunc(w, func(r rune) bool { return r == '-' || r == '_' })
	return len(parts) > 0 && !placeholders[parts[len(parts)-1]]
}

// gatewaySubcommands is Subcommands plus the known literals of a gateway
// command, the known ones first.
func gatewaySubcommands(c frame.Command) []string {
	out := slices.Clone(knownSubcommands[strings.ToLower(c.Name)])
	for _, s := range Subcommands(c.ArgsHint) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Resolve reports whether text invokes one of Iris's own commands, given
// the gateway's catalog: "//name args" always does; "/name args" does when
// name is an Iris command the gateway has neither as a name nor as an
// alias. name is returned with one leading slash ("/quit").
func Resolve(text string, gateway []frame.Command) (name, args string, ok bool) {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "/") {
		return "", "", false
	}
	word, args, _ := strings.Cut(text, " ")
	args = strings.TrimSpace(args)
	forced := strings.HasPrefix(word, ClientPrefix)
	if forced {
		word = "/" + strings.TrimPrefix(word, ClientPrefix)
	}
	word = strings.ToLower(word)
	builtin := false
	for _, c := range Builtins() {
		builtin = builtin || c.Name == word
	}
	if !builtin {
		return "", "", false
	}
	if !forced {
		for _, c := range gateway {
			if c.Name != "" && (strings.EqualFold(c.Name, word) || containsFold(c.Aliases, word)) {
				return "", "", false
			}
		}
	}
	return word, args, true
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
