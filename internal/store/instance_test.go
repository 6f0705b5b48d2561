package store

import (
	"testing"

	"github.com/hermes/iris/frame"
)

// TestNewInstanceIsRememberedAcrossAReopen: the first instance_id is only
// recorded; the same one after a reopen is no restart, another one is,
// and a hello.ack that does not offer the extension changes nothing.
func TestNewInstanceIsRememberedAcrossAReopen(t *testing.T) {
	dir, clk := t.TempDir(), newClock()
	on := frame.ServerCaps{InstanceID: frame.Ptr(true)}
	s := open(t, dir, clk)
	if restarted, _ := s.NewInstance(&frame.HelloAck{ServerCaps: on, InstanceID: "a"}); restarted {
		t.Fatal("the first instance id counted as a restart")
	}
	closeState(t, s)
	s = open(t, dir, clk)
	defer closeState(t, s)
	if restarted, _ := s.NewInstance(&frame.HelloAck{ServerCaps: on, InstanceID: "a"}); restarted {
		t.Fatal("the same instance after a reopen counted as a restart")
	}
	if restarted, _ := s.NewInstance(&frame.HelloAck{InstanceID: "b"}); restarted {
		t.Fatal("an instance id without the cap counted")
	}
	if restarted, _ := s.NewInstance(&frame.HelloAck{ServerCaps: on, InstanceID: "b"}); !restarted {
		t.Fatal("a new instance id is no restart")
	}
}
