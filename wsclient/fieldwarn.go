package wsclient

import (
	"log/slog"
	"regexp"
	"sync"
	"time"

	"github.com/hermes/iris/frame"
)

// fieldWarnings logs the fields frame.Decode had to convert or ignore
// (Frame.Issues), and the frames dropped for naming no lane, as protocol
// warnings, at most once per frame type and
// field every Timing.FieldWarnEvery, so a gateway that sends the same odd
// field in every frame fills no log. A repeated warning counts the
// occurrences it stood for. List positions do not make a field distinct
// (choices[3].value counts as choices[].value), and at most
// maxFieldWarnKeys fields are tracked at once, so a hostile gateway cannot
// grow the table. Used by the reader, and by the consumer for the updates
// it decodes (deferredUpdate).
type fieldWarnings struct {
	mu    sync.Mutex
	log   *slog.Logger
	every time.Duration
	now   func() time.Time
	seen  map[string]*fieldWarning
}

// maxFieldWarnKeys bounds the fields tracked; when full the table starts
// afresh.
const maxFieldWarnKeys = 512

// listIndex matches a list position in a field path.
var listIndex = regexp.MustCompile(`\[\d+\]`)

type fieldWarning struct {
	next   time.Time // no warning for this key before then
	quiets int       // occurrences not logged since the last warning
}

func newFieldWarnings(log *slog.Logger, t *Timing) *fieldWarnings {
	return &fieldWarnings{log: log, every: t.FieldWarnEvery, now: t.Now, seen: map[string]*fieldWarning{}}
}

// note logs f's issues that are due.
func (w *fieldWarnings) note(f frame.Frame) {
	for _, is := range f.Issues {
		n, ok := w.due(f.Type + "\x00" + listIndex.ReplaceAllString(is.Field, "[]"))
		if !ok {
			continue
		}
		w.log.Warn("wsclient: protocol warning: a field did not have the type the spec gives it",
			"frame", f.Type, "field", is.Field, "got", is.Got, "want", is.Want, "kept", is.Kept,
			"occurrences", n)
	}
}

// unrouted logs, when due, that f was dropped for naming no lane. Only
// the envelope's numbers are logged, nothing the frame says.
func (w *fieldWarnings) unrouted(f frame.Frame) {
	if n, ok := w.due(f.Type + "\x00lane"); ok {
		w.log.Warn("wsclient: protocol warning: a chat-scoped frame names no chat_id, at the top level or in the payload; dropped",
			"frame", f.Type, "id", f.ID, "cursor", f.Cursor, "occurrences", n)
	}
}

// due reports whether a warning for key is due now, and how many
// occurrences it stands for; otherwise it counts this one.
func (w *fieldWarnings) due(key string) (int, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := w.now()
	fw := w.seen[key]
	if fw == nil {
		if len(w.seen) >= maxFieldWarnKeys {
			clear(w.seen)
		}
		fw = &fieldWarning{}
		w.seen[key] = fw
	}
	if now.Before(fw.next) {
		fw.quiets++
		return 0, false
	}
	n := fw.quiets + 1
	fw.next, fw.quiets = now.Add(w.every), 0
	return n, true
}
