package main

import (
	"testing"

	"github.com/hermes/iris/config"
	"github.com/hermes/iris/ui/common"
)

func TestUISettingsFromConfig(t *testing.T) {
	got := uiSettings(config.Settings{RuntimeFooter: false, ToolVerbosity: "none", ShowReasoning: false, SendMode: "queue"})
	if got.RuntimeFooter || got.ShowReasoning || got.Steer || got.Tools != common.ParseVerbosity("none") {
		t.Errorf("uiSettings(off/none/queue) = %+v", got)
	}
	got = uiSettings(config.DefaultSettings())
	if !got.RuntimeFooter || !got.ShowReasoning || !got.Steer || got.Tools != common.ParseVerbosity("truncated") {
		t.Errorf("uiSettings(defaults) = %+v", got)
	}
}
