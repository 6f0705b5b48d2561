package app

import (
	"runtime/debug"
	"strings"
)

// version is set at build time with -ldflags "-X github.com/hermes/iris/internal/app.version=..."; left at
// "dev", the module version from the build info is used instead.
var version = "dev"

// versionLine is what --version prints: "iris", the version, and the VCS
// revision, commit time and "modified" (uncommitted changes) that go build
// stamps into the binary, e.g. "iris v1.4.0 (a1b2c3d4e5f6, 2026-12-02T06:00:00Z)".
// A binary built without build info prints "iris dev".
func versionLine(ldflagsVersion string, info *debug.BuildInfo, ok bool) string {
	v := ldflagsVersion
	if !ok {
		return "iris " + v
	}
	if v == "dev" && info.Main.Version != "" && info.Main.Version != "(devel)" {
		v = info.Main.Version
	}
	var details []string
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		details = append(details, rev[:min(len(rev), 12)])
	}
	if t := settings["vcs.time"]; t != "" {
		details = append(details, t)
	}
	if settings["vcs.modified"] == "true" {
		details = append(details, "modified")
	}
	if info.GoVersion != "" {
		details = append(details, info.GoVersion)
	}
	if len(details) == 0 {
		return "iris " + v
	}
	return "iris " + v + " (" + strings.Join(details, ", ") + ")"
}

// buildVersion is versionLine for this binary.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	return versionLine(version, info, ok)
}
