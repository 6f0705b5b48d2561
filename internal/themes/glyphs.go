package themes

// Glyphs used across the UI. They are single-cell symbols (no emoji) so
// width calculations hold on every terminal.
const (
	// GlyphDefault marks the default channel in the sidebar.
	GlyphDefault = "★"
	// GlyphUnread precedes an unread count badge.
	GlyphUnread = "●"
	// GlyphBusy marks a lane whose agent is working (static form of the
	// spinner).
	GlyphBusy = "◐"
	// GlyphPicker marks a lane with a pending picker.
	GlyphPicker = "◆"
	// GlyphThread prefixes a thread nested under its channel.
	GlyphThread = "└"
	// GlyphSending is shown on a user message not yet acknowledged.
	GlyphSending = "…"
	// GlyphSent is shown on a user message the gateway accepted.
	GlyphSent = "✓"
	// GlyphRead is shown on a user message the agent has read.
	GlyphRead = "✓✓"
	// GlyphQueued is shown on a message waiting in the outgoing queue.
	GlyphQueued = "◷"
	// GlyphFailed is shown on a message that could not be sent.
	GlyphFailed = "✗"
	// GlyphToolRunning is the static form of a running tool's spinner.
	GlyphToolRunning = "◌"
	// GlyphToolOK marks a tool call that succeeded.
	GlyphToolOK = "✓"
	// GlyphToolFailed marks a tool call that failed.
	GlyphToolFailed = "✗"
	// GlyphReply prefixes a quoted reply_to line.
	GlyphReply = "↪"
	// GlyphCurrent marks the current choice in a picker.
	GlyphCurrent = "●"
	// GlyphCursor marks the highlighted row of a list.
	GlyphCursor = "›"
	// GlyphExpanded marks an open foldable block (reasoning).
	GlyphExpanded = "▾"
	// GlyphCollapsed marks a folded block.
	GlyphCollapsed = "▸"
	// GlyphNewBelow points at unseen messages under the view.
	GlyphNewBelow = "↓"
)

// Media kind glyphs, for media chips (see MediaGlyph).
const (
	GlyphImage = "▣" // kind "image"
	GlyphAudio = "♪" // kind "audio"
	GlyphVoice = "◉" // kind "voice"
	GlyphVideo = "▶" // kind "video"
	GlyphFile  = "◫" // any other kind
)

// MediaGlyph returns the glyph for a media kind as the wire names it
// ("image", "audio", "voice", "video", anything else is a file).
func MediaGlyph(kind string) string {
	switch kind {
	case "image":
		return GlyphImage
	case "audio":
		return GlyphAudio
	case "voice":
		return GlyphVoice
	case "video":
		return GlyphVideo
	}
	return GlyphFile
}
