package headless_test

import (
	"testing"

	"github.com/hermes/iris/internal/headless"
)

func TestParseTakesFlagsAnywhere(t *testing.T) {
	for _, args := range [][]string{
		{"hello", "--wait", "--channel", "Ops"},
		{"--wait", "hello", "--channel", "Ops"},
		{"--channel", "Ops", "--wait", "--", "hello"},
	} {
		c, err := headless.Parse("send", args)
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		if c.Help {
			t.Fatalf("%q asked for help", args)
		}
	}
	if _, err := headless.Parse("send", []string{"--", "--wait"}); err != nil {
		t.Fatalf("a message after -- must be taken as text: %v", err)
	}
	if _, err := headless.Parse("send", []string{"-"}); err != nil {
		t.Fatalf("- must be the stdin argument: %v", err)
	}
	if _, err := headless.Parse("send", []string{"a", "--wait", "b"}); err == nil {
		t.Fatal("two texts must be refused")
	}
}
