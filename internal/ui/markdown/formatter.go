package markdown

import (
	"fmt"
	"io"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters"
)

// formatterName is the chroma formatter code blocks are highlighted with:
// chroma's terminal16m (true colour; the terminal's renderer downsamples
// to the real colour profile), byte for byte, with its escape sequences
// worked out once per style instead of once per token. terminal16m copies
// the whole style (to clear its background) on every block and formats
// every token's colours with fmt; a streaming answer's open fence is
// highlighted on every update.
const formatterName = "iris-terminal16m"

func init() {
	formatters.Register(formatterName, chroma.FormatterFunc(formatCached))
}

// sgrTables holds one *sgrTable per *chroma.Style (styles are immutable
// once built). It is shared by every renderer in the process (the SSH
// server's sessions too).
var sgrTables sync.Map

// sgrTable is a style's escape sequences for each standard token type.
type sgrTable struct {
	style *chroma.Style // the style with its background cleared
	seq   map[chroma.TokenType]sgr
}

// sgr is what terminal16m writes around a token: open before it and, when
// styled (the entry is not zero, even if open is empty), a reset after.
type sgr struct {
	open   string
	styled bool
}

// formatCached formats tokens as chroma's terminal16m formatter does.
func formatCached(w io.Writer, style *chroma.Style, it chroma.Iterator) error {
	t := tableFor(style)
	for token := it(); token != chroma.EOF; token = it() {
		seq, ok := t.seq[token.Type]
		if !ok {
			seq = sequence(t.style.Get(token.Type))
		}
		if seq.open != "" {
			if _, err := io.WriteString(w, seq.open); err != nil {
				return err
			}
		}
		if _, err := io.WriteString(w, token.Value); err != nil {
			return err
		}
		if seq.styled {
			if _, err := io.WriteString(w, "\033[0m"); err != nil {
				return err
			}
		}
	}
	return nil
}

// tableFor returns style's table, making it on first use.
func tableFor(style *chroma.Style) *sgrTable {
	if t, ok := sgrTables.Load(style); ok {
		return t.(*sgrTable)
	}
	cleared := clearBackground(style)
	t := &sgrTable{style: cleared, seq: make(map[chroma.TokenType]sgr, len(chroma.StandardTypes))}
	for tt := range chroma.StandardTypes {
		t.seq[tt] = sequence(cleared.Get(tt))
	}
	actual, _ := sgrTables.LoadOrStore(style, t)
	return actual.(*sgrTable)
}

// clearBackground is style without its background colour, as terminal16m
// formats it.
func clearBackground(style *chroma.Style) *chroma.Style {
	builder := style.Builder()
	bg := builder.Get(chroma.Background)
	bg.Background = 0
	bg.NoInherit = true
	builder.AddEntry(chroma.Background, bg)
	cleared, err := builder.Build()
	if err != nil {
		return style
	}
	return cleared
}

// sequence is what terminal16m writes around a token styled by entry.
func sequence(entry chroma.StyleEntry) sgr {
	if entry.IsZero() {
		return sgr{}
	}
	out := ""
	if entry.Bold == chroma.Yes {
		out += "\033[1m"
	}
	if entry.Underline == chroma.Yes {
		out += "\033[4m"
	}
	if entry.Italic == chroma.Yes {
		out += "\033[3m"
	}
	if entry.Colour.IsSet() {
		out += fmt.Sprintf("\033[38;2;%d;%d;%dm", entry.Colour.Red(), entry.Colour.Green(), entry.Colour.Blue())
	}
	if entry.Background.IsSet() {
		out += fmt.Sprintf("\033[48;2;%d;%d;%dm", entry.Background.Red(), entry.Background.Green(), entry.Background.Blue())
	}
	return sgr{open: out, styled: true}
}
