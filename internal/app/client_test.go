package app

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hermes/iris/internal/config"
	"github.com/hermes/iris/internal/ui/common"
)

func TestUISettingsFromConfig(t *testing.T) {
	got := uiSettings(config.Settings{RuntimeFooter: false, ToolVerbosity: "none", ShowReasoning: false, SendMode: "queue"})
	if got.RuntimeFooter || got.ShowReasoning || got.BusyInput != common.BusyQueue || got.Tools != common.ParseVerbosity("none") {
		t.Errorf("uiSettings(off/none/queue) = %+v", got)
	}
	got = uiSettings(config.DefaultSettings())
	if !got.RuntimeFooter || !got.ShowReasoning || got.BusyInput != common.BusySteer || got.Tools != common.ParseVerbosity("truncated") || !got.RepeatNotifications {
		t.Errorf("uiSettings(defaults) = %+v", got)
	}
	if got = uiSettings(config.Settings{SendMode: "gateway"}); got.BusyInput != common.BusyGateway {
		t.Errorf("uiSettings(gateway) = %+v", got)
	}
}

// TestNotificationRepeatsFromConfig: the config's gaps are used; an empty
// list turns repeats off by default and keeps the default gaps for /settings.
func TestNotificationRepeatsFromConfig(t *testing.T) {
	s := config.DefaultSettings()
	s.NotificationRepeats = []time.Duration{time.Minute}
	if got := notifyRepeats(s); !slices.Equal(got, s.NotificationRepeats) || !uiSettings(s).RepeatNotifications {
		t.Fatalf("%v", got)
	}
	s.NotificationRepeats = nil
	if got := notifyRepeats(s); !slices.Equal(got, config.DefaultNotificationRepeats) || uiSettings(s).RepeatNotifications {
		t.Fatalf("off: %v", got)
	}
}

func TestTokenRejectedAdviceNamesTheSource(t *testing.T) {
	for source, want := range map[string]string{
		"flag":                  "from --token;",
		"env IRIS_TOKEN":        "from env IRIS_TOKEN;",
		"token_file /x/h.token": "from token_file /x/h.token;",
		"":                      "--token, IRIS_TOKEN or the profile's token_file",
	} {
		if got := tokenRejectedAdvice(source); !strings.Contains(got, want) {
			t.Errorf("tokenRejectedAdvice(%q) = %q, want it to contain %q", source, got, want)
		}
	}
}
