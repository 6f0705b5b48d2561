package devicelink_test

import (
	"slices"
	"testing"

	"github.com/hermes/iris/gatewaysim"
	"github.com/hermes/iris/internal/simtest"
)

// TestHolderExitHandsOverWithNothingLost: three processes share the
// device; the holder ends while notifications keep coming. One of the
// others takes the connection over, the third attaches to it, and both
// deliver every notification exactly once, in order, those that came
// before, during and after the handover; the gateway never had two
// connections of the device at once.
func TestHolderExitHandsOverWithNothingLost(t *testing.T) {
	sim, url := simtest.StartSim(t, gatewaysim.Config{})
	dir := t.TempDir()
	a := start(t, options(dir, url))
	b := start(t, options(dir, url))
	c := start(t, options(dir, url))
	waitFor(t, "every process synced", func() bool { return a.synced() && b.synced() && c.synced() })
	const total = 300
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		for _, n := range bodies(0, total) {
			sim.Broadcast(note(n))
		}
	}()
	waitFor(t, "the first notes at the holder", func() bool { return len(a.notes()) >= 20 })
	a.stop(t)
	<-sent
	waitFor(t, "a new holder", func() bool { return b.link.Holding() || c.link.Holding() })
	if b.link.Holding() && c.link.Holding() {
		t.Fatal("both remaining processes hold the device")
	}
	// The gateway sends live frames from hello on, before the sync's
	// replay of what it parked meanwhile: the next ones go once that came.
	waitFor(t, "what was parked during the handover", func() bool { return len(b.notes()) >= total && len(c.notes()) >= total })
	for _, n := range bodies(total, total+50) {
		sim.Broadcast(note(n))
	}
	want := bodies(0, total+50)
	waitFor(t, "every note at both remaining", func() bool { return len(b.notes()) >= total+50 && len(c.notes()) >= total+50 })
	for name, p := range map[string]*proc{"b": b, "c": c} {
		if got := p.notes(); !slices.Equal(got, want) {
			t.Fatalf("%s delivered %d notes, not each once in order: %v", name, len(got), got)
		}
	}
	if got := a.notes(); !slices.Equal(got, want[:len(got)]) {
		t.Fatalf("the first holder delivered %v", got)
	}
	oneConnection(t, sim, 2)
}
