package transcript_test

import (
	"strings"
	"testing"

	"github.com/hermes/iris/frame"
	"github.com/hermes/iris/internal/store"
)

// A width change re-wraps every message to the new width (view checks no
// row is wider) and keeps every word; the height is the one given.
func TestWidthChangeRewraps(t *testing.T) {
	long := "The quick brown fox jumps over the lazy dog and keeps running through the field until the sun goes down."
	f := newFixture(t, 120, 20)
	f.message("u", frame.RoleUser, long, 1)
	f.message("a", frame.RoleAssistant, long, 0)
	wide := f.rows()
	if n := strings.Count(strings.Join(wide, "\n"), "the sun goes down."); n != 2 {
		t.Fatalf("at 120 columns each text should fit one row:\n%s", strings.Join(wide, "\n"))
	}
	f.resize(40, 20)
	narrow := f.rows()
	if len(narrow) != 20 {
		t.Fatalf("%d rows, want 20", len(narrow))
	}
	joined := strings.Join(narrow, " ")
	for _, w := range strings.Fields(long) {
		if strings.Count(joined, w) < 2 {
			t.Fatalf("the word %q went missing at 40 columns:\n%s", w, strings.Join(narrow, "\n"))
		}
	}
	if rowOf(narrow, "the sun goes down.") < 0 || rowOf(narrow, "The quick brown fox") == rowOf(narrow, "the sun goes down.") {
		t.Fatalf("the text did not wrap:\n%s", strings.Join(narrow, "\n"))
	}
	f.resize(120, 20)
	if strings.Join(f.rows(), "\n") != strings.Join(wide, "\n") {
		t.Fatal("back at 120 columns the view differs from before")
	}
}

// A message cut at the text cap says how much more there was; a memory
// store keeps none of it.
func TestOverflowNote(t *testing.T) {
	f := newFixture(t, 80, 10)
	f.message("big", frame.RoleAssistant, strings.Repeat("word ", store.TextCap/5+2000), 0)
	rows := f.rows()
	if i := rowOf(rows, "… "); i < 0 || !strings.Contains(rows[i], "KiB more (not kept)") {
		t.Fatalf("no overflow note:\n%s", strings.Join(rows, "\n"))
	}
}
