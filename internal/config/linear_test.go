package config

import "testing"

// A profile's linear = true starts the screen-reader mode; profiles
// without it do not.
func TestProfileLinear(t *testing.T) {
	testEnv(t, "[profiles.default]\nlinear = true\n[profiles.other]\nurl = \"wss://h/ws\"\n")
	c, err := load(t, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !c.Linear || len(c.Warnings) != 0 {
		t.Fatalf("linear %v, warnings %v", c.Linear, c.Warnings)
	}
	if c, err = load(t, Options{Profile: "other"}); err != nil || c.Linear {
		t.Fatalf("profile other: linear %v, %v", c.Linear, err)
	}
}
