package markdown

import (
	"slices"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"

	"github.com/hermes/iris/internal/termsafe"
)

// fenceLexer returns the chroma lexer glamour highlights the fence opened
// by line (with fence run run) with, or nil for plain text, which every
// cut leaves unchanged.
func fenceLexer(line, run string) chroma.Lexer {
	alias := chromaAlias(fenceInfo(line, run))
	if alias == plainLanguage {
		return nil
	}
	return lexers.Get(alias)
}

// safeCut reports whether the fence's lines may be highlighted in two
// pieces cut at byte cut of region (complete lines, starting where the
// lexer is in its initial state) and show as they do in the whole fence:
// every byte of either piece gets the token type it has in the whole
// region, so no lexer state crosses the cut, and none would if a
// multi-line construct opened before the cut closed later (probeClosers
// follows the first piece: lexers that match a block comment or a raw
// string with one pattern read an unclosed one as code until its end
// comes). The text checked is the sanitised text glamour highlights.
func (f *openFence) safeCut(region string, cut int) bool {
	if f.lexer == nil {
		return true
	}
	whole := tokenTypes(f.lexer, termsafe.Text(region))
	first := termsafe.Text(region[:cut])
	probed := tokenTypes(f.lexer, first+probeClosers)
	after := tokenTypes(f.lexer, termsafe.Text(region[cut:]))
	n := len(first)
	return n <= len(whole) && n <= len(probed) &&
		slices.Equal(probed[:n], whole[:n]) && slices.Equal(after, whole[n:])
}

// probeClosers ends the multi-line constructs of common languages: block
// comments, long strings, raw and template strings.
const probeClosers = "*/ --> -} *) |# #> ]] ]=] \"\"\" ''' ` \" '\n"

// tokenTypes returns the token type of each byte of text as lexer reads
// it, or nil when it does not tokenise.
func tokenTypes(lexer chroma.Lexer, text string) []chroma.TokenType {
	it, err := lexer.Tokenise(nil, text)
	if err != nil {
		return nil
	}
	types := make([]chroma.TokenType, 0, len(text)+1)
	for t := it(); t != chroma.EOF; t = it() {
		for range len(t.Value) {
			types = append(types, t.Type)
		}
	}
	return types
}
