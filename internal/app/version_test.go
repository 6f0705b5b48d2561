package app

import (
	"runtime/debug"
	"testing"
)

func TestVersionLineFromBuildInfo(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0"},
		{Key: "vcs.time", Value: "2026-12-02T06:00:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	for _, tc := range []struct {
		name, ldflags string
		info          *debug.BuildInfo
		ok            bool
		want          string
	}{
		{"no build info", "dev", nil, false, "iris dev"},
		{"go install of a tag", "dev", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.4.0"}}, true,
			"iris v1.4.0 (go1.26.8)"},
		{"a checkout", "dev", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: vcs}, true,
			"iris dev (a1b2c3d4e5f6, 2026-12-02T06:00:00Z, modified, go1.26.8)"},
		{"ldflags win", "1.5.0", &debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}, Settings: vcs[:2]}, true,
			"iris 1.5.0 (a1b2c3d4e5f6)"},
	} {
		if got := versionLine(tc.ldflags, tc.info, tc.ok); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
