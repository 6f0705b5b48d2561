package transcript

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/internal/store"
	"github.com/hermes/iris/internal/themes"
	"github.com/hermes/iris/internal/ui/common"
	"github.com/hermes/iris/internal/ui/markdown"
)

// mdCache adapts internal/ui/markdown to the transcript: one markdown.Cache per
// theme (renderers per width, streams per item), remade when the theme
// changes. It is used only on the UI goroutine.
type mdCache struct {
	com      *common.Common
	themeGen int
	cache    *markdown.Cache
}

func newMDCache(com *common.Common) *mdCache { return &mdCache{com: com} }

// get returns the cache for the current theme.
func (c *mdCache) get() *markdown.Cache {
	if c.cache == nil || c.themeGen != c.com.ThemeGen {
		c.cache = markdown.NewCache(themes.GlamourStyle(c.com.Theme))
		c.themeGen = c.com.ThemeGen
	}
	return c.cache
}

// reset drops every stream (the lane changed).
func (c *mdCache) reset() { c.cache = nil }

// forget ends the streams of an item that left the lane.
func (c *mdCache) forget(it *store.Item) {
	if c.cache != nil {
		c.cache.Finish(streamKey(it, false))
		c.cache.Finish(streamKey(it, true))
	}
}

func streamKey(it *store.Item, reasoning bool) string {
	if reasoning {
		return fmt.Sprintf("%p/reasoning", it)
	}
	return fmt.Sprintf("%p", it)
}

// markdown renders an item's text or reasoning (wire text; internal/ui/markdown
// sanitises before and after glamour). A streaming item re-renders only the
// tail after its stable prefix; the first render of a final one finishes
// its stream (no full render of a streamed answer), later ones are full
// renders.
func (r *renderer) markdown(it *store.Item, reasoning bool, text string, width int) string {
	c := r.md.get()
	k := streamKey(it, reasoning)
	if it.Msg.Streaming {
		return trimBlankLines(c.Stream(k, width, text))
	}
	return trimBlankLines(c.Final(k, width, text))
}

// trimBlankLines drops leading and trailing lines that show nothing. It
// looks only at the lines it drops and the first and last it keeps, and
// returns a substring of s (no copy of a long rendering per update).
func trimBlankLines(s string) string {
	blank := func(l string) bool { return strings.TrimSpace(ansi.Strip(l)) == "" }
	for s != "" {
		line, rest, found := strings.Cut(s, "\n")
		if !blank(line) {
			break
		}
		s = rest
		if !found {
			s = ""
		}
	}
	for s != "" {
		i := strings.LastIndexByte(s, '\n')
		if !blank(s[i+1:]) {
			break
		}
		s = s[:max(i, 0)]
	}
	return s
}
