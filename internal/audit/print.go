package audit

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"
	"unicode/utf16"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/termsafe"
)

// maxSubject caps the subject column of the table.
const maxSubject = 48

// WriteTable prints entries as a table for people: time (local, to the
// second), result, type, lane, scope, answer and subject. Every field that
// came from the wire is sanitised.
func WriteTable(w io.Writer, entries []Entry, loc *time.Location) error {
	if len(entries) == 0 {
		_, err := fmt.Fprintln(w, "no answers recorded")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TIME\tRESULT\tTYPE\tLANE\tSCOPE\tANSWER\tSUBJECT\tGATEWAY")
	for _, e := range entries {
		result := string(e.Result)
		if e.Reason != "" {
			result += " (" + cell(e.Reason, 40) + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
			e.Time.In(loc).Format("2006-01-02 15:04:05"), result, cell(strings.TrimPrefix(e.Type, "picker."), 20),
			cell(laneLabel(e), 40), orDash(cell(e.Scope, 20)), cell(e.Answer, 40), cell(e.Subject, maxSubject), cell(e.Gateway, 60))
	}
	return tw.Flush()
}

// cell is a sanitised one-line table cell of at most n runes; tabs would
// break the columns, so they become spaces.
func cell(s string, n int) string {
	s = strings.ReplaceAll(termsafe.Line(s), "\t", " ")
	if r := []rune(s); len(r) > n {
		s = string(r[:n-1]) + "…"
	}
	return s
}

// laneLabel is the lane's name, or its id when the name is unknown.
func laneLabel(e Entry) string {
	if e.LaneName != "" {
		return e.LaneName
	}
	return e.Lane
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// WriteJSON prints entries as JSON lines, as stored. Characters a terminal
// could act on (DEL, C1 controls, format and bidi characters) are written
// as \u escapes, which JSON readers decode to the same text.
func WriteJSON(w io.Writer, entries []Entry) error {
	for _, e := range entries {
		line, err := json.Marshal(e)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "%s\n", escapeControls(string(line))); err != nil {
			return err
		}
	}
	return nil
}

// escapeControls writes the runes of JSON text s that json.Marshal leaves
// raw but a terminal could interpret as \u escapes.
func escapeControls(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == 0x7f || (r >= 0x80 && r <= 0x9f) || unicode.Is(unicode.Cf, r) {
			if r > 0xffff {
				hi, lo := utf16.EncodeRune(r)
				fmt.Fprintf(&b, `\u%04x\u%04x`, hi, lo)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ScopeOf is how long an answer holds, for the picker kinds that say:
// "once", "session" or "always" for an approval or a confirm answered with
// one of those, "" otherwise (a deny, a cancel, a choice).
func ScopeOf(pickerType, value string) string {
	if pickerType != frame.TypePickerApproval && pickerType != frame.TypePickerConfirm {
		return ""
	}
	switch value {
	case "once", "session", "always":
		return value
	}
	return ""
}
