package gatewaysim

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hermes/iris/frame"
)

// BenchEnd is the last line of BenchAnswer, to recognise its end on screen.
const BenchEnd = "End of the benchmark answer."

// BenchAnswer is the benchmark's markdown answer of about size bytes:
// headings, paragraphs with inline markup, lists, tables and three code
// fences in different languages (Go, Python, JSON), ending with BenchEnd.
func BenchAnswer(size int) string {
	var b strings.Builder
	fences := []string{
		"```go\nfunc handle(w http.ResponseWriter, r *http.Request) {\n\tif r.Method != http.MethodGet {\n\t\thttp.Error(w, \"method\", 405)\n\t\treturn\n\t}\n\tfmt.Fprintf(w, \"ok %d\\n\", 200)\n}\n```\n\n",
		"```python\ndef summarise(rows):\n    total = sum(r.value for r in rows)\n    # the average of the non-empty rows\n    return total / max(len(rows), 1)\n\nprint(summarise([]))\n```\n\n",
		"```json\n{\n  \"name\": \"iris\",\n  \"version\": 3,\n  \"features\": [\"stream\", \"cache\"],\n  \"enabled\": true\n}\n```\n\n",
	}
	for i := 0; b.Len() < size-len(BenchEnd)-1; i++ {
		fmt.Fprintf(&b, "## Part %d\n\nThis part explains **step %d** with `inline code`, *emphasis* and a [link](https://example.com/%d). "+
			"It is long enough to wrap across the transcript at least once or twice on a normal terminal.\n\n", i, i, i)
		fmt.Fprintf(&b, "- first point of %d\n- second point with **bold**\n  - a nested detail\n- third point\n\n", i)
		b.WriteString(fences[i%len(fences)])
		fmt.Fprintf(&b, "| name | value | note |\n|------|------:|------|\n| a%d | %d | fine |\n| b%d | %d | also fine |\n\n", i, i, i, i*2)
		fmt.Fprintf(&b, "1. ordered one\n2. ordered two\n\n> a quote about step %d\n\n", i)
	}
	b.WriteString(BenchEnd + "\n")
	return b.String()
}

// StreamAnswer streams text into lane as one assistant message: message.start,
// updates growing full-text message.update frames, one every interval (on an
// absolute schedule, so the rate holds however long a send takes), and
// message.stop with the whole text. It returns early when ctx ends.
func (s *Server) StreamAnswer(ctx context.Context, lane frame.Lane, id, text string, updates int, interval time.Duration) error {
	on := func(typ string, p any) frame.Frame {
		return frame.Frame{Type: typ, ChatID: frame.Some(lane.ChatID), ThreadID: frame.OrNull(lane.ThreadID), Payload: p}
	}
	s.Broadcast(on(frame.TypeMessageStart, &frame.MessageStart{MessageID: id, Role: frame.RoleAssistant, TS: s.nowMS()}))
	start := time.Now()
	for i := 1; i <= updates; i++ {
		if d := time.Until(start.Add(time.Duration(i) * interval)); d > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(d):
			}
		}
		s.Broadcast(on(frame.TypeMessageUpdate, &frame.MessageUpdate{MessageID: id, Text: text[:len(text)*i/updates]}))
	}
	s.Broadcast(on(frame.TypeMessageStop, &frame.MessageStop{MessageID: id, FinalText: text, TS: s.nowMS()}))
	return nil
}
