package audit

import (
	"path/filepath"
	"testing"
	"time"
)

// TestFindAnswerMatchesGatewayLaneAndTime: the newest accepted answer to
// the picker id in that gateway's lane since the given time is found; one
// of another gateway, lane, result or an older time is not (picker ids
// repeat across gateways and restarts).
func TestFindAnswerMatchesGatewayLaneAndTime(t *testing.T) {
	l := New(filepath.Join(t.TempDir(), FileName))
	base := entry(0, "rm -rf build/", Accepted)
	base.PickerID, base.Policy, base.Rule, base.Device = "pa_1", "ci.toml", "cache", "ci (headless)"
	old := base
	old.Time = t0.Add(-2 * time.Hour)
	otherGW, otherLane, refused := base, base, base
	otherGW.Gateway, otherLane.Lane, refused.Result = "wss://other/ws", "android:chan_7", RejectedElsewhere
	refused.Time = t0.Add(time.Minute)
	for _, e := range []Entry{old, otherGW, otherLane, base, refused} {
		if err := l.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	got, ok, err := l.FindAnswer(base.Gateway, base.Lane, "pa_1", t0.Add(-time.Hour))
	if err != nil || !ok || got.Rule != "cache" || got.Result != Accepted || !got.Time.Equal(t0) {
		t.Fatalf("found %+v %v %v", got, ok, err)
	}
	if _, ok, _ := l.FindAnswer(base.Gateway, base.Lane, "pa_2", time.Time{}); ok {
		t.Fatal("found another picker's answer")
	}
	if _, ok, _ := l.FindAnswer(base.Gateway, base.Lane, "pa_1", t0.Add(30*time.Second)); ok {
		t.Fatal("found an answer older than since")
	}
}

// TestFindAnswerTakesOneSentAndNotConfirmed: iris answer against a gateway
// that never replies ends with the answer sent and not confirmed; when the
// turn then moves on, that answer names who answered.
func TestFindAnswerTakesOneSentAndNotConfirmed(t *testing.T) {
	l := New(filepath.Join(t.TempDir(), FileName))
	e := entry(0, "rm -rf build/", NotConfirmed)
	e.PickerID, e.Device = "pa_1", "ci (headless)"
	if err := l.Append(e); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := l.FindAnswer(e.Gateway, e.Lane, "pa_1", time.Time{}); err != nil || !ok || got.Device != "ci (headless)" {
		t.Fatalf("found %+v %v %v", got, ok, err)
	}
}
