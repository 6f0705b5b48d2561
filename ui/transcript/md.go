package transcript

import (
	"strings"

	"charm.land/glamour/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/store"
	"github.com/hermes/iris/termsafe"
	"github.com/hermes/iris/themes"
	"github.com/hermes/iris/ui/common"
)

// mdCache renders markdown for the transcript: one glamour renderer per
// width for the current theme (glamour renderers are not goroutine-safe;
// this is used only on the UI goroutine), and, for streaming items, the
// rendered stable prefix of each text so only the unfinished tail is
// re-rendered per update.
type mdCache struct {
	com       *common.Common
	themeGen  int
	renderers map[int]*glamour.TermRenderer
	streams   map[streamKey]*stream
}

type streamKey struct {
	it        *store.Item
	reasoning bool
}

// stream is the rendered stable prefix of a streaming text.
type stream struct {
	width    int
	src      string // the source of the stable prefix (ends at a block boundary)
	rendered string // its rendering
}

func newMDCache(com *common.Common) *mdCache {
	return &mdCache{com: com, renderers: map[int]*glamour.TermRenderer{}, streams: map[streamKey]*stream{}}
}

// reset drops every renderer and stream (width or theme changed).
func (c *mdCache) reset() {
	clear(c.renderers)
	clear(c.streams)
}

// forget drops the streams of an item that left the lane.
func (c *mdCache) forget(it *store.Item) {
	delete(c.streams, streamKey{it, false})
	delete(c.streams, streamKey{it, true})
}

// render renders sanitised markdown at width: termsafe.Text before glamour
// (no control characters or character references reach it), then
// termsafe.Output after (only SGR and safe links leave).
func (c *mdCache) render(text string, width int) string {
	r := c.renderer(width)
	if r == nil {
		return termsafe.Output(termsafe.Text(text))
	}
	out, err := r.Render(termsafe.Text(text))
	if err != nil {
		return termsafe.Output(termsafe.Text(text))
	}
	return termsafe.Output(trimBlankLines(out))
}

// trimBlankLines drops leading and trailing lines that show nothing.
func trimBlankLines(s string) string {
	lines := strings.Split(s, "\n")
	blank := func(l string) bool { return strings.TrimSpace(ansi.Strip(l)) == "" }
	for len(lines) > 0 && blank(lines[0]) {
		lines = lines[1:]
	}
	for len(lines) > 0 && blank(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

func (c *mdCache) renderer(width int) *glamour.TermRenderer {
	if c.themeGen != c.com.ThemeGen {
		c.reset()
		c.themeGen = c.com.ThemeGen
	}
	if r, ok := c.renderers[width]; ok {
		return r
	}
	r, err := glamour.NewTermRenderer(glamour.WithStyles(themes.GlamourStyle(c.com.Theme)), glamour.WithWordWrap(width))
	if err != nil {
		r = nil
	}
	c.renderers[width] = r
	return r
}

// markdown renders an item's text or reasoning. A final item gets one full
// render; a streaming one reuses the rendering of its stable prefix and
// renders only the tail after it.
func (r *renderer) markdown(it *store.Item, reasoning bool, text string, width int) string {
	c := r.md
	k := streamKey{it, reasoning}
	if !it.Msg.Streaming {
		delete(c.streams, k)
		return c.render(text, width)
	}
	s := c.streams[k]
	if s == nil || s.width != width || !strings.HasPrefix(text, s.src) {
		s = &stream{width: width}
		c.streams[k] = s
	}
	if cut := stableCut(text); cut > len(s.src) {
		added := c.render(text[len(s.src):cut], width)
		s.rendered = joinBlocks(s.rendered, added)
		s.src = text[:cut]
	}
	return joinBlocks(s.rendered, c.render(text[len(s.src):], width))
}

func joinBlocks(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "\n\n" + b
}

// stableCut returns the end of the stable prefix of streaming markdown: the
// position after the last blank line that is outside a code fence and not
// followed by a line that continues a list, a quote, a table or an
// indented block. Text up to there renders the same whatever follows.
func stableCut(text string) int {
	cut, pos := 0, 0
	inFence := false
	fence := ""
	prevBlank := false
	for pos < len(text) {
		end := strings.IndexByte(text[pos:], '\n')
		if end < 0 {
			break // the last line is unfinished
		}
		line := text[pos : pos+end]
		trimmed := strings.TrimLeft(line, " ")
		switch {
		case inFence:
			if strings.HasPrefix(trimmed, fence) {
				inFence = false
			}
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			if prevBlank || pos == 0 {
				cut = pos
			}
			inFence, fence = true, trimmed[:3]
		case strings.TrimSpace(line) == "":
		case prevBlank && !continues(line):
			cut = pos
		}
		prevBlank = !inFence && strings.TrimSpace(line) == ""
		pos += end + 1
	}
	return cut
}

// continues reports whether a line after a blank line may belong to the
// block before it (list items, indented continuations, quotes, tables).
func continues(line string) bool {
	if strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t") {
		return true
	}
	switch {
	case strings.HasPrefix(line, "- "), strings.HasPrefix(line, "* "), strings.HasPrefix(line, "+ "),
		strings.HasPrefix(line, ">"), strings.HasPrefix(line, "|"):
		return true
	}
	i := 0
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(line) && (line[i] == '.' || line[i] == ')') && line[i+1] == ' '
}
