package config

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Mode().Perm()
}

func TestWriteRoundTripAndModes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "iris")
	path := filepath.Join(dir, "config.toml")
	yes := true
	f := &File{
		DefaultProfile: "home",
		Theme:          ThemeDark,
		Settings:       SettingsFile{ShowReasoning: &yes, SendMode: SendQueue},
		Keys:           map[string][]string{"quit": {"ctrl+q", "ctrl+d"}},
		Profiles: map[string]Profile{"home": {
			URL: "ws://10.0.0.2:8080/ws", TokenFile: "home.token", Insecure: true, DeviceName: "desk",
		}},
	}
	if err := Write(path, f); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, path); m != 0o600 {
		t.Fatalf("config mode %04o, want 0600", m)
	}
	if m := mode(t, dir); m != 0o700 {
		t.Fatalf("dir mode %04o, want 0700", m)
	}
	got, warns, err := ReadFile(path)
	if err != nil || len(warns) != 0 {
		t.Fatalf("ReadFile: %v %q", err, warns)
	}
	if got.DefaultProfile != "home" || got.Theme != ThemeDark || *got.Settings.ShowReasoning != true ||
		got.Settings.SendMode != SendQueue || got.Settings.RuntimeFooter != nil ||
		got.Keys["quit"][1] != "ctrl+d" || !reflect.DeepEqual(got.Profiles, f.Profiles) {
		t.Fatalf("round trip: %+v", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left: %v", entries)
	}
}

func TestWriteReplacesLooseFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	writeFile(t, path, "theme = \"light\"\n", 0o644)
	if err := Write(path, &File{Theme: ThemeDark}); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, path); m != 0o600 {
		t.Fatalf("mode %04o after rewrite", m)
	}
	data, _ := os.ReadFile(path)
	if string(data) != "theme = \"dark\"\n" {
		t.Fatalf("content %q", data)
	}
}

func TestWriteToken(t *testing.T) {
	path := filepath.Join(t.TempDir(), "iris", "home.token")
	if err := WriteToken(path, "tok-123"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != "tok-123\n" || mode(t, path) != 0o600 {
		t.Fatalf("token file %q mode %04o", data, mode(t, path))
	}
	if tok, err := readTokenFile(path); err != nil || tok != "tok-123" {
		t.Fatalf("readTokenFile = %q, %v", tok, err)
	}
}

func TestWriteFailsOnBlockedDir(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "file")
	writeFile(t, blocker, "", 0o600)
	err := Write(filepath.Join(blocker, "config.toml"), &File{})
	if err == nil {
		t.Fatal("Write under a file succeeded")
	}
}
