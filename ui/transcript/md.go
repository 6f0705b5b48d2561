package transcript

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/hermes/iris/store"
	"github.com/hermes/iris/themes"
	"github.com/hermes/iris/ui/common"
	"github.com/hermes/iris/ui/markdown"
)

// mdCache adapts ui/markdown to the transcript: one markdown.Cache per
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

// markdown renders an item's text or reasoning (wire text; ui/markdown
// sanitises before and after glamour). A streaming item re-renders only the
// tail after its stable prefix; a final one gets one full render.
func (r *renderer) markdown(it *store.Item, reasoning bool, text string, width int) string {
	c := r.md.get()
	k := streamKey(it, reasoning)
	if it.Msg.Streaming {
		return trimBlankLines(c.Stream(k, width, text))
	}
	c.Finish(k)
	return trimBlankLines(c.Render(width, text))
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
