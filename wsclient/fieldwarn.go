package wsclient

import (
	"log/slog"
	"regexp"
	"time"

	"github.com/hermes/iris/frame"
)

// fieldWarnings logs the fields frame.Decode had to convert or ignore
// (Frame.Issues) as protocol warnings, at most once per frame type and
// field every Timing.FieldWarnEvery, so a gateway that sends the same odd
// field in every frame fills no log. A repeated warning counts the
// occurrences it stood for. List positions do not make a field distinct
// (choices[3].value counts as choices[].value), and at most
// maxFieldWarnKeys fields are tracked at once, so a hostile gateway cannot
// grow the table. Used by the reader goroutine only.
type fieldWarnings struct {
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
	now := w.now()
	for _, is := range f.Issues {
		key := f.Type + "\x00" + listIndex.ReplaceAllString(is.Field, "[]")
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
			continue
		}
		w.log.Warn("wsclient: protocol warning: a field did not have the type the spec gives it",
			"frame", f.Type, "field", is.Field, "got", is.Got, "want", is.Want, "kept", is.Kept,
			"occurrences", fw.quiets+1)
		fw.next, fw.quiets = now.Add(w.every), 0
	}
}
