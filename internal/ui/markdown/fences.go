package markdown

import (
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// plainLanguage is chroma's plain-text lexer alias.
const plainLanguage = "text"

// languages caches fence info strings resolved to a chroma lexer alias
// that chroma finds by a map lookup.
var languages = struct {
	sync.Mutex
	alias map[string]string
}{alias: map[string]string{"": plainLanguage}}

// normaliseFences rewrites the info string of every fenced code block to
// the alias of its chroma lexer, or "text". Glamour hands the language to
// chroma, which, for an empty or unknown name, tries every lexer's file
// patterns and content analysers on every render: that made a bare ```
// fence cost milliseconds each time. Only the language is shown
// differently: nothing (glamour never prints the info string).
func normaliseFences(src string) string {
	var b strings.Builder
	fence := ""
	rest := src
	for rest != "" {
		line, tail, hasNL := strings.Cut(rest, "\n")
		rest = tail
		switch {
		case fence != "":
			if isFenceClose(line, fence) {
				fence = ""
			}
		default:
			if run := fenceOpen(line); run != "" {
				fence = run
				line = line[:strings.Index(line, run)] + run + chromaAlias(fenceInfo(line, run))
			}
		}
		b.WriteString(line)
		if hasNL {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// fenceInfo returns the info string of the fence opening line whose fence
// run is run.
func fenceInfo(line, run string) string {
	rest := line[strings.Index(line, run)+len(run):]
	return strings.TrimSpace(strings.TrimLeft(rest, run[:1]))
}

// chromaAlias resolves the first word of a fence's info string to a lexer
// alias chroma finds directly, caching the answer.
func chromaAlias(info string) string {
	lang, _, _ := strings.Cut(info, " ")
	languages.Lock()
	defer languages.Unlock()
	if alias, ok := languages.alias[lang]; ok {
		return alias
	}
	alias := plainLanguage
	if l := lexers.Get(lang); l != nil {
		cfg := l.Config()
		if len(cfg.Aliases) > 0 {
			alias = cfg.Aliases[0]
		} else if !strings.ContainsAny(cfg.Name, " \t") {
			alias = strings.ToLower(cfg.Name)
		}
	}
	languages.alias[lang] = alias
	return alias
}

// registerUnnamedPlain registers, once per process, a plain-text chroma
// lexer under the empty alias. Glamour asks chroma for the language ""
// for indented code blocks, which the source cannot name; without this
// chroma runs every lexer's content analyser on each such block on every
// render (tens of milliseconds each).
var registerUnnamedPlain = sync.OnceFunc(func() {
	lexers.Register(chroma.MustNewLexer(
		&chroma.Config{Name: "iris-unnamed-plain", Aliases: []string{""}},
		func() chroma.Rules {
			return chroma.Rules{"root": {{Pattern: `[^\n]+|\n`, Type: chroma.Text}}}
		},
	))
})
