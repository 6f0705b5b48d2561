package common

import "testing"

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 lines", 1: "1 line", 2: "2 lines"} {
		if got := Count(n, "line"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}
