package markdown

import (
	"strings"

	"github.com/hermes/iris/internal/termsafe"
)

// Stream renders the growing text of one message (or of its reasoning)
// while it streams. Each Update gets the full text so far; the stable
// prefix, up to the last safe block boundary, is rendered once and cached,
// and only the unfinished tail is rendered again. When the text stops
// growing by appending (an edit) or contains link reference definitions,
// Stream falls back to full renders. Final renders the finished text the
// same way and forgets the prefix.
//
// A Stream belongs to one Renderer and, like it, to the UI goroutine.
type Stream struct {
	r *Renderer
	// raw is the wire text of the stable prefix; out its rendering.
	raw, out string
	// scan is the scanner state at the end of the stable prefix (always
	// between blocks).
	scan scanner
	// naive is set when splitting is unsafe for this text.
	naive bool
	// last and lastOut memoise the latest update, for repeated views.
	last, lastOut string
	// fence is the open code fence the tail starts with (openfence.go).
	fence openFence
	// tailScan is the scanner state after the first tailScanned bytes of
	// the tail, which hold no boundary: the next update scans on from
	// there, so a long open fence is not scanned again on every update.
	tailScan    scanner
	tailScanned int
}

// NewStream starts a stream rendered by r.
func NewStream(r *Renderer) *Stream {
	return &Stream{r: r, scan: newScanner()}
}

// Renderer is the renderer the stream draws with.
func (s *Stream) Renderer() *Renderer { return s.r }

// Update renders the full text so far. Its result equals r.Render(text)
// for every text whose unfinished tail renders the same alone as in the
// whole document (see the package tests), and is always sanitised.
func (s *Stream) Update(text string) string {
	if text == s.last && s.lastOut != "" {
		return s.lastOut
	}
	s.last, s.lastOut = text, s.update(text)
	return s.lastOut
}

// update renders text, reusing and extending the stable prefix.
func (s *Stream) update(text string) string {
	if s.naive {
		return s.r.Render(text)
	}
	if !strings.HasPrefix(text, s.raw) {
		s.reset()
	} else if !strings.HasPrefix(text, s.last) {
		// An edit inside the tail: what was learnt of the old tail (its
		// scan, the open fence's frozen lines) does not hold for this one.
		s.fence, s.tailScanned = openFence{}, 0
	}
	tail := text[len(s.raw):]
	stable, ok := s.advance(tail)
	if !ok {
		s.naive = true
		return s.r.Render(text)
	}
	if stable > 0 {
		s.out += s.renderStable(tail[:stable])
		s.raw = text[:len(s.raw)+stable]
		tail = tail[stable:]
		s.fence, s.tailScanned = openFence{}, 0
	}
	if tail == "" {
		return s.out
	}
	if frozen, live, ok := s.fenceTail(tail); ok {
		return s.out + frozen + live
	}
	return s.out + s.renderPiece(termsafe.Text(tail))
}

// Final renders the finished text and resets the stream. It reuses the
// stable prefix like Update, so a finished answer is not rendered again in
// full: the result equals r.Render(text) (FuzzStream, TestStreamCases).
func (s *Stream) Final(text string) string {
	out := s.Update(text)
	s.reset()
	return out
}

// reset forgets the cached prefix.
func (s *Stream) reset() {
	*s = Stream{r: s.r, scan: newScanner()}
}

// advance scans the complete lines of tail from the state at the end of
// the stable prefix and returns the length of tail up to the last safe
// boundary (0 if none), moving the saved scanner state there. It reports
// false when the text must not be split.
func (s *Stream) advance(tail string) (int, bool) {
	sc := s.scan
	stable, pos := 0, 0
	if s.tailScanned > 0 {
		sc, pos = s.tailScan, s.tailScanned
	}
	for {
		nl := strings.IndexByte(tail[pos:], '\n')
		if nl < 0 {
			break
		}
		if sc.line(tail[pos:pos+nl]) && pos > 0 {
			// The next scan starts again at this line, so it must see
			// the blank line before it.
			stable, s.scan = pos, scanner{blank: true}
		}
		pos += nl + 1
	}
	if sc.refDef || sc.tangled || sc.fence == "" && sc.htmlClose == "" && isRefDefinition(tail[pos:]) {
		return 0, false
	}
	if stable == 0 {
		s.tailScan, s.tailScanned = sc, pos
	}
	return stable, true
}

// renderStable renders piece, the tail up to its last safe boundary, to
// extend the stable prefix. When the tail opened with a code fence whose
// lines were frozen while it was open (openfence.go), their rows are kept
// and only the rest of the piece is rendered, after the last frozen piece
// as the open fence's live part is: a long fence is not highlighted again
// in full when it closes.
func (s *Stream) renderStable(piece string) string {
	if f := &s.fence; f.out != "" && f.frozen <= len(piece) {
		return f.out + s.renderAfterFrozen(piece[f.frozen:])
	}
	return s.renderPiece(termsafe.Text(piece))
}

// renderPiece renders sanitised source that follows the stable prefix.
func (s *Stream) renderPiece(clean string) string {
	if s.raw == "" {
		return s.r.renderClean(clean)
	}
	return s.r.renderContinuation(clean)
}
