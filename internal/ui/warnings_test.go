package ui

import "testing"

// Configuration warnings show in a banner while Iris runs.
func TestConfigWarningsShowAtStart(t *testing.T) {
	h := newHarness(t, 120, 30, func(o *Options) {
		o.Warnings = []string{"config file /c/iris/config.toml can be read by others (chmod 600 it)"}
	})
	h.run(h.m.Init())
	h.mustShow("config: config file /c/iris/config.toml can be read by others")
}
