package common

import (
	"testing"
	"time"
)

// TestFormatTime: today's times are a clock time, other days carry the
// date, in the zone Loc names; zero or negative is no time at all.
func TestFormatTime(t *testing.T) {
	now := time.Date(2026, 12, 3, 18, 30, 0, 0, time.UTC)
	c := NewForTest(now)
	cases := []struct {
		at   time.Time
		want string
	}{
		{time.Date(2026, 12, 3, 9, 5, 0, 0, time.UTC), "09:05"},
		{time.Date(2026, 12, 2, 23, 59, 0, 0, time.UTC), "Dec 2 23:59"},
		{time.Date(2025, 12, 3, 9, 5, 0, 0, time.UTC), "Dec 3 09:05"},
	}
	for _, tc := range cases {
		if got := c.FormatTime(tc.at.UnixMilli()); got != tc.want {
			t.Errorf("FormatTime(%v) = %q, want %q", tc.at, got, tc.want)
		}
	}
	for _, ms := range []int64{0, -1} {
		if got := c.FormatTime(ms); got != "" {
			t.Errorf("FormatTime(%d) = %q, want empty", ms, got)
		}
	}
	c.Loc = time.FixedZone("east", 10*3600) // 18:30 UTC is 04:30 the next day there
	if got := c.FormatTime(time.Date(2026, 12, 3, 19, 0, 0, 0, time.UTC).UnixMilli()); got != "05:00" {
		t.Errorf("in UTC+10: %q, want 05:00", got)
	}
	if got := c.FormatTime(time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC).UnixMilli()); got != "Dec 3 19:00" {
		t.Errorf("in UTC+10, yesterday there: %q, want Dec 3 19:00", got)
	}
}
