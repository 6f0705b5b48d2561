package store

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"
)

// TextCap is the most of one message's text Iris keeps: in memory, in the
// message's row and on screen (64 KiB, about 1,500 lines: far more than a
// screen, and what the markdown renderer draws in well under a second).
// The rest of a longer text is not kept in memory: a persistent State
// writes the whole text to a file (Options.OverflowDir) that the UI opens
// on request. A message's reasoning is cut at the same size (and not kept
// whole). Without the cap, a 31 MiB message cost 720 MB of memory. A cut
// never splits a URL: it takes the rest of one (up to linkSlack more bytes)
// or, for a longer one, leaves it out, so a link never points to part of
// its target.
const TextCap = 64 << 10

// linkSlack is the most a cut goes past TextCap to keep a URL whole.
const linkSlack = 2 << 10

// cutURL finds the URLs a cut may split: what glamour links (autolinks
// and the targets of markdown links) up to a space or a markup delimiter.
var cutURL = regexp.MustCompile(`(?:https?://|mailto:)[^\s<>"'\x60]+`)

// overflowDirName is the default Options.OverflowDir of a persistent
// State, inside the directory given to Open.
const overflowDirName = "texts"

// Overflow describes the text a message had beyond TextCap.
type Overflow struct {
	// Bytes is how many bytes of text were cut.
	Bytes int64 `json:"bytes"`
	// Path is the file holding the whole text; "" when it was not written
	// (a memory-only State, a message still streaming, a failed write).
	Path string `json:"path,omitempty"`
}

// capText sets msg's text to full, cut at TextCap on a rune boundary. A
// final text over the cap is written whole to the overflow directory, named
// by a hash of the message id (wire ids never become paths); a streaming
// one is only cut, since each update replaces it.
func (s *State) capText(msg *Message, full string) {
	msg.Text, msg.Overflow = full, nil
	if len(full) <= TextCap {
		return
	}
	cut := linkCut(full, runeCut(full))
	if cut == len(full) { // a URL that ends the text, kept whole: nothing is cut
		return
	}
	// Clone: the kept prefix must not pin the whole text in memory.
	msg.Text = strings.Clone(full[:cut])
	msg.Overflow = &Overflow{Bytes: int64(len(full) - cut)}
	if msg.Streaming || s.opts.OverflowDir == "" {
		return
	}
	if msg.ID == "" {
		return
	}
	path := s.overflowPath(msg.ID)
	if err := writeOverflow(path, full); err != nil {
		if s.db != nil {
			s.db.report(fmt.Errorf("keep the full text of message %q: %w", msg.ID, err), 0)
		}
		return
	}
	msg.Overflow.Path = path
}

// runeCut is where text longer than TextCap is cut: at TextCap, or before
// the rune that straddles it.
func runeCut(text string) int {
	cut := TextCap
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return cut
}

// linkCut moves cut, a rune boundary of text, off a URL it would split:
// to the URL's end when that is at most linkSlack further, else to its
// start.
func linkCut(text string, cut int) int {
	from := max(cut-linkSlack, 0)
	to := min(cut+linkSlack+1, len(text))
	for _, m := range cutURL.FindAllStringIndex(text[from:to], -1) {
		start, end := from+m[0], from+m[1]
		if start >= cut || end <= cut {
			continue
		}
		switch {
		case end-cut <= linkSlack: // the window reaches past the end of a URL it holds whole
			return end
		case start == from && from > 0: // longer than the window on both sides
			return cut
		}
		return start
	}
	return cut
}

// capReasoning keeps the first TextCap bytes of a message's reasoning and
// says how much was left out (reasoning is shown dimmed and folded; it is
// not kept whole anywhere).
func capReasoning(text string) string {
	if len(text) <= TextCap {
		return text
	}
	cut := runeCut(text)
	return strings.Clone(text[:cut]) + fmt.Sprintf("\n\n… %d KiB more reasoning not kept", (len(text)-cut)>>10)
}

// overflowPath is where the whole text of message id is kept.
func (s *State) overflowPath(id string) string {
	sum := sha256.Sum256([]byte(id))
	return filepath.Join(s.opts.OverflowDir, hex.EncodeToString(sum[:12])+".txt")
}

// dropOverflow deletes message id's whole-text file, if any: a deleted
// message leaves nothing behind.
func (s *State) dropOverflow(id string) {
	if s.opts.OverflowDir != "" && id != "" {
		os.Remove(s.overflowPath(id))
	}
}

// writeOverflow writes text to path, owner-only, through a temporary file
// so that a reader never sees part of it.
func writeOverflow(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".text-*")
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
