package dialog

import (
	"fmt"
	"time"

	"github.com/hermes/iris/store"
)

// TimeLeft is how long pk still waits ("4:59 left", "59:59 left", "1h05m
// left"), or "" when it never expires.
func TimeLeft(pk store.Picker, now time.Time) string {
	if pk.Deadline.IsZero() {
		return ""
	}
	d := max(pk.Deadline.Sub(now), 0).Round(time.Second)
	if d >= time.Hour {
		return fmt.Sprintf("%dh%02dm left", int(d.Hours()), int(d.Minutes())%60)
	}
	return fmt.Sprintf("%d:%02d left", int(d.Minutes()), int(d.Seconds())%60)
}
