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
	f.add("192.0.2.2")
	if !f.blocked("192.0.2.2") || f.blocked("192.0.2.1") {
		t.Error("the limit is not per address")
	}
}
