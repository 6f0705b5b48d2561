package transcript_test

import (
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/ui/common"
)

// inCard is a row of a tool card without the card's border.
func inCard(row string) string { return strings.TrimSpace(strings.Trim(strings.TrimSpace(row), "│")) }

// toolTurn runs one tool call to its end: five output lines, 1.5 s.
func toolTurn(f *fixture) {
	ok, d := true, 1.5
	f.apply(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "read_file", Preview: "README.md",
		Args: map[string]any{"path": "README.md", "lines": 5}})
	f.apply(frame.TypeToolEnd, &frame.ToolEnd{Index: 1, OK: &ok, Duration: &d,
		OutputPreview: "line 1\nline 2\nline 3\nline 4\nline 5\n"})
}

// A tool card shows what ran and how it went at each verbosity:
// truncated keeps the last output lines and counts the rest, all adds the
// sorted args and every line, none hides the card.
func TestToolCardAtEachVerbosity(t *testing.T) {
	f := newFixture(t, 80, 16)
	f.message("u", frame.RoleUser, "read it", 1)
	toolTurn(f)

	rows := f.rows()
	head := rowOf(rows, "✓ read_file README.md")
	if head < 0 || !strings.HasSuffix(inCard(rows[head]), "1.5s") {
		t.Fatalf("want the head with the duration at the right:\n%s", strings.Join(rows, "\n"))
	}
	for i, want := range []string{"… 2 more lines", "line 3", "line 4", "line 5"} {
		if !strings.Contains(rows[head+1+i], want) {
			t.Fatalf("truncated: row %d is %q, want %q:\n%s", head+1+i, rows[head+1+i], want, strings.Join(rows, "\n"))
		}
	}
	f.mustNotShow("line 5", "path: README.md", "line 1\n")

	f.com.Settings.Tools = common.ToolsAll
	f.changed()
	rows = f.rows()
	head = rowOf(rows, "✓ read_file README.md")
	for i, want := range []string{"lines: 5", "path: README.md", "line 1", "line 2", "line 3", "line 4", "line 5"} {
		if !strings.Contains(rows[head+1+i], want) {
			t.Fatalf("all: row %d is %q, want %q:\n%s", head+1+i, rows[head+1+i], want, strings.Join(rows, "\n"))
		}
	}
	f.mustNotShow("line 1", "more lines")

	f.com.Settings.Tools = common.ToolsNone
	f.changed()
	f.mustNotShow("read it", "read_file", "line 5")
}

// The truncated card counts the lines it hides as a reader would.
func TestToolCardCountsHiddenLines(t *testing.T) {
	f := newFixture(t, 60, 10)
	ok := true
	f.apply(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "ls"})
	f.apply(frame.TypeToolEnd, &frame.ToolEnd{Index: 1, OK: &ok, OutputPreview: "a\nb\nc\nd\n"})
	rows := f.rows()
	if r := inCard(rows[rowOf(rows, "✓ ls")+1]); r != "… 1 more line" {
		t.Fatalf("the count row is %q, want %q", r, "… 1 more line")
	}
}

// A running card animates and says what it is doing; a failed one is
// marked ✗.
func TestToolCardRunningAndFailed(t *testing.T) {
	f := newFixture(t, 60, 10)
	f.apply(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "bash", Preview: "make test"})
	rows := f.rows()
	if r := inCard(rows[rowOf(rows, "bash make test")]); !strings.HasPrefix(r, "⠋ bash make test") || !strings.HasSuffix(r, "running…") {
		t.Fatalf("running card: %q", r)
	}
	f.apply(frame.TypeToolProgress, &frame.ToolProgress{Index: 1, Note: "compiling 3/9"})
	rows = f.rows()
	if r := inCard(rows[rowOf(rows, "bash make test")]); !strings.HasSuffix(r, "compiling 3/9") {
		t.Fatalf("the progress note is not shown: %q", r)
	}
	f.m.SetSpinner("⠙")
	f.mustShow("⠙ bash make test")
	failed, d := false, 0.4
	f.apply(frame.TypeToolEnd, &frame.ToolEnd{Index: 1, OK: &failed, Duration: &d, OutputPreview: "exit 2"})
	rows = f.rows()
	if r := inCard(rows[rowOf(rows, "bash make test")]); !strings.HasPrefix(r, "✗ bash make test") ||
		!strings.HasSuffix(r, "0.4s") {
		t.Fatalf("failed card: %q", r)
	}
	f.mustShow("exit 2")
}

// A long preview is cut with an ellipsis so the duration stays on the
// card's one head row.
func TestToolCardHeadFitsTheWidth(t *testing.T) {
	f := newFixture(t, 40, 8)
	ok, d := true, 12.4
	f.apply(frame.TypeToolStart, &frame.ToolStart{Index: 1, Name: "grep", Preview: strings.Repeat("pattern ", 20)})
	f.apply(frame.TypeToolEnd, &frame.ToolEnd{Index: 1, OK: &ok, Duration: &d})
	rows := f.rows() // every row fits
	if r := inCard(rows[rowOf(rows, "✓ grep")]); !strings.Contains(r, "…") || !strings.HasSuffix(r, "12.4s") {
		t.Fatalf("head row %q", r)
	}
}
