package wsclient

import (
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/frame"
)

// TestFieldWarningsStayBounded: list positions share one warning, and a
// gateway inventing field names or frame types cannot grow the table past
// its bound.
func TestFieldWarningsStayBounded(t *testing.T) {
	var b strings.Builder
	now := time.Unix(0, 0)
	w := newFieldWarnings(slog.New(slog.NewTextHandler(&b, nil)), &Timing{FieldWarnEvery: time.Minute, Now: func() time.Time { return now }})
	for i := range 3 {
		w.note(frame.Frame{Type: frame.TypeChannelList, Issues: []frame.FieldIssue{{Field: "channels[" + strconv.Itoa(i) + "].name"}}})
	}
	if n := strings.Count(b.String(), "protocol warning"); n != 1 {
		t.Fatalf("%d warnings for one field at three list positions", n)
	}
	for i := range 10 * maxFieldWarnKeys {
		w.note(frame.Frame{Type: "x" + strconv.Itoa(i), Issues: []frame.FieldIssue{{Field: "id"}}})
		if len(w.seen) > maxFieldWarnKeys {
			t.Fatalf("%d keys tracked, bound %d", len(w.seen), maxFieldWarnKeys)
		}
	}
}
