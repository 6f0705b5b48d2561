// Package viewtest holds the checks the UI's component tests make on a
// drawn view (as plain text): what it must show, and what it must not show
// while it shows something else, so a blank view never passes a check of
// absence.
//
// See ARCHITECTURE.md at the repository root for how this package fits in.
package viewtest

import (
	"strings"
	"testing"
)

// Shows fails t unless plain holds every one of subs; it returns plain.
func Shows(t testing.TB, plain string, subs ...string) string {
	t.Helper()
	for _, s := range subs {
		if !strings.Contains(plain, s) {
			t.Fatalf("the view does not show %q:\n%s", s, plain)
		}
	}
	return plain
}

// ShowsNot fails t unless plain holds want, or if it holds any of subs.
func ShowsNot(t testing.TB, plain, want string, subs ...string) {
	t.Helper()
	Shows(t, plain, want)
	for _, s := range subs {
		if strings.Contains(plain, s) {
			t.Fatalf("the view shows %q:\n%s", s, plain)
		}
	}
}
