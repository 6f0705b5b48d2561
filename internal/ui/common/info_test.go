package common

import (
	"errors"
	"testing"
)

// TestReportCommands: ReportError's command yields an error InfoMsg with
// the error's text (none for a nil error); ReportInfo's an info one.
func TestReportCommands(t *testing.T) {
	if cmd := ReportError(nil); cmd != nil {
		t.Fatal("ReportError(nil) returned a command")
	}
	if got := ReportError(errors.New("disk full"))(); got != (InfoMsg{Level: LevelError, Text: "disk full"}) {
		t.Fatalf("ReportError: %#v", got)
	}
	if got := ReportInfo("saved")(); got != (InfoMsg{Level: LevelInfo, Text: "saved"}) {
		t.Fatalf("ReportInfo: %#v", got)
	}
}
