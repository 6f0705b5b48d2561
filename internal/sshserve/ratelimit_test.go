package sshserve

import (
	"fmt"
	"testing"
	"time"
)

func TestFailuresForgetAddressesWhoseFailuresAgedOut(t *testing.T) {
	now := time.Unix(0, 0)
	f := newFailures(2, time.Minute, func() time.Time { return now })
	for i := range maxTracked {
		f.add(fmt.Sprintf("10.0.%d.%d", i/256, i%256))
	}
	f.add("192.0.2.1")
	now = now.Add(2 * time.Minute)
	f.add("192.0.2.2")
	if len(f.by) != 1 {
		t.Fatalf("%d addresses kept, want only the one failing now", len(f.by))
	}
	if n := f.add("192.0.2.2"); n != 2 {
		t.Errorf("%d failures counted, want 2", n)
	}
	if n := f.add("192.0.2.1"); n != 1 {
		t.Errorf("%d failures counted after the first aged out, want 1", n)
	}
	for range 100 {
		f.add("192.0.2.2")
	}
	if n := len(f.by["192.0.2.2"]); n != 4 {
		t.Errorf("%d failures kept past a limit of 2, want 4", n)
	}
}
