package gatewaysim

import "testing"

// TestDeviceConnectionsCountsHellosAndSupersededOnes: a device that
// reconnects after its connection ended opened two connections and
// superseded none; a second connection while the first is live
// supersedes it.
func TestDeviceConnectionsCountsHellosAndSupersededOnes(t *testing.T) {
	s, url := newTestServer(t, nil)
	c, _ := connect(t, url, "dev_a")
	c.ws.Close()
	waitOffline(t, s, "dev_a")
	connect(t, url, "dev_a")
	if h, sup := s.DeviceConnections("dev_a"); h != 2 || sup != 0 {
		t.Fatalf("after a reconnect: %d hellos, %d superseded; want 2, 0", h, sup)
	}
	connect(t, url, "dev_a")
	if h, sup := s.DeviceConnections("dev_a"); h != 3 || sup != 1 {
		t.Fatalf("after a second live connection: %d hellos, %d superseded; want 3, 1", h, sup)
	}
	if h, sup := s.DeviceConnections("dev_unknown"); h != 0 || sup != 0 {
		t.Fatalf("an unknown device: %d, %d", h, sup)
	}
}
