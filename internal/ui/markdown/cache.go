package markdown

import (
	"charm.land/glamour/v2/ansi"

	"github.com/hermes/iris/internal/termsafe"
)

// maxRenderers bounds the renderers a Cache keeps; resizing the terminal
// creates one per width.
const maxRenderers = 8

// Cache holds, for one theme, one Renderer per width and one Stream per
// streaming text (a message's text and its reasoning are separate keys, so
// streaming text never re-renders reasoning). It belongs to the UI
// goroutine. Make a new Cache when the theme changes.
type Cache struct {
	style     ansi.StyleConfig
	renderers map[int]*Renderer
	streams   map[string]*Stream
}

// NewCache makes a cache rendering with a glamour style
// (themes.GlamourStyle).
func NewCache(style ansi.StyleConfig) *Cache {
	return &Cache{
		style:     style,
		renderers: map[int]*Renderer{},
		streams:   map[string]*Stream{},
	}
}

// Renderer returns the renderer for a width, making it on first use. It
// returns nil only if glamour rejects the style.
func (c *Cache) Renderer(width int) *Renderer {
	width = max(width, 1)
	if r, ok := c.renderers[width]; ok {
		return r
	}
	r, err := New(width, c.style)
	if err != nil {
		return nil
	}
	if len(c.renderers) >= maxRenderers {
		clear(c.renderers)
	}
	c.renderers[width] = r
	return r
}

// Render renders finished wire text at a width (a full render, sanitised).
func (c *Cache) Render(width int, text string) string {
	r := c.Renderer(width)
	if r == nil {
		return termsafe.Output(termsafe.Text(text))
	}
	return r.Render(text)
}

// Stream renders the growing wire text identified by key (for example
// message id, or message id + "/reasoning") at a width, re-rendering only
// its unfinished tail. A width change restarts the stream. Call Finish when
// the text is final.
func (c *Cache) Stream(key string, width int, text string) string {
	r := c.Renderer(width)
	if r == nil {
		return termsafe.Output(termsafe.Text(text))
	}
	s, ok := c.streams[key]
	if !ok || s.Renderer() != r {
		s = NewStream(r)
		c.streams[key] = s
	}
	return s.Update(text)
}

// Final renders the finished wire text of the stream key at a width and
// forgets the stream: a stream of that width reuses its stable prefix
// (Stream.Final), anything else gets a full render. Either equals
// Render(width, text).
func (c *Cache) Final(key string, width int, text string) string {
	s, ok := c.streams[key]
	delete(c.streams, key)
	if r := c.Renderer(width); ok && s.Renderer() == r {
		return s.Final(text)
	}
	return c.Render(width, text)
}

// Finish forgets the stream for key (the message was deleted or left the
// lane); a finished text is rendered with Final.
func (c *Cache) Finish(key string) {
	delete(c.streams, key)
}

// Streams is the number of streams in progress.
func (c *Cache) Streams() int { return len(c.streams) }
